import {
  AlertDialog,
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Form,
  Heading,
  TextField,
} from '@adobe/react-spectrum';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import type { z } from 'zod';
import { isAbortedError } from '../api/errors';
import { saveWithToast } from '../api/toast';
import type { VersionConflict } from '../api/versionConflict';
import { schemaErrors } from '../lib/schemaErrors';
import { matchFieldErrors } from '../lib/serverErrors';
import { MessageBanner } from './MessageBanner';

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

export interface FormDialogProps {
  title: string;
  readOnly: boolean;
  saving: boolean;
  otherErrors: readonly string[];
  onSubmit: () => void;
  onCancel: () => void;
  children: ComponentProps<typeof Form>['children'];
  submitLabel?: string;
  size?: 'S' | 'M' | 'L';
  /** Below the form, outside it: parts with their own forms (HTML forms cannot nest). */
  after?: ReactNode;
  /** The form's useVersionConflict: shows the conflict and the reload button above the form. */
  conflict?: VersionConflict<unknown> | undefined;
}

export const RELOAD_AND_REAPPLY = 'Neu laden und meine Änderungen übernehmen';

/**
 * Someone else saved the record meanwhile (409 version_conflict): the server's sentence and a button
 * that reloads the record and keeps what the user changed, so the user can review and save again.
 */
export function ConflictBanner({ conflict }: { conflict: VersionConflict<unknown> | undefined }) {
  if (!conflict?.message) return null;
  return (
    <Flex direction="column" gap="size-100" marginBottom="size-200">
      <MessageBanner
        level="warning"
        title="Inzwischen geändert"
        message={
          conflict.reloadError
            ? `${conflict.message}\n\nNeu laden fehlgeschlagen: ${conflict.reloadError}`
            : `${conflict.message}\n\nIhre Eingaben bleiben erhalten: Felder, die Sie geändert haben, behalten Ihren Wert, alle anderen zeigen danach den neuen Stand. Prüfen Sie die Werte und speichern Sie erneut.`
        }
      />
      <Flex>
        <Button variant="primary" onPress={() => void conflict.reloadAndReapply()} isPending={conflict.reloading}>
          {RELOAD_AND_REAPPLY}
        </Button>
      </Flex>
    </Flex>
  );
}

/** A dialog with one form, "Speichern" and "Abbrechen" (read-only: "Schließen"). */
export function FormDialog(props: FormDialogProps) {
  const formId = useId();
  const { readOnly } = props;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readOnly && !props.saving) props.onSubmit();
  }
  return (
    <Dialog size={props.size ?? 'M'}>
      <Heading>{props.title}</Heading>
      <Divider />
      <Content>
        <ConflictBanner conflict={props.conflict} />
        {props.otherErrors.length > 0 ? (
          <MessageBanner level="danger" title="Nicht gespeichert" message={props.otherErrors.join('\n')} />
        ) : null}
        <Form id={formId} onSubmit={submit} aria-label={props.title} validationBehavior="aria" isReadOnly={readOnly}>
          {props.children}
        </Form>
        {props.after}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onCancel}>
          {readOnly ? 'Schließen' : 'Abbrechen'}
        </Button>
        {readOnly ? null : (
          <Button variant="accent" type="submit" form={formId} isPending={props.saving}>
            {props.submitLabel ?? 'Speichern'}
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  readOnly?: boolean;
  error?: string | undefined;
  /** Replaces the format hint, e.g. to say what an empty field means. */
  description?: string;
  autoFocus?: boolean;
}

/** A date typed as TT.MM.JJJJ (the club's Excel habit); parse it with parseGermanDate (src/platform/dates). */
export function DateField({
  label,
  value,
  onChange,
  isRequired,
  readOnly,
  error,
  description,
  autoFocus,
}: DateFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      isRequired={Boolean(isRequired) && !readOnly}
      necessityIndicator={readOnly ? 'icon' : 'label'}
      description={readOnly ? undefined : (description ?? 'TT.MM.JJJJ, z. B. 15.03.2025')}
      inputMode="numeric"
      maxLength={10}
      autoFocus={Boolean(autoFocus)}
      {...invalid(error)}
    />
  );
}
