import { AlertDialog, TextField } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import { saveWithToast } from '../api/toast';

// The form pieces every form shares (with useZodForm, ui/src/lib/useZodForm): the frames (FormDialog,
// FormPage), the summary, the number and date fields, the conflict banner and the delete question.

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
