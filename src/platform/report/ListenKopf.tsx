import { formatGermanDate } from '../dates';

// The head and table style of the printed lists with sums (Kassabuch, Rechnungsübersicht): club name
// and date, title, the filter the list was printed with, a dense table whose tfoot carries the sums.

/** The CSS of such a list; its table has the class `liste`. */
export const listenCss = `
.kopf { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 0.6pt solid #000; margin-bottom: 3mm; }
.kopf .verein { font-weight: bold; }
.filter { font-size: 9pt; margin: 0 0 3mm 0; }
table.liste { width: 100%; border-collapse: collapse; font-size: 8.5pt; }
table.liste th { text-align: left; border-bottom: 0.6pt solid #000; padding: 1mm; }
table.liste td { border-bottom: 0.3pt solid #999; padding: 0.8mm 1mm; vertical-align: top; }
table.liste .n { text-align: right; white-space: nowrap; }
table.liste tfoot td { border-top: 0.6pt solid #000; border-bottom: none; font-weight: bold; }
.leer { font-style: italic; color: #555; }
`;

/** Club name and „Stand: <datum>“, the title and the filter line (`datum` YYYY-MM-DD). */
export function ListenKopf({
  vereinsName,
  datum,
  titel,
  filter,
}: {
  vereinsName: string;
  datum: string;
  titel: string;
  filter: string;
}) {
  return (
    <>
      <div className="kopf">
        <span className="verein">{vereinsName}</span>
        <span>Stand: {formatGermanDate(datum)}</span>
      </div>
      <h1>{titel}</h1>
      <p className="filter">{filter}</p>
    </>
  );
}
