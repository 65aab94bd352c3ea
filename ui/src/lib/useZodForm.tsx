/**
 * useZodForm — the one form hook (issue 11). Every form (dialog, page, tab) uses it on the API's own
 * zod schema, and gets the same behaviour for free.
 *
 * Usage:
 *
 *   const form = useZodForm(gruppeBody, {
 *     initial: { name: gruppe?.name ?? '', beschreibung: gruppe?.beschreibung ?? '' },
 *     labels: { name: 'Name', beschreibung: 'Beschreibung' },   // German labels, for the summary
 *     // Values → the body the schema checks (trim, parse TT.MM.JJJJ, …). Default: the values.
 *     // Value keys should be the body's keys: errors are matched by key.
 *     // `version` is the record's version for the 409 check (the reloaded one after a conflict).
 *     toBody: (v, { version }) => ({ ...(gruppe ? { id: gruppe.id, version } : {}), name: v.name.trim(), … }),
 *     inputErrors: (v) => ({ datum: parseGermanDate(v.datum) ? undefined : 'TT.MM.JJJJ' }), // optional
 *     plausibility: { eintrittsdatum: { date: 'event' }, geburtsdatum: { date: 'birth' } }, // optional
 *     conflict: { record: gruppe, toValues: (g) => ({ … }), reload: () => fetchGruppe(id) }, // optional (409)
 *     readOnly,
 *   });
 *
 *   <FormDialog form={form} title="…" onSubmit={() => form.submit((body) => saveGruppe(body),
 *       { success: 'Gruppe gespeichert.', onSaved: dismiss })} onCancel={dismiss}>
 *     <TextField label="Name" isRequired {...form.field('name')} />
 *     <Picker label="Gruppe" id={form.idOf('gruppeId')} selectedKey={…}
 *       onSelectionChange={(k) => form.set('gruppeId', …)} {...invalid(form.errors.gruppeId)} />
 *     <NumberInput label="Tage" {...form.field('tage')} />      // components/NumberInput: never clamps
 *   </FormDialog>
 *
 * A form outside a dialog uses <FormPage form={form} …> (components/formKit) the same way.
 * What the hook gives:
 * - `values`, `set(key, value)`, `field(key)` (id, value, onChange, validationState, errorMessage),
 *   `errors`, `otherErrors`, `dirty` (values differ from the initial / last saved ones), `reset(values)`.
 * - `submit(run, { success, onSaved })`: checks the body with the schema (client), asks about
 *   implausible dates, runs the save with saveWithToast; a 422 goes to the fields, a 409
 *   version_conflict to the ConflictBanner; on failure the first field in error is focused and
 *   scrolled into view and the summary (`<FormSummary form={form} />`, rendered by FormDialog and
 *   FormPage) names the fields. A success closes the error toasts this form raised before and makes
 *   the saved values the new baseline (not dirty).
 * - `confirmDiscard(proceed)`: asks "Änderungen verwerfen?" when dirty; leaving the page and closing
 *   the tab ask too (useUnsavedChangesGuard). FormDialog wires Escape and Abbrechen to it.
 * - `dialogs`: the discard question and the plausibility question; FormDialog/FormPage render them.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { z } from 'zod';
import { isAbortedError } from '../api/errors';
import { saveWithToast } from '../api/toast';
import { useVersionConflict, type VersionConflict } from '../api/versionConflict';
import { PlausibilityDialog } from '../components/PlausibilityDialog';
import { focusFirstError } from './focusFirstError';
import { type PlausibilityIssue, plausibilityIssues } from './plausibility';
import { schemaErrors } from './schemaErrors';
import { matchFieldErrors } from './serverErrors';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import type { FieldBinding, SubmitOptions, ZodForm, ZodFormKey, ZodFormOptions } from './zodFormTypes';

type Key<V> = ZodFormKey<V>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useZodForm<S extends z.ZodType, V extends object, R extends { version?: number } = never>(
  schema: S,
  options: ZodFormOptions<V, R>,
): ZodForm<S, V> {
  const baseId = useId();
  const idOf = useCallback((key: string) => `${baseId}-${key}`, [baseId]);
  const summaryId = `${baseId}-summary`;
  const [values, setValuesState] = useState<V>(options.initial);
  const [baseline, setBaseline] = useState<V>(options.initial);
  const [errors, setErrorsState] = useState<Partial<Record<Key<V>, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [plausibility, setPlausibility] = useState<{
    issues: PlausibilityIssue[];
    answer: (ok: boolean) => void;
  } | null>(null);
  const readOnly = options.readOnly ?? false;
  const source = options.source ?? baseId;
  const labels: Partial<Record<Key<V>, string>> = options.labels ?? {};
  const fields = Object.keys(options.initial) as Key<V>[];

  // Latest values for async callbacks (the plausibility answer comes after a render).
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const conflict = useVersionConflict<R, V>({
    record: options.conflict?.record,
    toValues: options.conflict?.toValues ?? (() => valuesRef.current),
    values,
    setValues: (next) => setValuesState(next),
    reload: options.conflict?.reload ?? (() => Promise.reject(new Error('Kein Datensatz zum Neuladen.'))),
  });

  const dirty = !readOnly && !same(values, baseline);
  const guard = useUnsavedChangesGuard(dirty);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request moves the focus, not every change of the errors while typing.
  useEffect(() => {
    if (focusRequest === 0) return;
    focusFirstError(
      Object.keys(errors).map((key) => ({ id: idOf(key), label: labels[key as Key<V>] })),
      summaryId,
    );
  }, [focusRequest]);

  function showErrors(found: Partial<Record<Key<V>, string>>, other: string[]) {
    setErrorsState(found);
    setOtherErrors(other);
    if (Object.keys(found).length > 0 || other.length > 0) setFocusRequest((n) => n + 1);
  }

  function clearError(key: Key<V>) {
    setErrorsState((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }

  function set<K extends Key<V>>(key: K, value: V[K]) {
    setValuesState((current) => ({ ...current, [key]: value }));
    clearError(key);
  }

  function validate(): z.input<S> | undefined {
    const current = valuesRef.current;
    const body = options.toBody ? options.toBody(current, { version: conflict.version }) : current;
    const { fields: found, other } = schemaErrors(schema, body, fields);
    for (const [key, message] of Object.entries(options.inputErrors?.(current) ?? {}) as [
      Key<V>,
      string | undefined,
    ][]) {
      if (message !== undefined) found[key] = message;
    }
    if (Object.keys(found).length > 0 || other.length > 0) {
      showErrors(found, other);
      return undefined;
    }
    setErrorsState({});
    setOtherErrors([]);
    return body as z.input<S>;
  }

  function askPlausibility(issues: PlausibilityIssue[]): Promise<boolean> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        setPlausibility(null);
        resolve(ok);
      };
      setPlausibility({
        issues,
        // Spectrum's AlertDialog closes (a dismiss, read as "Zurück") just before it reports the
        // primary action in the same press: a "no" waits a microtask so the "yes" can win.
        answer: (ok) => (ok ? settle(true) : queueMicrotask(() => settle(false))),
      });
    });
  }

  async function submit<T>(run: (body: z.input<S>) => Promise<T>, submitOptions: SubmitOptions<T> = {}) {
    if (readOnly || saving) return false;
    const body = validate();
    if (body === undefined) return false;
    const issues = plausibilityIssues(body, options.plausibility ?? {}, labels);
    if (issues.length > 0 && !(await askPlausibility(issues))) {
      // Back to the form: the first questioned date gets the focus.
      focusFirstError(
        issues.map((issue) => ({ id: idOf(issue.field), label: issue.label })),
        summaryId,
      );
      return false;
    }
    const sent = valuesRef.current;
    setSaving(true);
    try {
      const result = await saveWithToast(() => run(body), {
        source,
        ...(submitOptions.success !== undefined ? { success: submitOptions.success } : {}),
      });
      setBaseline(sent);
      submitOptions.onSaved?.(result);
      return true;
    } catch (error) {
      if (!isAbortedError(error) && !conflict.noteError(error)) {
        const matched = matchFieldErrors(error, fields);
        showErrors(matched.fields as Partial<Record<Key<V>, string>>, matched.other);
      }
      return false;
    } finally {
      setSaving(false);
    }
  }

  function field<K extends Key<V>>(key: K): FieldBinding<V[K]> {
    const error = errors[key];
    return {
      id: idOf(key),
      value: values[key],
      onChange: (value: V[K]) => set(key, value),
      ...(error ? { validationState: 'invalid' as const, errorMessage: error } : {}),
    };
  }

  function reset(next?: V) {
    const target = next ?? valuesRef.current;
    setValuesState(target);
    setBaseline(target);
    setErrorsState({});
    setOtherErrors([]);
  }

  function revert() {
    setValuesState(baseline);
    setErrorsState({});
    setOtherErrors([]);
  }

  const dialogs = (
    <>
      {guard.dialog}
      <PlausibilityDialog
        issues={plausibility?.issues ?? null}
        onConfirm={() => plausibility?.answer(true)}
        onCancel={() => plausibility?.answer(false)}
      />
    </>
  );

  return {
    values,
    set,
    setValues: setValuesState,
    field,
    idOf,
    errors,
    otherErrors,
    setErrors: (found, other = []) => showErrors(found, other),
    clearError,
    labels,
    dirty,
    saving,
    readOnly,
    reset,
    revert,
    validate,
    submit,
    confirmDiscard: guard.confirmDiscard,
    conflict: conflict as VersionConflict<unknown>,
    version: conflict.version,
    dialogs,
    summaryId,
  };
}
