/** A printed list on A4: club name and date in the heading, a table with German headers. */
export type ListeColumn = { header: string; className?: string; width?: string };

export type ListeProps = {
  title: string;
  vereinsName: string;
  /** The date printed in the heading, already German ("22.11.2026"). */
  datum: string;
  subtitle?: string;
  columns: ListeColumn[];
  rows: (string | number)[][];
  /** Taller rows with room to sign (Unterschriftenliste). */
  signature?: boolean;
  footer?: string;
};

export const listeCss = `
.kopf { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 0.6pt solid #000; margin-bottom: 4mm; }
.kopf .verein { font-weight: bold; }
tbody td { border-bottom: 0.3pt solid #999; }
table.signature tbody td { height: 10mm; vertical-align: bottom; }
.leer { color: #555; font-style: italic; }
`;

export function Liste({ title, vereinsName, datum, subtitle, columns, rows, signature, footer }: ListeProps) {
  return (
    <div>
      <div className="kopf">
        <span className="verein">{vereinsName}</span>
        <span>Stand: {datum}</span>
      </div>
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
      <table className={signature ? 'signature' : undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} className={c.className} style={c.width ? { width: c.width } : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed rows have no identity of their own
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={columns[j]?.header ?? j} className={columns[j]?.className}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="leer">Keine Einträge.</p> : null}
      {footer ? <p>{footer}</p> : null}
    </div>
  );
}
