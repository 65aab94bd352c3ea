import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { formatEuro } from '../../../platform/money';
import type { AppServices } from '../../../platform/services';
import { displayName, getAdresse } from '../../stammdaten/services';
import { readSection } from '../../vereinseinstellungen/services';
import type { Eintrag } from '../schema/kassabuch';
import { EINTRAG_NICHT_GEFUNDEN } from './kassabuch';
import { ladeEintrag } from './kassabuchLesen';

// Belegdruck: the Eigenbeleg (self-made receipt) for an entry without a receipt of its own — what
// the Rechnungsprüfer accept when a payment had no invoice: club, Belegnummer, date, amount, text,
// booking account, cost centre, plot/address, tax, and the signatures of Kassier and Obmann/Obfrau.

const css = `
.kopf { display: flex; justify-content: space-between; border-bottom: 0.6pt solid #000; padding-bottom: 2mm; margin-bottom: 6mm; }
.kopf .verein { font-weight: bold; font-size: 12pt; }
h1 { font-size: 16pt; margin: 0 0 6mm 0; }
table.beleg { width: 100%; border-collapse: collapse; margin-bottom: 8mm; }
table.beleg th { text-align: left; width: 45mm; padding: 2mm; vertical-align: top; font-weight: normal; color: #333; }
table.beleg td { padding: 2mm; border-bottom: 0.3pt solid #999; }
.betrag { font-size: 14pt; font-weight: bold; }
.unterschriften { display: flex; gap: 15mm; margin-top: 25mm; }
.unterschriften div { flex: 1; border-top: 0.6pt solid #000; padding-top: 1mm; font-size: 9pt; }
.hinweis { font-size: 9pt; color: #333; margin-top: 10mm; }
`;

export type BelegdruckProps = {
  verein: { name: string; zeilen: string[] };
  eintrag: Eintrag;
  adresse: string | null;
  erstelltAm: string;
};

const betragText = (cent: number) => formatEuro(cent, { nbsp: false });

export function Eigenbeleg({ verein, eintrag: e, adresse, erstelltAm }: BelegdruckProps) {
  const art = e.betragCent < 0 ? 'Ausgabe' : 'Einnahme';
  return (
    <div>
      <div className="kopf">
        <div>
          <div className="verein">{verein.name}</div>
          {verein.zeilen.map((z) => (
            <div key={z}>{z}</div>
          ))}
        </div>
        <div>Belegnummer {e.belegnummer}</div>
      </div>
      <h1>Eigenbeleg</h1>
      <table className="beleg">
        <tbody>
          <tr>
            <th>Belegnummer</th>
            <td>{e.belegnummer}</td>
          </tr>
          <tr>
            <th>Datum</th>
            <td>{formatGermanDate(e.datum)}</td>
          </tr>
          <tr>
            <th>{art}</th>
            <td className="betrag">{betragText(Math.abs(e.betragCent))}</td>
          </tr>
          <tr>
            <th>Text</th>
            <td>{e.text}</td>
          </tr>
          {e.kommentar ? (
            <tr>
              <th>Kommentar</th>
              <td>{e.kommentar}</td>
            </tr>
          ) : null}
          {e.rechnungsdatum ? (
            <tr>
              <th>Rechnungsdatum</th>
              <td>{formatGermanDate(e.rechnungsdatum)}</td>
            </tr>
          ) : null}
          <tr>
            <th>Konto</th>
            <td>{e.kontoName}</td>
          </tr>
          <tr>
            <th>Buchungskonto</th>
            <td>
              {e.buchungskontoNummer} {e.buchungskontoName}
            </td>
          </tr>
          <tr>
            <th>Kostenstelle</th>
            <td>{e.kostenstelleName ?? '–'}</td>
          </tr>
          {e.parzelleNummer ? (
            <tr>
              <th>Parzelle</th>
              <td>{e.parzelleNummer}</td>
            </tr>
          ) : null}
          {adresse ? (
            <tr>
              <th>Adresse</th>
              <td>{adresse}</td>
            </tr>
          ) : null}
          <tr>
            <th>Steuer</th>
            <td>
              {e.steuersatz} % – Steuer {betragText(Math.abs(e.steuerCent))}, netto {betragText(Math.abs(e.nettoCent))}
            </td>
          </tr>
          {e.stornoVonId ? (
            <tr>
              <th>Storno</th>
              <td>Stornobuchung zu einem früheren Beleg</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p className="hinweis">
        Für diese {art} liegt kein fremder Beleg vor. Erstellt am {formatGermanDate(erstelltAm)}.
      </p>
      <div className="unterschriften">
        <div>Datum, Unterschrift Kassier</div>
        <div>Datum, Unterschrift Obmann/Obfrau</div>
      </div>
    </div>
  );
}

/** GET Kassa/Belegdruck?kassabuchID= → the Eigenbeleg as PDF. */
export async function belegdruckPdf(services: AppServices, db: Db, kassabuchId: number): Promise<FileResult> {
  const eintrag = await ladeEintrag(db, kassabuchId);
  if (!eintrag) throw notFound(EINTRAG_NICHT_GEFUNDEN);
  const a = await readSection(db, 'adresse');
  const zeilen = [a.zusatz, a.strasse, [a.plz, a.ort].filter(Boolean).join(' '), a.zvrZahl ? `ZVR ${a.zvrZahl}` : '']
    .map((s) => (s ?? '').trim())
    .filter(Boolean);
  let adresse: string | null = null;
  if (eintrag.adresseId != null) {
    const ad = await getAdresse(db, eintrag.adresseId).catch(() => null);
    if (ad) {
      adresse = [displayName(ad), ad.strasse, [ad.plz, ad.ort].filter(Boolean).join(' ')]
        .map((s) => (s ?? '').trim())
        .filter(Boolean)
        .join(', ');
    }
  }
  const pdf = await services.pdf.renderElement(
    <Eigenbeleg
      verein={{ name: a.name?.trim() || 'Kleingartenverein', zeilen }}
      eintrag={eintrag}
      adresse={adresse}
      erstelltAm={todayIso()}
    />,
    { title: `Eigenbeleg ${eintrag.belegnummer}`, css },
  );
  return pdfFile(pdf, `Eigenbeleg-${eintrag.belegnummer}.pdf`);
}
