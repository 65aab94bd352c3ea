import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import type { Rechnung, UebersichtSpalte } from '../../../api/rechnungen';
import { Geld } from '../../kassa/Geld';
import { MahnstufeMarke, StatusMarke } from './Marken';
import { ART_TEXT } from './uebersichtFilter';
import '../../../components/denseTable.css';
import './uebersicht.css';

// The receivables as a plain table: a check box per row for "Rechnungen drucken" and "Zahlscheine",
// the column headers sort (on the server, so the PDF and Excel come in the same order), a row opens
// the receivable. A year has a few hundred to 2,000 receivables: the first ZEILEN_SCHRITT are drawn
// and more on request, like the Kassabuch.

const ZEILEN_SCHRITT = 500;

interface Spalte {
  key: string;
  name: string;
  /** The server's sort column; without it the column does not sort. */
  sort?: UebersichtSpalte;
  num?: boolean;
}

const SPALTEN: readonly Spalte[] = [
  { key: 'nummer', name: 'Nummer', sort: 'nummer' },
  { key: 'datum', name: 'Datum', sort: 'datum' },
  { key: 'name', name: 'Name', sort: 'adresseName' },
  { key: 'parzelle', name: 'Parzelle' },
  { key: 'art', name: 'Art' },
  { key: 'betrag', name: 'Betrag', sort: 'betragCent', num: true },
  { key: 'bezahlt', name: 'Bezahlt', sort: 'bezahltCent', num: true },
  { key: 'offen', name: 'Offen', sort: 'offenCent', num: true },
  { key: 'faellig', name: 'Fällig am', sort: 'faelligAm' },
  { key: 'mahnstufe', name: 'Mahnstufe', sort: 'mahnstufe' },
  { key: 'status', name: 'Status', sort: 'status' },
];

export interface RechnungenTabelleProps {
  zeilen: readonly Rechnung[];
  sort: { spalte: UebersichtSpalte; fallend: boolean };
  onSort: (spalte: UebersichtSpalte) => void;
  ausgewaehlt: ReadonlySet<number>;
  onAuswahl: (next: Set<number>) => void;
  onOeffnen: (rechnung: Rechnung) => void;
}

export function RechnungenTabelle({ zeilen, sort, onSort, ausgewaehlt, onAuswahl, onOeffnen }: RechnungenTabelleProps) {
  const [grenze, setGrenze] = useState(ZEILEN_SCHRITT);
  const gezeigt = zeilen.slice(0, grenze);
  const alle = zeilen.length > 0 && zeilen.every((r) => ausgewaehlt.has(r.id));
  const einige = !alle && zeilen.some((r) => ausgewaehlt.has(r.id));

  function umschalten(id: number, an: boolean) {
    const next = new Set(ausgewaehlt);
    if (an) next.add(id);
    else next.delete(id);
    onAuswahl(next);
  }

  return (
    <div className="kgv-dense-frame kgv-ru-frame">
      <table className="kgv-dense-table kgv-ru-table" aria-label="Rechnungen">
        <thead>
          <tr>
            <th scope="col" className="kgv-ru-wahl">
              <input
                type="checkbox"
                aria-label="Alle Rechnungen der Liste auswählen"
                checked={alle}
                ref={(el) => {
                  if (el) el.indeterminate = einige;
                }}
                onChange={(event) => onAuswahl(event.target.checked ? new Set(zeilen.map((r) => r.id)) : new Set())}
              />
            </th>
            {SPALTEN.map((s) => {
              const aktiv = s.sort !== undefined && sort.spalte === s.sort;
              const ariaSort = aktiv ? (sort.fallend ? 'descending' : 'ascending') : s.sort ? 'none' : undefined;
              return (
                <th
                  key={s.key}
                  scope="col"
                  className={s.num ? 'kgv-ru-num' : undefined}
                  {...(ariaSort ? { 'aria-sort': ariaSort } : {})}
                >
                  {s.sort ? (
                    <button
                      type="button"
                      className="kgv-ru-sortknopf"
                      onClick={() => s.sort && onSort(s.sort)}
                      title={`Nach ${s.name} sortieren`}
                    >
                      {s.name}
                      <span aria-hidden="true" className="kgv-ru-sortpfeil">
                        {aktiv ? (sort.fallend ? '▼' : '▲') : ''}
                      </span>
                    </button>
                  ) : (
                    s.name
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {gezeigt.map((r) => (
            <tr
              key={r.id}
              className={ausgewaehlt.has(r.id) ? 'kgv-ru-row kgv-ru-row--gewaehlt' : 'kgv-ru-row'}
              data-rechnung={r.nummer}
              onClick={(event) => {
                // The check box and the number's button handle their own click.
                if ((event.target as HTMLElement).closest('input, button')) return;
                onOeffnen(r);
              }}
            >
              <td className="kgv-ru-wahl">
                <input
                  type="checkbox"
                  aria-label={`Rechnung ${r.nummer} auswählen`}
                  checked={ausgewaehlt.has(r.id)}
                  onChange={(event) => umschalten(r.id, event.target.checked)}
                />
              </td>
              <th scope="row" className="kgv-ru-nowrap">
                <button
                  type="button"
                  className="kgv-ru-link"
                  onClick={() => onOeffnen(r)}
                  aria-label={`Rechnung ${r.nummer} öffnen`}
                >
                  {r.nummer}
                </button>
              </th>
              <td className="kgv-ru-nowrap">{formatGermanDate(r.datum)}</td>
              <td>{r.adresseName}</td>
              <td>{r.parzelleNummer ?? ''}</td>
              <td>{ART_TEXT[r.art]}</td>
              <td className="kgv-ru-num">
                <Geld cent={r.betragCent} />
              </td>
              <td className="kgv-ru-num">
                <Geld cent={r.bezahltCent} />
              </td>
              <td className="kgv-ru-num">
                <Geld cent={r.offenCent} />
              </td>
              <td className="kgv-ru-nowrap">
                {formatGermanDate(r.faelligAm)}
                {r.ueberfaelligCent > 0 ? <span className="kgv-ru-ueberfaellig">überfällig</span> : null}
              </td>
              <td>
                <MahnstufeMarke rechnung={r} />
              </td>
              <td>
                <StatusMarke status={r.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {zeilen.length > grenze ? (
        <div className="kgv-ru-mehr">
          <button type="button" className="kgv-ru-link" onClick={() => setGrenze((g) => g + ZEILEN_SCHRITT)}>
            Weitere {Math.min(ZEILEN_SCHRITT, zeilen.length - grenze)} von {zeilen.length - grenze} Rechnungen zeigen
          </button>
        </div>
      ) : null}
    </div>
  );
}
