import { useSyncExternalStore } from 'react';
import { describeError, isAbortedError } from './errors';

/** Spec §9: success toasts last 5000 ms; error toasts stay until closed. */
export const SUCCESS_TOAST_MS = 5000;
export const SAVING_TEXT = 'Speichert...';
export const SAVED_TEXT = 'Gespeichert!';

type ToastQueueApi = typeof import('@adobe/react-spectrum/Toast')['ToastQueue'];

// The toast machinery (focus scope, landmarks, buttons) is loaded on first use, so the login
// page does not carry it. Spectrum's queue is global: toasts queued early show once the
// container (ToastHost) is mounted.
let queuePromise: Promise<ToastQueueApi> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

export function loadToastQueue(): Promise<ToastQueueApi> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  queuePromise ??= import('@adobe/react-spectrum/Toast').then((module) => module.ToastQueue);
  return queuePromise;
}

/** True once anything asked for toasts: ToastHost then mounts the container. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

// Error toasts stay until closed: the ones a form raised (by its `source` key) are closed when that
// form saves successfully, so a red "E-Mail-Adresse ist bereits vergeben" does not stay beside the
// green "angelegt".
const errorToastsBySource = new Map<string, Set<() => void>>();

/** Closes the error toasts raised for `source` (a form's key). */
export function dismissErrorToasts(source: string): void {
  const closers = errorToastsBySource.get(source);
  if (!closers) return;
  errorToastsBySource.delete(source);
  for (const close of closers) close();
}

/**
 * Shows the error toast for any thrown value; aborted requests are ignored (spec §8). With a
 * `source` the toast belongs to that form and goes when the form saves (dismissErrorToasts).
 */
export function showErrorToast(error: unknown, source?: string): void {
  if (isAbortedError(error)) return;
  const text = describeError(error);
  loadToastQueue().then(
    (queue) => {
      const close: unknown = queue.negative(text);
      if (source === undefined || typeof close !== 'function') return;
      const closers = errorToastsBySource.get(source) ?? new Set();
      closers.add(close as () => void);
      errorToastsBySource.set(source, closers);
    },
    () => console.error(text),
  );
}

export function showSuccessToast(text: string = SAVED_TEXT): void {
  loadToastQueue().then(
    (queue) => queue.positive(text, { timeout: SUCCESS_TOAST_MS }),
    () => undefined,
  );
}

/** Server answers like SetEnableAuthenticator carry their own success text. */
function messageFromResponse(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const { statusMessage, message } = result as { statusMessage?: unknown; message?: unknown };
  if (typeof statusMessage === 'string' && statusMessage !== '') return statusMessage;
  if (typeof message === 'string' && message !== '') return message;
  return undefined;
}

export interface SaveToastOptions<T> {
  /** Success text instead of 'Gespeichert!' (or a message in the response). */
  success?: string | ((result: T) => string);
  /** The form's key: its error toasts close when a later save of the same form succeeds. */
  source?: string;
}

/**
 * Wraps a save: 'Speichert...' while it runs, then 'Gespeichert!' (or the server's message).
 * On failure the pending toast goes, the error toast shows, and the error is re-thrown so the
 * caller can keep its form open.
 */
export async function saveWithToast<T>(
  work: Promise<T> | (() => Promise<T>),
  options: SaveToastOptions<T> = {},
): Promise<T> {
  const pending = typeof work === 'function' ? work() : work;
  // Settle into a value at once, so a fast failure is never an unhandled rejection while the
  // toast code loads.
  const outcome = pending.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  // Without the toast chunk (offline after a deploy) the save still completes, just silently.
  const queue = await loadToastQueue().catch(() => undefined);
  // No timeout: the pending toast is closed by hand as soon as the save settles.
  const closePending = queue?.neutral(SAVING_TEXT);
  const settled = await outcome;
  closePending?.();
  if (!settled.ok) {
    showErrorToast(settled.error, options.source);
    throw settled.error;
  }
  if (options.source !== undefined) dismissErrorToasts(options.source);
  const text =
    typeof options.success === 'function'
      ? options.success(settled.value)
      : (options.success ?? messageFromResponse(settled.value) ?? SAVED_TEXT);
  queue?.positive(text, { timeout: SUCCESS_TOAST_MS });
  return settled.value;
}
