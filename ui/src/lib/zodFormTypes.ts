import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { VersionConflict } from '../api/versionConflict';
import type { Plausibility } from './plausibility';

/** A key of the form's values: a field. */
export type ZodFormKey<V> = keyof V & string;
type Key<V> = ZodFormKey<V>;

export interface ZodFormConflict<R, V> {
  /** The record as loaded; undefined when the form creates one. */
  record: R | undefined;
  toValues: (record: R) => V;
  reload: () => Promise<R>;
}

export interface ZodFormOptions<V extends object, R extends { version?: number }> {
  initial: V;
  /** German field labels, for the summary and the plausibility question. */
  labels?: Partial<Record<Key<V>, string>>;
  /** The body the schema checks and the save sends; default: the values as they are. */
  toBody?: (values: V, meta: { version: number | undefined }) => unknown;
  /** What the form itself could not convert (a date not typed as TT.MM.JJJJ …); wins over the schema. */
  inputErrors?: (values: V) => Partial<Record<Key<V>, string | undefined>>;
  /** Dates to confirm before saving when far in the future or past. */
  plausibility?: Partial<Record<Key<V>, Plausibility>>;
  conflict?: ZodFormConflict<R, V>;
  readOnly?: boolean;
  /** Key of the form's error toasts; default: one per form instance. */
  source?: string;
}

export interface SubmitOptions<T> {
  success?: string | ((result: T) => string);
  /** Runs after a successful save (close the dialog, take the new id …). */
  onSaved?: (result: T) => void;
}

export interface FieldBinding<T> {
  id: string;
  value: T;
  onChange: (value: T) => void;
  validationState?: 'invalid';
  errorMessage?: string;
}

/** What FormDialog, FormPage and FormSummary need of a form, whatever its schema. */
export interface ZodFormFrame {
  errors: Partial<Record<string, string>>;
  otherErrors: readonly string[];
  labels: Partial<Record<string, string>>;
  summaryId: string;
  dirty: boolean;
  saving: boolean;
  readOnly: boolean;
  confirmDiscard: (proceed: () => void) => void;
  conflict: VersionConflict<unknown>;
  dialogs: ReactNode;
  /** Puts the last saved values back (discard). */
  revert: () => void;
}

export interface ZodForm<S extends z.ZodType, V extends object> extends ZodFormFrame {
  values: V;
  set: <K extends Key<V>>(key: K, value: V[K]) => void;
  setValues: (values: V) => void;
  field: <K extends Key<V>>(key: K) => FieldBinding<V[K]>;
  /** The DOM id a field gets, for controls bound by hand (Picker, CheckboxGroup). */
  idOf: (key: Key<V>) => string;
  errors: Partial<Record<Key<V>, string>>;
  otherErrors: string[];
  /** Sets errors by hand (a check the schema cannot make); focuses the first. */
  setErrors: (errors: Partial<Record<Key<V>, string>>, other?: string[]) => void;
  clearError: (key: Key<V>) => void;
  labels: Partial<Record<Key<V>, string>>;
  dirty: boolean;
  saving: boolean;
  readOnly: boolean;
  /** Makes `values` (or the given ones) the saved state: the form is no longer dirty. */
  reset: (values?: V) => void;
  /** Checks the values with the schema (and the input errors); shows and focuses errors on failure. */
  validate: () => z.input<S> | undefined;
  submit: <T>(run: (body: z.input<S>) => Promise<T>, options?: SubmitOptions<T>) => Promise<boolean>;
  confirmDiscard: (proceed: () => void) => void;
  conflict: VersionConflict<unknown>;
  /** The version to send with the save (undefined when creating). */
  version: number | undefined;
  /** The discard and plausibility questions; FormDialog and FormPage render them. */
  dialogs: ReactNode;
  /** The summary's element id (focused when no field in error can be). */
  summaryId: string;
}
