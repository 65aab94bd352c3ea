import { useCallback, useReducer, useRef } from 'react';
import { describeError, isApiError, isProblemDetails } from '../../../api/errors';
import { versionConflictMessage } from '../../../api/versionConflict';
import { type Ablesung, fetchAblesung, type RundeZeile, saveAblesung, saveBody } from './ablesungApi';
import { type Pruefung, pruefe, sameStand, standToInput } from './readingLogic';

// The typed state of a reading round. Each row is saved on its own the moment it is left (Enter,
// Tab, a click elsewhere), so nothing typed is lost when the browser closes. What is typed lives
// here, beside the rows as the server answered them; the round is never reloaded under the
// typing hand (a fresher server row only wins when it has a newer version and nothing is typed).

export type RowStatus = 'offen' | 'speichert' | 'gespeichert' | 'fehler' | 'konflikt';

export interface RowLocal {
  /** The row as last saved here (newer than the loaded one). */
  saved?: Ablesung;
  /** What is typed, when it differs from the saved row. */
  input?: string;
  notiz?: string;
  status: RowStatus;
  /** The server's (or the input check's) German message. */
  fehler?: string;
  /** A 409: the record as the other person saved it. */
  konflikt?: Ablesung;
  /** Enter was pressed once on a value below the last reading: the next Enter saves it. */
  bestaetigt?: boolean;
}

export interface RowView {
  zeile: RundeZeile;
  /** The row's saved state: the loaded row or, when newer, the one saved here. */
  row: Ablesung;
  input: string;
  notiz: string;
  local: RowLocal;
  pruefung: Pruefung;
  dirty: boolean;
}

const IDLE: RowLocal = { status: 'offen' };

/** A row as shown: saved state, what is typed, its check against the last reading with the round's `faktor`. */
export function viewOf(zeile: RundeZeile, local: RowLocal = IDLE, faktor?: string): RowView {
  const row = local.saved && local.saved.version >= zeile.version ? local.saved : zeile;
  const input = local.input ?? standToInput(row.stand);
  const notiz = local.notiz ?? row.notiz;
  const pruefung = pruefe(input, {
    letzterStand: zeile.letzteAblesung?.stand ?? null,
    letzterVerbrauch: zeile.letzterVerbrauch,
    isZaehlerwechsel: row.isZaehlerwechsel,
    ...(faktor ? { faktor } : {}),
  });
  const dirty = !sameStand(input, row.stand) || notiz !== row.notiz;
  return { zeile, row, input, notiz, local, pruefung, dirty };
}

/** The German sentence(s) of a refused save, without the generic title when fields are named. */
export function serverMessage(error: unknown): string {
  if (isApiError(error) && isProblemDetails(error.body)) {
    const messages = Object.values(error.body.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m : [m]));
    return messages.length ? messages.map(String).join(' ') : error.body.title;
  }
  return describeError(error);
}

export interface RundeEingabe {
  local: (id: number) => RowLocal | undefined;
  setInput: (id: number, input: string) => void;
  setNotiz: (id: number, notiz: string) => void;
  /** Marks the first Enter on a value below the last reading. */
  confirmLow: (id: number) => void;
  showError: (id: number, message: string) => void;
  /** Saves the row when it changed; true when it is saved (or there was nothing to save). */
  save: (zeile: RundeZeile) => Promise<boolean>;
  keepMine: (zeile: RundeZeile) => Promise<boolean>;
  takeTheirs: (id: number) => void;
}

/** Per-row input, status and saving of a round's rows (keyed by reading id). */
export function useRundeEingabe(): RundeEingabe {
  const store = useRef(new Map<number, RowLocal>());
  const inflight = useRef(new Map<number, Promise<boolean>>());
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  const patch = useCallback((id: number, change: Partial<RowLocal>) => {
    store.current.set(id, { ...(store.current.get(id) ?? IDLE), ...change });
    rerender();
  }, []);

  const saveOnce = useCallback(
    async (zeile: RundeZeile, version?: number): Promise<boolean> => {
      const view = viewOf(zeile, store.current.get(zeile.id));
      if (view.pruefung.fehler) {
        patch(zeile.id, { status: 'fehler', fehler: view.pruefung.fehler });
        return false;
      }
      if (!view.dirty && view.local.status !== 'konflikt') return true;
      const stand = view.pruefung.parsed.kind === 'stand' ? view.pruefung.parsed.wire : null;
      const sentInput = view.input;
      const sentNotiz = view.notiz;
      patch(zeile.id, { status: 'speichert', fehler: undefined, bestaetigt: false });
      try {
        const saved = await saveAblesung(saveBody(view.row, stand, sentNotiz, version ?? view.row.version));
        const now = store.current.get(zeile.id) ?? IDLE;
        // Typed on meanwhile: keep that (it is saved when the row is left again).
        const typedOn = now.input !== undefined && now.input !== sentInput;
        const notizOn = now.notiz !== undefined && now.notiz !== sentNotiz;
        patch(zeile.id, {
          saved,
          status: 'gespeichert',
          fehler: undefined,
          konflikt: undefined,
          input: typedOn ? now.input : undefined,
          notiz: notizOn ? now.notiz : undefined,
        });
        return true;
      } catch (error) {
        const conflict = versionConflictMessage(error);
        if (conflict !== undefined) {
          const theirs = await fetchAblesung(zeile.id).catch(() => undefined);
          patch(zeile.id, { status: 'konflikt', fehler: conflict, konflikt: theirs });
        } else {
          patch(zeile.id, { status: 'fehler', fehler: serverMessage(error) });
        }
        return false;
      }
    },
    [patch],
  );

  const save = useCallback(
    async (zeile: RundeZeile, version?: number): Promise<boolean> => {
      // One save per row at a time: a second one waits and then saves only what is still new.
      const running = inflight.current.get(zeile.id);
      if (running) await running;
      const next = saveOnce(zeile, version);
      inflight.current.set(zeile.id, next);
      try {
        return await next;
      } finally {
        if (inflight.current.get(zeile.id) === next) inflight.current.delete(zeile.id);
      }
    },
    [saveOnce],
  );

  return {
    local: (id) => store.current.get(id),
    setInput: useCallback(
      (id, input) => patch(id, { input, bestaetigt: false, ...clearInputError(store.current.get(id)) }),
      [patch],
    ),
    setNotiz: useCallback((id, notiz) => patch(id, { notiz }), [patch]),
    confirmLow: useCallback((id) => patch(id, { bestaetigt: true }), [patch]),
    showError: useCallback((id, fehler) => patch(id, { status: 'fehler', fehler }), [patch]),
    save,
    keepMine: useCallback(
      async (zeile) => {
        const theirs = store.current.get(zeile.id)?.konflikt;
        if (!theirs) return save(zeile);
        // Their record becomes the base (its version), what is typed here stays and is saved over it.
        const view = viewOf(zeile, store.current.get(zeile.id));
        patch(zeile.id, { saved: theirs, input: view.input, notiz: view.notiz, status: 'offen', konflikt: undefined });
        return save(zeile, theirs.version);
      },
      [patch, save],
    ),
    takeTheirs: useCallback((id) => {
      const theirs = store.current.get(id)?.konflikt;
      if (!theirs) return;
      store.current.set(id, { saved: theirs, status: 'gespeichert' });
      rerender();
    }, []),
  };
}

/** Typing again clears the row's error: leaving the row checks and saves the new value anew. */
function clearInputError(local: RowLocal | undefined): Partial<RowLocal> {
  return local?.status === 'fehler' ? { status: 'offen', fehler: undefined } : {};
}
