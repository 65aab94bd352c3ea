import { Button, ButtonGroup, Content, Dialog, Divider, Flex, Form, Heading } from '@adobe/react-spectrum';
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import type { ZodFormFrame } from '../lib/zodFormTypes';
import { ConflictBanner } from './ConflictBanner';
import { FormSummary } from './FormSummary';

// The frames every form sits in: one button order ("Abbrechen | Speichern", secondary left, accent
// right), one required-field marker (the Form's necessityIndicator), the summary of a failed save
// at the top, and the question before unsaved changes are discarded.

type FormChildren = ComponentProps<typeof Form>['children'];

/**
 * Spectrum types a Form's children as elements only; fields reach the Form by context either way,
 * so conditional parts (`{cond ? <Field /> : null}`) are fine inside it.
 */
const asFormChildren = (children: ReactNode) => children as FormChildren;

/**
 * One style of the required marker everywhere: "(erforderlich)" after a required field's label,
 * "(optional)" after the others — words, not a bare asterisk, for the club's older users.
 */
export const NECESSITY_INDICATOR = 'label' as const;

/**
 * While `active`, Escape inside the dialog that holds `marker` asks first (calls `onEscape`)
 * instead of closing the dialog. A capture listener on the document runs before Spectrum's own
 * Escape handling; an open picker or combo box (aria-expanded) keeps its Escape.
 */
export function useEscapeAsks(marker: React.RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  const handler = useRef(onEscape);
  handler.current = onEscape;
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const dialog = marker.current?.closest('[role="dialog"]');
      const target = event.target instanceof Element ? event.target : null;
      if (!dialog || !target || !dialog.contains(target)) return;
      if (target.getAttribute('aria-expanded') === 'true') return;
      event.preventDefault();
      event.stopPropagation();
      handler.current();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [active, marker]);
}

export interface FormDialogProps {
  title: string;
  /** The form's useZodForm: errors, saving, dirty, conflict and its questions come from it. */
  form: ZodFormFrame;
  onSubmit: () => void;
  /** Closes the dialog; with unsaved changes only after "Änderungen verwerfen?". */
  onCancel: () => void;
  children: ReactNode;
  submitLabel?: string;
  size?: 'S' | 'M' | 'L';
  /** Below the form, outside it: parts with their own forms (HTML forms cannot nest). */
  after?: ReactNode;
}

/** A dialog with one form, "Abbrechen | Speichern" (read-only: "Schließen" only). */
export function FormDialog(props: FormDialogProps) {
  const formId = useId();
  const marker = useRef<HTMLSpanElement>(null);
  const { form } = props;
  const { readOnly, saving } = form;
  const cancel = () => form.confirmDiscard(props.onCancel);
  useEscapeAsks(marker, form.dirty && !saving, cancel);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readOnly && !saving) props.onSubmit();
  }
  return (
    <Dialog size={props.size ?? 'M'}>
      <Heading>{props.title}</Heading>
      <Divider />
      <Content>
        <span ref={marker} hidden />
        <ConflictBanner conflict={form.conflict} />
        <FormSummary form={form} />
        <Form
          id={formId}
          onSubmit={submit}
          aria-label={props.title}
          validationBehavior="aria"
          isReadOnly={readOnly}
          necessityIndicator={NECESSITY_INDICATOR}
        >
          {asFormChildren(props.children)}
        </Form>
        {props.after}
        {form.dialogs}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={cancel}>
          {readOnly ? 'Schließen' : 'Abbrechen'}
        </Button>
        {readOnly ? null : (
          <Button variant="accent" type="submit" form={formId} isPending={saving}>
            {props.submitLabel ?? 'Speichern'}
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

export interface FormPageProps {
  /** The form's accessible name. */
  label: string;
  form: ZodFormFrame;
  onSubmit: () => void;
  /**
   * After "Abbrechen" (and, when dirty, "Verwerfen"): the form already shows the saved values
   * again. With it, Abbrechen is always offered (it closes an inline form); without, only when dirty.
   */
  onCancel?: () => void;
  children: ReactNode;
  submitLabel?: string;
  maxWidth?: ComponentProps<typeof Form>['maxWidth'];
  /**
   * False when the page renders `form.dialogs` itself: a form in a tab is unmounted on another
   * tab, but the page's "Zurück zur Liste" still needs the discard question.
   */
  renderDialogs?: boolean;
}

/**
 * A form on a page or in a tab: summary on top, "Abbrechen | Speichern" below (none when read-only).
 * Abbrechen puts the saved values back after asking; leaving the page asks (the form's guard).
 */
export function FormPage({
  label,
  form,
  onSubmit,
  onCancel,
  children,
  submitLabel,
  maxWidth,
  renderDialogs = true,
}: FormPageProps) {
  const formId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.readOnly && !form.saving) onSubmit();
  }
  return (
    <>
      <ConflictBanner conflict={form.conflict} />
      <FormSummary form={form} />
      <Form
        id={formId}
        onSubmit={submit}
        aria-label={label}
        validationBehavior="aria"
        isReadOnly={form.readOnly}
        necessityIndicator={NECESSITY_INDICATOR}
        {...(maxWidth !== undefined ? { maxWidth } : {})}
      >
        {asFormChildren(children)}
      </Form>
      {form.readOnly ? null : (
        <Flex gap="size-100" marginTop="size-200" wrap>
          <Button
            variant="secondary"
            isDisabled={form.saving || (!form.dirty && !onCancel)}
            onPress={() =>
              form.confirmDiscard(() => {
                form.revert();
                onCancel?.();
              })
            }
          >
            Abbrechen
          </Button>
          <Button variant="accent" type="submit" form={formId} isPending={form.saving}>
            {submitLabel ?? 'Speichern'}
          </Button>
        </Flex>
      )}
      {renderDialogs ? form.dialogs : null}
    </>
  );
}
