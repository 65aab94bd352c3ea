import {
  AnschriftFenster,
  anredeZeile,
  type BriefAnschrift,
  BriefDatum,
  type BriefVerein,
  VereinsKopf,
} from '../../../platform/brief/briefBausteine';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { formatEuro } from '../../../platform/money';
import type { AppServices } from '../../../platform/services';
import { briefVerein } from '../../vereinseinstellungen/services';
import type { Kontoauszug } from '../schema/kontoauszug';
import { briefAnschrift, rechnungBriefCss } from './rechnungBrief';

// The account statement as a letter to the member: the club's head, the window, the period, the
// running account with Soll/Haben/Saldo and the balance in words.

const euro = (cent: number) => formatEuro(cent, { nbsp: false });
const betrag = (cent: number) => (cent ? euro(cent) : '');

const css = `${rechnungBriefCss}
table.konto { width: 100%; border-collapse: collapse; font-size: 9pt; margin-top: 3mm; }
table.konto th { text-align: left; border-bottom: 0.6pt solid #000; padding: 1mm; }
table.konto td { border-bottom: 0.3pt solid #bbb; padding: 0.8mm 1mm; vertical-align: top; }
table.konto .n { text-align: right; white-space: nowrap; }
table.konto tfoot td { border-top: 0.6pt solid #000; border-bottom: none; font-weight: bold; }
`;

function saldoSatz(k: Kontoauszug): string {
  if (k.endSaldoCent > 0)
    return `Zum ${formatGermanDate(k.bis)} sind ${euro(k.endSaldoCent)} offen. Bitte überweisen Sie den Betrag mit der Zahlungsreferenz der jeweiligen Rechnung.`;
  if (k.endSaldoCent < 0)
    return `Zum ${formatGermanDate(k.bis)} haben Sie ein Guthaben von ${euro(-k.endSaldoCent)}; es wird mit der nächsten Vorschreibung verrechnet.`;
  return `Zum ${formatGermanDate(k.bis)} ist Ihr Konto ausgeglichen. Vielen Dank!`;
}

function KontoauszugBrief({
  verein,
  k,
  anschrift,
}: {
  verein: BriefVerein;
  k: Kontoauszug;
  anschrift: BriefAnschrift;
}) {
  return (
    <div className="brief">
      <VereinsKopf verein={verein} />
      <AnschriftFenster verein={verein} anschrift={anschrift} name={k.adresse.name} />
      <dl className="meta">
        <BriefDatum verein={verein} datum={k.bis} />
        <dt>Zeitraum</dt>
        <dd>
          {k.von ? formatGermanDate(k.von) : 'Beginn'} – {formatGermanDate(k.bis)}
        </dd>
      </dl>
      <h1>Kontoauszug</h1>
      <div className="texte">
        <p>{anredeZeile(anschrift)}</p>
        <p>
          nachstehend finden Sie alle Vorschreibungen, Mahngebühren, Zahlungen und Gutschriften Ihres Mitgliedskontos im
          angegebenen Zeitraum.
        </p>
      </div>
      <table className="konto">
        <thead>
          <tr>
            <th>Datum</th>
            <th>Text</th>
            <th className="n">Soll</th>
            <th className="n">Haben</th>
            <th className="n">Saldo</th>
          </tr>
        </thead>
        <tbody>
          {k.von ? (
            <tr>
              <td>{formatGermanDate(k.von)}</td>
              <td>Anfangssaldo</td>
              <td />
              <td />
              <td className="n">{euro(k.anfangsSaldoCent)}</td>
            </tr>
          ) : null}
          {k.zeilen.map((z, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; the order is fixed
            <tr key={i}>
              <td>{formatGermanDate(z.datum)}</td>
              <td>{z.text}</td>
              <td className="n">{betrag(z.sollCent)}</td>
              <td className="n">{betrag(z.habenCent)}</td>
              <td className="n">{euro(z.saldoCent)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>Summe</td>
            <td className="n">{euro(k.summen.sollCent)}</td>
            <td className="n">{euro(k.summen.habenCent)}</td>
            <td className="n">{euro(k.endSaldoCent)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="faellig">{saldoSatz(k)}</p>
      <div className="texte">
        <p>
          Sollte Ihnen eine Buchung nicht richtig erscheinen, melden Sie sich bitte beim Kassier.{'\n\n'}Mit
          freundlichen Grüßen{'\n'}der Vorstand
        </p>
      </div>
    </div>
  );
}

/** The statement as a PDF letter to the member. */
export async function kontoauszugPdf(services: AppServices, db: Db, k: Kontoauszug): Promise<Buffer> {
  const verein = await briefVerein(services, db);
  const anschrift = await briefAnschrift(db, k.adresse.id);
  return services.pdf.renderElement(<KontoauszugBrief verein={verein} k={k} anschrift={anschrift} />, {
    title: `Kontoauszug ${k.adresse.name}`,
    css,
  });
}
