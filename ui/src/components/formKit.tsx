import { AlertDialog, TextField } from '@adobe/react-spectrum';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { isAbortedError } from '../api/errors';
import { saveWithToast } from '../api/toast';
import type { VersionConflict } from '../api/versionConflict';
import { schemaErrors } from '../lib/schemaErrors';
import { matchFieldErrors } from '../lib/serverErrors';

// The form pieces the Stammdaten dialogs share: errors from the API's schema and from the server,
// the form dialog, the date field and the delete question.

export interface DeleteDialogProps {
  title: string;
  children: ReactNode;
  /** The delete call; its 409 sentence shows as the error toast. */
  run: () => Promise<unknown>;
  success: string;
  /** The button's word when "Löschen" would say too much (e.g. "Entfernen"). */
  actionLabel?: string;
}

/** The delete question: an AlertDialog naming the record; Abbrechen is focused. */
export function DeleteDialog({ title, children, run, success, actionLabel = 'Löschen' }: DeleteDialogProps) {
  return (
    <AlertDialog
      title={title}
      variant="destructive"
      primaryActionLabel={actionLabel}
      cancelLabel="Abbrechen"
      autoFocusButton="cancel"
      onPrimaryAction={() => {
        saveWithToast(run, { success }).catch(() => {
          // The error toast shows the server's reason (409: still in use).
        });
      }}
    >
      {children}
    </AlertDialog>
  );
}

export function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

/**
 * Field errors of a form: the client's checks after the first submit, then the server's 422 answer.
 * With `conflict` (useVersionConflict) a 409 version_conflict goes there instead of the errors.
 */
export function useFormErrors<F extends string>(
  fields: readonly F[],
  conflict?: Pick<VersionConflict<unknown>, 'noteError'>,
) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  /** Runs a save with toasts; true when it succeeded. */
  async function save(work: () => Promise<unknown>, success?: string): Promise<boolean> {
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      await saveWithToast(work, success ? { success } : {});
      return true;
    } catch (error) {
      if (!isAbortedError(error) && !conflict?.noteError(error)) {
        const matched = matchFieldErrors(error, fields);
        setServerErrors(matched.fields as Partial<Record<F, string>>);
        setOtherErrors(matched.other);
      }
      return false;
    } finally {
      setSaving(false);
    }
  }

  /**
   * Checks a body with the API's own zod schema before it is sent: on failure the messages go to
   * their fields (the rest above the form) and the answer is false. `inputErrors` are what the form
   * itself could not convert (a date not typed as TT.MM.JJJJ …); they win over the schema's words.
   * A true answer narrows the body to what the schema accepts (a picked id is then no longer null).
   */
  function validate<S extends z.ZodType>(
    schema: S,
    body: unknown,
    inputErrors: Partial<Record<F, string | undefined>> = {},
  ): body is z.input<S> {
    setSubmitted(true);
    const { fields: fieldErrors, other } = schemaErrors(schema, body, fields);
    for (const [field, message] of Object.entries(inputErrors) as [F, string | undefined][]) {
      if (message !== undefined) fieldErrors[field] = message;
    }
    setServerErrors(fieldErrors);
    setOtherErrors(other);
    return Object.keys(fieldErrors).length === 0 && other.length === 0;
  }

  function clear(field: F) {
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  return { serverErrors, otherErrors, saving, submitted, setSubmitted, save, validate, clear };
}

// The frames live in their own files; formKit stays the one import for a form's pieces.
export { ConflictBanner, RELOAD_AND_REAPPLY } from './ConflictBanner';
export { FormDialog, type FormDialogProps, FormPage, type FormPageProps } from './FormFrame';
export { FormSummary } from './FormSummary';
export { emptyAsNull, NumberInput } from './NumberInput';

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  readOnly?: boolean;
  error?: string | undefined;
  /** From useZodForm's field(): the id (focus on error) and the error state. */
  id?: string;
  validationState?: 'invalid';
  errorMessage?: string;
  /** Replaces the format hint, e.g. to say what an empty field means. */
  description?: string;
  autoFocus?: boolean;
}

/**
 * A date typed as TT.MM.JJJJ (the club's Excel habit); parse it with parseGermanDate (src/platform/dates).
 * The required marker comes from the Form (one style everywhere: FormDialog, FormPage).
 */
export function DateField({
  label,
  value,
  onChange,
  isRequired,
  readOnly,
  error,
  description,
  autoFocus,
  id,
  errorMessage,
}: DateFieldProps) {
  return (
    <TextField
      {...(id ? { id } : {})}
      label={label}
      value={value}
      onChange={onChange}
      isRequired={Boolean(isRequired) && !readOnly}
      description={readOnly ? undefined : (description ?? 'TT.MM.JJJJ, z. B. 15.03.2025')}
      inputMode="numeric"
      maxLength={10}
      autoFocus={Boolean(autoFocus)}
      {...invalid(error ?? errorMessage)}
    />
  );
}
