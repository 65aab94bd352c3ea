import {
  type BriefVerein,
  type BriefZahlschein,
  briefCss,
  VereinsKopf,
  Zahlschein,
  zahlscheinQr,
} from '../../../platform/brief/briefBausteine';
import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { htmlDocument } from '../../../platform/pdf';
import type { AppServices } from '../../../platform/services';
import { briefVerein } from '../../vereinseinstellungen/services';
import { offeneRechnungen } from './offeneRechnungen';

// Payment slips for the receivables still open (GET Rechnungspruefung/Zahlscheine, and abrechnung's
// Abrechnung/Zahlscheine, which calls this): for a member who lost the letter, or for the counter at
// the club's office hours. Each slip asks for the OPEN amount (amount − payments). Three to an A4 page.

type Schein = BriefZahlschein & { adresseName: string; faelligAm: string };

const css = `${briefCss}
.schein { break-inside: avoid; height: 76mm; }
.schein .fuer { font-size: 9.5pt; margin-top: 2mm; }
`;

function ZahlscheinSeite({ verein, scheine }: { verein: BriefVerein; scheine: Schein[] }) {
  return (
    <div>
      <VereinsKopf verein={verein} />
      {scheine.map((s) => (
        <div className="schein" key={s.nummer}>
          <Zahlschein verein={verein} schein={s} />
          <div className="fuer">
            für {s.adresseName} · Rechnung {s.nummer} · fällig am {formatGermanDate(s.faelligAm)}
          </div>
        </div>
      ))}
    </div>
  );
}

/** One slip with EPC QR per open receivable dated up to `datum` (of one address, or all, or of `ids`). */
export async function zahlscheinePdf(
  services: AppServices,
  {
    datum = todayIso(),
    adresseId,
    ids,
    db = services.db,
  }: { datum?: string; adresseId?: number; ids?: readonly number[]; db?: Db },
): Promise<FileResult> {
  const offen = await offeneRechnungen(db, { datum, adresseId, ids });
  if (offen.length === 0) {
    throw validationFailed(
      { adress: [`Es gibt keine offenen Forderungen mit Datum bis ${formatGermanDate(datum)}.`] },
      'Es gibt keine Zahlscheine zu drucken.',
    );
  }
  const verein = await briefVerein(services, db);
  const scheine: Schein[] = await Promise.all(
    offen.map(async (r) => ({
      nummer: r.nummer,
      zahlungsreferenz: r.zahlungsreferenz,
      betragCent: r.offenCent,
      qr: await zahlscheinQr(verein, r.offenCent, r.zahlungsreferenz),
      adresseName: r.adresseName,
      faelligAm: r.faelligAm,
    })),
  );
  const html = htmlDocument(<ZahlscheinSeite verein={verein} scheine={scheine} />, { title: 'Zahlscheine', css });
  return pdfFile(await services.pdf.render(html), `Zahlscheine_${datum}.pdf`);
}
