import type { ReactElement, ReactNode } from 'react';
import { formatGermanDate, todayIso } from '../../../../platform/dates';
import type { Db } from '../../../../platform/db/db';
import { type FileResult, pdfFile } from '../../../../platform/files/fileResult';
import { type Cents, formatEuro } from '../../../../platform/money';
import { listeCss } from '../../../../platform/report';
import type { AppServices } from '../../../../platform/services';
import { vereinsName } from '../../../common/services';
import type { BerichtPeriode } from '../../schema/berichte';
import type { KassaabrechnungRow } from '../../tables';
import { istGeschlossen } from '../periode';
import { periodeOderStandardPflicht } from '../standardPeriode';

// What the five Kassa reports share: the printed head (club, title, period, date), the CSS, the PDF
// call with "Seite x von y" on every page (the auditors see that nothing is missing, also on a
// one-page report), the period a report is about and the amount format.

export const berichtCss = `${listeCss}
.kopf .zeitraum { font-weight: normal; }
h2 { margin-top: 6mm; }
td.money, th.money { text-align: right; white-space: nowrap; }
tr.summe td { border-top: 0.6pt solid #000; font-weight: bold; }
tr.zwischensumme td { font-weight: bold; border-bottom: 0.6pt solid #000; }
.pruefung { margin-top: 6mm; padding: 2mm 3mm; border: 0.6pt solid #000; }
.pruefung.fehler { border-width: 1.2pt; }
.klein { font-size: 8.5pt; color: #333; }
.hash { font-family: "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 7.5pt; word-break: break-all; }
`;

/** Cents as the reports print them: "€ 1.234,56" (de-AT, platform/money). */
export const euro = (cents: Cents): string => formatEuro(cents);

/** "01.01.2026 – 31.12.2026" */
export const zeitraum = (von: string, bis: string): string => `${formatGermanDate(von)} – ${formatGermanDate(bis)}`;

export function BerichtKopf(props: {
  vereinsName: string;
  titel: string;
  /** e.g. "Kassa 2026 · 01.01.2026 – 31.12.2026" */
  untertitel: string;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="kopf">
        <span className="verein">{props.vereinsName}</span>
        <span>Stand: {formatGermanDate(todayIso())}</span>
      </div>
      <h1>{props.titel}</h1>
      <p className="zeitraum">{props.untertitel}</p>
      {props.children}
    </>
  );
}

type Summen = { einnahmenCent: Cents; ausgabenCent: Cents; summeCent: Cents };

/**
 * The table "Nr. | <what> | Einnahmen | Ausgaben | Saldo" with a "Summe" row: the Kassabericht's
 * booking accounts and the Kostenaufstellung's cost centres print their rows alike.
 */
export function SummenTabelle(props: {
  was: string;
  zeilen: readonly (Summen & { key: string | number; nummer: string; name: string })[];
  summe: Summen;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th>Nr.</th>
          <th>{props.was}</th>
          <th className="money">Einnahmen</th>
          <th className="money">Ausgaben</th>
          <th className="money">Saldo</th>
        </tr>
      </thead>
      <tbody>
        {props.zeilen.map((z) => (
          <tr key={z.key}>
            <td>{z.nummer}</td>
            <td>{z.name}</td>
            <td className="money">{euro(z.einnahmenCent)}</td>
            <td className="money">{euro(z.ausgabenCent)}</td>
            <td className="money">{euro(z.summeCent)}</td>
          </tr>
        ))}
        <tr className="summe">
          <td />
          <td>Summe</td>
          <td className="money">{euro(props.summe.einnahmenCent)}</td>
          <td className="money">{euro(props.summe.ausgabenCent)}</td>
          <td className="money">{euro(props.summe.summeCent)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** A report's body printed on A4 (landscape when asked), "Seite x von y" at the foot of every page. */
export async function berichtPdf(
  services: AppServices,
  args: { titel: string; fileName: string; querformat?: boolean; body: (vereinsName: string) => ReactElement },
): Promise<FileResult> {
  const body = args.body(await vereinsName(services));
  const pdf = await services.pdf.renderElement(body, {
    title: args.titel,
    css: berichtCss,
    landscape: args.querformat ?? false,
    pageNumbers: true,
  });
  return pdfFile(pdf, `${args.fileName}.pdf`);
}

export function berichtPeriode(row: KassaabrechnungRow): BerichtPeriode {
  return {
    id: Number(row.id),
    jahr: Number(row.jahr),
    bezeichnung: row.bezeichnung,
    von: row.von,
    bis: row.bis,
    geschlossen: istGeschlossen(row),
    geschlossenAm: row.geschlossen_am ?? null,
    kettenKopf: row.ketten_kopf ?? null,
  };
}

/**
 * The period a report is about: the one asked (404 unknown), else the screens' default (the one
 * containing today, else the newest; S1's standardPeriode.ts); 404 when there is none.
 */
export const berichtsPeriode = (db: Db, id?: number): Promise<KassaabrechnungRow> => periodeOderStandardPflicht(db, id);

/** A file name part from a text: letters, digits, dash. */
export const dateiTeil = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'Bericht';
