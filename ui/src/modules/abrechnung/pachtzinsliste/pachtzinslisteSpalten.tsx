import { formatArea, formatEuro } from '../../../../../src/platform/money';
import type { Pachtzinsliste, PachtzinslisteZeile } from '../../../api/abrechnung';
import type { ListColumn } from '../../../components/ListTable';

export type Zeile = PachtzinslisteZeile & { id: number };

const flaeche = (v: string) => (v === '' ? '' : formatArea(v, { nbsp: false }));

function euroSpalte(key: string, name: string, value: (z: Zeile) => number): ListColumn<Zeile> {
  return { key, name, align: 'end', minWidth: 130, sortValue: value, text: (z) => formatEuro(value(z)) };
}

/** The columns of the Pachtzinsliste on screen, in the order of its PDF and Excel. */
export const SPALTEN: ListColumn<Zeile>[] = [
  { key: 'nummer', name: 'Parzelle', minWidth: 90, sortValue: (z) => z.nummer, text: (z) => z.nummer },
  {
    key: 'nutzungsberechtigter',
    name: 'Nutzungsberechtigte/r',
    minWidth: 200,
    sortValue: (z) => z.nutzungsberechtigter,
    text: (z) => z.nutzungsberechtigter || '– frei –',
  },
  {
    key: 'flaeche',
    name: 'Fläche',
    align: 'end',
    minWidth: 110,
    sortValue: (z) => Number(z.flaeche),
    text: (z) => flaeche(z.flaeche),
  },
  {
    key: 'anteil',
    name: 'Anteil Gemeinschaftsfl.',
    align: 'end',
    minWidth: 150,
    sortValue: (z) => Number(z.anteil),
    text: (z) => flaeche(z.anteil),
  },
  euroSpalte('pachtzins', 'Pachtzins', (z) => z.pachtzinsCent),
  euroSpalte('gemeinschaftsflaeche', 'Gemeinschaftsfläche', (z) => z.gemeinschaftsflaecheCent),
  euroSpalte('grundsteuer', 'Grundsteuer', (z) => z.grundsteuerCent),
  euroSpalte('zuschlaege', 'Zuschläge', (z) => z.zuschlaegeCent),
  euroSpalte('summe', 'Summe', (z) => z.summeCent),
];

/** The sums line under the table: the same columns, the totals of the whole list. */
export function SummenZeile({ summen, anzahl }: { summen: Pachtzinsliste['summen']; anzahl: number }) {
  const werte = [
    ['Parzellen', String(anzahl)],
    ['Fläche', flaeche(summen.flaeche)],
    ['Anteil Gemeinschaftsfl.', flaeche(summen.anteil)],
    ['Pachtzins', formatEuro(summen.pachtzinsCent)],
    ['Gemeinschaftsfläche', formatEuro(summen.gemeinschaftsflaecheCent)],
    ['Grundsteuer', formatEuro(summen.grundsteuerCent)],
    ['Zuschläge', formatEuro(summen.zuschlaegeCent)],
    ['Summe', formatEuro(summen.summeCent)],
  ] as const;
  return (
    <div className="kgv-dense-frame">
      <table className="kgv-dense-table kgv-pachtzins-summen" aria-label="Summen der Pachtzinsliste">
        <thead>
          <tr>
            {werte.map(([name]) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {werte.map(([name, wert]) => (
              <td key={name}>{wert}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
