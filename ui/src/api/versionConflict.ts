import { useState } from 'react';
import { describeError, isApiError, isProblemDetails } from './errors';
import { apiFetch, type Query } from './fetcher';

// Optimistic locking (security review, issue 9): a save sends the `version` it loaded; when someone
// else saved the record meanwhile the server answers 409 `version_conflict` with a sentence naming
// who and when. The form then offers to reload the record and re-apply what the user changed.

export const VERSION_CONFLICT = 'version_conflict';

/** The server's sentence when `error` is a 409 version_conflict, else undefined. */
export function versionConflictMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 409 || !isProblemDetails(error.body)) return undefined;
  return error.body.code === VERSION_CONFLICT ? error.body.title : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form values after a reload: every field the user changed (current differs from what was
 * loaded) keeps the user's value, every other field takes the fresh value from the server.
 */
export function mergeEdits<V extends object>(loaded: V, current: V, fresh: V): V {
  const out = { ...fresh } as Record<string, unknown>;
  const was = loaded as Record<string, unknown>;
  const now = current as Record<string, unknown>;
  for (const key of Object.keys(now)) {
    if (!same(now[key], was[key])) out[key] = now[key];
  }
  return out as V;
}

export interface VersionConflictOptions<R extends { version?: number }, V extends object> {
  /**
   * The record as the form loaded it; undefined when the form creates one. When the form fills
   * itself anew from another record (a saved answer, a revalidated read), pass that one.
   */
  record: R | undefined;
  /** The form values a record fills in (the same function that gave the form its first values). */
  toValues: (record: R) => V;
  /** The form's values now. */
  values: V;
  /** Puts values into the form. */
  setValues: (values: V) => void;
  /** Fetches the record as stored now. */
  reload: () => Promise<R>;
}

export interface VersionConflict<R> {
  /** The version to send with the save (undefined when creating). */
  version: number | undefined;
  /** The record the form currently edits (after a reload, the fresh one). */
  record: R | undefined;
  /** The server's sentence while a conflict is shown. */
  message: string | undefined;
  reloading: boolean;
  /** Why the reload failed, if it did. */
  reloadError: string | undefined;
  /** Give it a failed save's error: true (and the conflict shows) when it was a version conflict. */
  noteError: (error: unknown) => boolean;
  /** Fetches the record, keeps the user's changes, takes the fresh values and version for the rest. */
  reloadAndReapply: () => Promise<void>;
}

/** One mechanism for every edit form: see {@link mergeEdits}; render it with the form's ConflictBanner. */
export function useVersionConflict<R extends { version?: number }, V extends object>(
  options: VersionConflictOptions<R, V>,
): VersionConflict<R> {
  const [record, setRecord] = useState(options.record);
  // The form refilled from another record (adjusting state during render, as React advises).
  const [given, setGiven] = useState(options.record);
  if (options.record !== given) {
    setGiven(options.record);
    setRecord(options.record);
  }
  const [message, setMessage] = useState<string | undefined>();
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | undefined>();

  function noteError(error: unknown): boolean {
    const conflict = versionConflictMessage(error);
    if (conflict === undefined) return false;
    setMessage(conflict);
    setReloadError(undefined);
    return true;
  }

  async function reloadAndReapply() {
    if (!record) return;
    setReloading(true);
    setReloadError(undefined);
    try {
      const fresh = await options.reload();
      options.setValues(mergeEdits(options.toValues(record), options.values, options.toValues(fresh)));
      setRecord(fresh);
      setMessage(undefined);
    } catch (error) {
      setReloadError(describeError(error));
    } finally {
      setReloading(false);
    }
  }

  return { version: record?.version, record, message, reloading, reloadError, noteError, reloadAndReapply };
}

/** A record as stored now, for a form's `reload`. */
export function fetchRecord<T>(url: string, query: Query): Promise<T> {
  return apiFetch<T>(url, { query });
}
