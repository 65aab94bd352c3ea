import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { formatEuro, formatM3, formatPercent, toBig } from '../../../platform/money';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { AbrechnungHauptzaehler, AbrechnungZeile, Wasserabrechnung } from '../schema/abrechnung';
import { getWasserabrechnung } from './index';

// GetVerbrauchDetailsPDF: one page per plot of a stored settlement, so a member can check every m³
// and every cent: his meters with start and end reading, his volume, his main meter's loss and his
// share of it, the price and the amounts down to the Nachzahlung or Guthaben.

const css = `
.kopf { display: flex; justify-content: space-between; font-size: 9.5pt; margin-bottom: 6mm; }
.verein { font-weight: bold; }
.seite { break-after: page; }
.seite:last-child { break-after: auto; }
dl { display: grid; grid-template-columns: 38mm 1fr; gap: 1mm 4mm; margin: 0 0 4mm; }
dt { font-weight: bold; }
dd { margin: 0; }
table { margin-bottom: 4mm; }
td.zahl, th.zahl { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.summe td { border-top: 0.4pt solid #000; font-weight: bold; }
p.hinweis { font-size: 9pt; color: #333; }
`;

const m3 = (v: string) => formatM3(v);
const euro = (cents: number) => formatEuro(cents);

/** €/m³ with at least two decimals and at most the four the basis data allows: "€ 2,00", "€ 1,8750". */
export function formatPreis(preis: string): string {
  const [whole = '0', frac = ''] = toBig(preis).toFixed(4).split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(2, '0');
  return `€\u00a0${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${trimmed}`;
}

const METHODE: Record<Wasserabrechnung['schwundMethode'], string> = {
  keine: 'Der Schwund wird vom Verein getragen und nicht verrechnet.',
  proportional:
    'Der Schwund wird im Verhältnis zum Verbrauch aufgeteilt: jede Parzelle zahlt ihren Anteil am Verbrauch des Hauptwasserzählers.',
  gleichverteilt: 'Der Schwund wird zu gleichen Teilen auf die Parzellen des Hauptwasserzählers aufgeteilt.',
};

function Zaehler({ zeile }: { zeile: AbrechnungZeile }) {
  return (
    <table>
      <thead>
        <tr>
          <th>Zähler</th>
          <th>Anfang</th>
          <th className="zahl">Stand</th>
          <th>Ende</th>
          <th className="zahl">Stand</th>
          <th className="zahl">Verbrauch</th>
        </tr>
      </thead>
      <tbody>
        {zeile.zaehler.map((s) => (
          <tr key={`${s.zaehlernummer}-${s.anfang.datum}`}>
            <td>{s.zaehlernummer}</td>
            <td>{formatGermanDate(s.anfang.datum)}</td>
            <td className="zahl">{m3(s.anfang.stand)}</td>
            <td>{formatGermanDate(s.ende.datum)}</td>
            <td className="zahl">{m3(s.ende.stand)}</td>
            <td className="zahl">{m3(s.verbrauch)}</td>
          </tr>
        ))}
        <tr className="summe">
          <td colSpan={5}>Ihr Verbrauch</td>
          <td className="zahl">{m3(zeile.verbrauch)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Schwund({
  hwz,
  zeile,
  methode,
}: {
  hwz: AbrechnungHauptzaehler | undefined;
  zeile: AbrechnungZeile;
  methode: Wasserabrechnung['schwundMethode'];
}) {
  if (!hwz) {
    return (
      <p className="hinweis">Diese Parzelle hängt an keinem Hauptwasserzähler: es wird kein Schwund verrechnet.</p>
    );
  }
  return (
    <>
      <h2>Hauptwasserzähler {hwz.nummer}</h2>
      <table>
        <tbody>
          <tr>
            <td>Verbrauch laut Hauptwasserzähler</td>
            <td className="zahl">{m3(hwz.verbrauch)}</td>
          </tr>
          <tr>
            <td>Summe der Parzellenzähler</td>
            <td className="zahl">{m3(hwz.summeParzellen)}</td>
          </tr>
          <tr>
            <td>Schwund (Leitungsverlust)</td>
            <td className="zahl">
              {m3(hwz.schwund)} ({formatPercent(hwz.schwundProzent)})
            </td>
          </tr>
          <tr className="summe">
            <td>Ihr Anteil am Schwund</td>
            <td className="zahl">{m3(zeile.schwund)}</td>
          </tr>
        </tbody>
      </table>
      <p className="hinweis">{METHODE[methode]}</p>
    </>
  );
}

function Betraege({ zeile }: { zeile: AbrechnungZeile }) {
  const differenz = zeile.differenzCent;
  return (
    <table>
      <tbody>
        <tr>
          <td>
            Verbrauch {m3(zeile.verbrauch)} × {formatPreis(zeile.preisProM3)}/m³
          </td>
          <td className="zahl">{euro(zeile.verbrauchCent)}</td>
        </tr>
        <tr>
          <td>Schwund {m3(zeile.schwund)}</td>
          <td className="zahl">{euro(zeile.schwundCent)}</td>
        </tr>
        <tr>
          <td>Grundgebühr</td>
          <td className="zahl">{euro(zeile.grundgebuehrCent)}</td>
        </tr>
        {zeile.korrekturCent !== 0 ? (
          <tr>
            <td>Korrektur: {zeile.korrekturGrund}</td>
            <td className="zahl">{euro(zeile.korrekturCent)}</td>
          </tr>
        ) : null}
        <tr className="summe">
          <td>Betrag</td>
          <td className="zahl">{euro(zeile.betragCent)}</td>
        </tr>
        <tr>
          <td>abzüglich Akonto</td>
          <td className="zahl">{euro(-zeile.akontoCent)}</td>
        </tr>
        <tr className="summe">
          <td>{differenz > 0 ? 'Nachzahlung' : differenz < 0 ? 'Guthaben' : 'Ausgeglichen'}</td>
          <td className="zahl">{euro(Math.abs(differenz))}</td>
        </tr>
      </tbody>
    </table>
  );
}

function Seite({
  verein,
  abrechnung,
  zeile,
}: {
  verein: string;
  abrechnung: Wasserabrechnung;
  zeile: AbrechnungZeile;
}) {
  const hwz = abrechnung.hauptwasserzaehler.find((h) => h.id !== null && h.id === zeile.hauptwasserzaehlerId);
  return (
    <section className="seite">
      <div className="kopf">
        <span className="verein">{verein}</span>
        <span>Stichtag {formatGermanDate(abrechnung.stichtag)}</span>
      </div>
      <h1>Wasserabrechnung – Parzelle {zeile.parzelleNummer}</h1>
      <dl>
        <dt>Parzelle</dt>
        <dd>{zeile.parzelleNummer}</dd>
        <dt>Pächter</dt>
        <dd>{zeile.adresseName || '–'}</dd>
        <dt>Zeitraum</dt>
        <dd>
          {formatGermanDate(abrechnung.von)} bis {formatGermanDate(abrechnung.stichtag)}
        </dd>
        <dt>Preis</dt>
        <dd>{formatPreis(zeile.preisProM3)} je m³</dd>
      </dl>
      <h2>Ihre Zähler</h2>
      <Zaehler zeile={zeile} />
      <Schwund hwz={hwz} zeile={zeile} methode={abrechnung.schwundMethode} />
      <h2>Beträge</h2>
      <Betraege zeile={zeile} />
    </section>
  );
}

export function VerbrauchDetails(props: { verein: string; abrechnung: Wasserabrechnung; zeilen: AbrechnungZeile[] }) {
  return (
    <div>
      {props.zeilen.map((zeile) => (
        <Seite key={zeile.parzelleId} verein={props.verein} abrechnung={props.abrechnung} zeile={zeile} />
      ))}
    </div>
  );
}

/** The PDF of the stored settlement at `stichtag` (only `parzelleId`'s page when given); 404 when there is none. */
export async function verbrauchDetailsPdf(
  services: AppServices,
  db: Db,
  query: { stichtag: string; parzelleId?: number | undefined },
): Promise<FileResult> {
  const abrechnung = await getWasserabrechnung(db, query.stichtag);
  if (!abrechnung) throw notFound(`Zum ${formatGermanDate(query.stichtag)} gibt es keine Wasserabrechnung.`);
  const zeilen =
    query.parzelleId === undefined
      ? abrechnung.zeilen
      : abrechnung.zeilen.filter((z) => z.parzelleId === query.parzelleId);
  if (zeilen.length === 0) throw notFound('Diese Parzelle ist in der Wasserabrechnung nicht enthalten.');
  const pdf = await services.pdf.renderElement(
    <VerbrauchDetails verein={await vereinsName(services)} abrechnung={abrechnung} zeilen={zeilen} />,
    { title: `Wasserabrechnung ${formatGermanDate(query.stichtag)}`, css },
  );
  const suffix = query.parzelleId === undefined ? '' : `-Parzelle-${zeilen[0]!.parzelleNummer}`;
  return pdfFile(pdf, `Verbrauchsdetails-${query.stichtag}${suffix}.pdf`);
}
