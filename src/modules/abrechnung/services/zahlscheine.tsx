import { formatGermanDate, todayIso } from '../../../platform/dates';
import { validationFailed } from '../../../platform/errors';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { htmlDocument } from '../../../platform/pdf';
import type { AppServices } from '../../../platform/services';
import { offeneRechnungen } from '../../rechnungspruefung/services';
import { briefKontext, zahlscheinQr } from './briefe';
import { type BriefVerein, type BriefZahlschein, briefCss, VereinsKopf, Zahlschein } from './briefVorlage';

// Payment slips for the receivables still open (GET Abrechnung/Zahlscheine): for a member who lost
// the letter, or for the counter at the club's office hours. Three slips to an A4 page.

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

/** One slip with EPC QR per open receivable dated up to `datum` (of one address, or all). */
export async function zahlscheinePdf(
  services: AppServices,
  { datum = todayIso(), adresseId }: { datum?: string; adresseId?: number },
): Promise<FileResult> {
  const offen = await offeneRechnungen(services.db, { datum, adresseId });
  if (offen.length === 0) {
    throw validationFailed(
      { adress: [`Es gibt keine offenen Forderungen mit Datum bis ${formatGermanDate(datum)}.`] },
      'Es gibt keine Zahlscheine zu drucken.',
    );
  }
  const { verein } = await briefKontext(services, { titel: 'Zahlscheine', datum });
  const scheine: Schein[] = await Promise.all(
    offen.map(async (r) => ({
      nummer: r.nummer,
      zahlungsreferenz: r.zahlungsreferenz,
      betragCent: r.betragCent,
      qr: await zahlscheinQr(verein, r.betragCent, r.zahlungsreferenz),
      adresseName: r.adresseName,
      faelligAm: r.faelligAm,
    })),
  );
  const html = htmlDocument(<ZahlscheinSeite verein={verein} scheine={scheine} />, { title: 'Zahlscheine', css });
  return pdfFile(await services.pdf.render(html), `Zahlscheine_${datum}.pdf`);
}
