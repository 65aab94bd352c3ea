import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { AblesungRow } from './AblesungRow';
import type { RundeZeile } from './ablesungApi';
import '../../../components/denseTable.css';
import './runde.css';
import { nachbar } from './readingLogic';
import { type RowView, type RundeEingabe, viewOf } from './useRundeEingabe';

// The round as a plain table of native inputs: Spectrum's TableView owns the arrow keys and
// virtualises its cells away, but fast entry needs a real input per row, Enter to the next row
// in walking order, and the browser's own focus and scrolling.

export interface RundeTabelleProps {
  datum: string;
  /** The rows shown, in walking order. */
  zeilen: readonly RundeZeile[];
  eingabe: RundeEingabe;
  /** The row to focus once it is shown (deep link ?ablesung= / ?parzelle=). */
  fokusId: number | null;
  readOnly: boolean;
  /** The round's warning factor for the consumption ("3"). */
  faktor: string;
}

const zeileOf = (rows: readonly RundeZeile[], id: number) => rows.find((z) => z.id === id);

type Cached = { zeile: RundeZeile; local: unknown; faktor: string; view: RowView };

export function RundeTabelle({ datum, zeilen, eingabe, fokusId, readOnly, faktor }: RundeTabelleProps) {
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const cache = useRef(new Map<number, Cached>());
  const [focused, setFocused] = useState<number | null>(null);

  // One view object per row as long as neither the row nor what is typed changed (memoised rows).
  const views = zeilen.map((zeile) => {
    const local = eingabe.local(zeile.id);
    const hit = cache.current.get(zeile.id);
    if (hit && hit.zeile === zeile && hit.local === local && hit.faktor === faktor) return hit.view;
    const view = viewOf(zeile, local, faktor);
    cache.current.set(zeile.id, { zeile, local, faktor, view });
    return view;
  });

  // The handlers read the latest rows through refs, so they stay the same functions for every row.
  const latest = useRef({ zeilen, eingabe, faktor });
  latest.current = { zeilen, eingabe, faktor };
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;

  const focusRow = useCallback((id: number | undefined) => {
    if (id === undefined) return;
    const element = inputs.current.get(id);
    if (!element) return;
    element.focus();
    element.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const inputRef = useCallback((id: number, element: HTMLInputElement | null) => {
    if (element) inputs.current.set(id, element);
    else inputs.current.delete(id);
  }, []);

  /** Saves the row in the background; when the server refuses and the user has not typed on, back to it. */
  const saveAndWatch = useCallback(
    (zeile: RundeZeile, movedTo: number | undefined) => {
      void latest.current.eingabe.save(zeile).then((ok) => {
        if (ok || movedTo === undefined) return;
        const there = inputs.current.get(movedTo);
        const untouched = latest.current.eingabe.local(movedTo)?.input === undefined;
        if (there && document.activeElement === there && untouched) focusRow(zeile.id);
      });
    },
    [focusRow],
  );

  const onKeyDown = useCallback(
    (id: number, event: KeyboardEvent<HTMLInputElement>, field: 'stand' | 'notiz') => {
      if (event.key !== 'Enter' || event.currentTarget.readOnly) return;
      event.preventDefault();
      const { zeilen: rows, eingabe: state } = latest.current;
      const index = rows.findIndex((z) => z.id === id);
      const zeile = rows[index];
      if (!zeile) return;
      const view = viewOf(zeile, state.local(id), latest.current.faktor);
      if (view.pruefung.fehler) {
        state.showError(id, view.pruefung.fehler);
        return;
      }
      // Below the last reading: almost always a typo. The first Enter stops and says so, the second saves.
      if (field === 'stand' && view.pruefung.kleiner && view.dirty && !view.local.bestaetigt) {
        state.confirmLow(id);
        return;
      }
      const target = nachbar(index, event.shiftKey ? -1 : 1, rows.length);
      const nextId = target === null ? undefined : rows[target]?.id;
      saveAndWatch(zeile, nextId);
      if (nextId !== undefined) focusRow(nextId);
    },
    [focusRow, saveAndWatch],
  );

  const onLeave = useCallback(
    (id: number) => {
      const zeile = zeileOf(latest.current.zeilen, id);
      if (zeile && !readOnlyRef.current) saveAndWatch(zeile, undefined);
      setFocused((current) => (current === id ? null : current));
    },
    [saveAndWatch],
  );

  const onFocus = useCallback((id: number) => {
    setFocused(id);
    inputs.current.get(id)?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const onKeepMine = useCallback((id: number) => {
    const zeile = zeileOf(latest.current.zeilen, id);
    if (zeile) void latest.current.eingabe.keepMine(zeile);
  }, []);
  const onTakeTheirs = useCallback((id: number) => latest.current.eingabe.takeTheirs(id), []);

  // The deep link's row: focused once, as soon as it is there.
  const focusedOnce = useRef<string | null>(null);
  useEffect(() => {
    const key = `${datum}:${fokusId}`;
    if (fokusId === null || focusedOnce.current === key || !inputs.current.has(fokusId)) return;
    focusedOnce.current = key;
    focusRow(fokusId);
  });

  return (
    <div className="kgv-dense-frame kgv-runde-frame">
      <table className="kgv-dense-table kgv-runde-table" aria-label="Ablesungsrunde">
        <thead>
          <tr>
            <th scope="col">Parzelle · Strang</th>
            <th scope="col" className="kgv-runde-name">
              Nutzungsberechtigte(r)
            </th>
            <th scope="col">Zähler</th>
            <th scope="col" className="kgv-runde-num">
              Letzte Ablesung
            </th>
            <th scope="col" className="kgv-runde-num">
              Letzter Verbrauch
            </th>
            <th scope="col">Stand (m³)</th>
            <th scope="col" className="kgv-runde-num">
              Verbrauch seit letzter Ablesung
            </th>
            <th scope="col" className="kgv-runde-statuscol">
              Status
            </th>
            <th scope="col">Notiz</th>
          </tr>
        </thead>
        <tbody>
          {views.map((view) => (
            <AblesungRow
              key={view.row.id}
              view={view}
              focused={focused === view.row.id}
              readOnly={readOnly}
              inputRef={inputRef}
              onInput={eingabe.setInput}
              onNotiz={eingabe.setNotiz}
              onKeyDown={onKeyDown}
              onFocus={onFocus}
              onLeave={onLeave}
              onKeepMine={onKeepMine}
              onTakeTheirs={onTakeTheirs}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
