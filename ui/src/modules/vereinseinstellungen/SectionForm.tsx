import {
  Button,
  ButtonGroup,
  Flex,
  Form,
  Item,
  NumberField,
  Picker,
  Switch,
  TextArea,
  TextField,
} from '@adobe/react-spectrum';
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isAbortedError } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { type EditSectionKey, updateSection, type Vereinseinstellungen } from '../../api/vereinseinstellungen';
import { fetchRecord, useVersionConflict } from '../../api/versionConflict';
import { ConflictBanner } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';
import { EURO_FORMAT, formatIban } from '../../lib/fieldFormats';
import { matchFieldErrors } from '../../lib/serverErrors';
import {
  type FieldDef,
  type FormValue,
  type FormValues,
  type SectionDef,
  sameValues,
  toFormValues,
  toPayload,
  validateValues,
} from './sections';

export interface SectionFormProps {
  section: SectionDef;
  /** The saved section object from the server. */
  saved: object | null | undefined;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
  /** Extra hints under the fields, depending on what is entered (e.g. the MFA warning). */
  renderNotice?: (values: FormValues) => ReactNode;
}

interface FieldProps {
  field: FieldDef;
  value: FormValue | undefined;
  error: string | undefined;
  readOnly: boolean;
  onChange: (value: FormValue) => void;
  onBlur?: () => void;
}

function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

function SettingsField({ field, value, error, readOnly, onChange, onBlur }: FieldProps) {
  const common = {
    label: field.label,
    name: field.key,
    isReadOnly: readOnly,
    // "(erforderlich)" on required fields only; 'label' would also mark the others "(optional)".
    ...(field.required === true && !readOnly ? { isRequired: true, necessityIndicator: 'label' as const } : {}),
    ...(field.description ? { description: field.description } : {}),
    ...invalid(error),
  };
  switch (field.kind) {
    case 'textarea':
      return <TextArea {...common} value={String(value ?? '')} onChange={onChange} height="size-1600" />;
    case 'money':
    case 'integer':
      // No minValue/maxValue: Spectrum would clamp "0 Tage" to 1 and "-5 €" to 0 without a word.
      // The section's schema says at the field what is allowed instead.
      return (
        <NumberField
          {...common}
          value={typeof value === 'number' ? value : Number.NaN}
          onChange={onChange}
          {...(field.kind === 'money'
            ? { formatOptions: EURO_FORMAT, hideStepper: true }
            : { formatOptions: { maximumFractionDigits: 0, useGrouping: false } })}
          width="size-3000"
        />
      );
    case 'switch':
      return (
        <Switch name={field.key} isSelected={value === true} onChange={onChange} isReadOnly={readOnly}>
          {field.label}
        </Switch>
      );
    case 'picker': {
      const options = field.options ?? [];
      if (readOnly) {
        const label = options.find((option) => option.key === value)?.label ?? '';
        return <TextField {...common} value={label} width="size-4600" />;
      }
      return (
        <Picker
          {...common}
          items={options}
          selectedKey={String(value ?? '')}
          onSelectionChange={(key) => {
            if (key !== null) onChange(String(key));
          }}
          width="size-4600"
        >
          {(option) => <Item key={option.key}>{option.label}</Item>}
        </Picker>
      );
    }
    default:
      return (
        <TextField
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : field.kind === 'tel' ? 'tel' : 'text'}
          value={String(value ?? '')}
          onChange={onChange}
          {...(onBlur ? { onBlur } : {})}
          {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
          {...(field.kind === 'decimal' ? { inputMode: 'decimal' as const } : {})}
          width={field.kind === 'iban' ? 'size-4600' : '100%'}
        />
      );
  }
}

/** One section of the Vereinseinstellungen: its fields, "Speichern" and "Abbrechen". */
export function SectionForm({ section, saved, canEdit, onDirtyChange, renderNotice }: SectionFormProps) {
  const formId = useId();
  const savedValues = useMemo(() => toFormValues(section, saved), [section, saved]);
  const [baseline, setBaseline] = useState(savedValues);
  const [values, setValues] = useState(savedValues);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const dirty = !sameValues(values, baseline);
  // The section as the form was filled from it: its version goes with the save, so a revalidated
  // read arriving while the user edits cannot make the save overwrite someone else's change.
  type Versioned = { version?: number };
  const [base, setBase] = useState<Versioned | undefined>((saved ?? undefined) as Versioned | undefined);
  const conflict = useVersionConflict({
    record: base,
    toValues: (r: Versioned) => toFormValues(section, r),
    values,
    setValues,
    reload: async () => {
      const all = await fetchRecord<Vereinseinstellungen>('/api/Vereinseinstellungen/Vereinseinstellungen', {});
      const fresh = all[section.key as EditSectionKey] as Versioned;
      setBaseline(toFormValues(section, fresh));
      return fresh;
    },
  });

  // New data from the server (a revalidation, a save in another tab) replaces an untouched form;
  // edits in progress win.
  const lastSaved = useRef(savedValues);
  useEffect(() => {
    if (sameValues(lastSaved.current, savedValues)) return;
    lastSaved.current = savedValues;
    if (!dirty) {
      setBaseline(savedValues);
      setValues(savedValues);
      setBase((saved ?? undefined) as Versioned | undefined);
    }
  }, [savedValues, dirty, saved]);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  function change(field: FieldDef, value: FormValue) {
    setValues((current) => ({ ...current, [field.key]: value }));
    setServerErrors(({ [field.key]: _, ...rest }) => rest);
    // The message goes once the field is changed; the next "Speichern" checks again.
    setClientErrors(({ [field.key]: _, ...rest }) => rest);
  }

  /** Groups the IBAN in fours once the field is left; keeps any message under it. */
  function tidyIban(field: FieldDef) {
    setValues((current) => {
      const formatted = formatIban(String(current[field.key] ?? ''));
      return formatted === current[field.key] ? current : { ...current, [field.key]: formatted };
    });
  }

  function reset() {
    setValues(baseline);
    setClientErrors({});
    setServerErrors({});
    setOtherErrors([]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canEdit || saving) return;
    const errors = validateValues(section, values, saved);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      const payload = {
        ...toPayload(section, saved, values),
        version: conflict.version,
      } as unknown as Vereinseinstellungen[EditSectionKey];
      const result = await saveWithToast(updateSection(section.key, payload));
      const next = toFormValues(section, result?.[section.key] ?? payload);
      setBase((result?.[section.key] ?? undefined) as Versioned | undefined);
      setBaseline(next);
      setValues(next);
    } catch (error) {
      if (!isAbortedError(error) && !conflict.noteError(error)) {
        const matched = matchFieldErrors(
          error,
          section.fields.map((field) => field.key),
        );
        setServerErrors(matched.fields);
        setOtherErrors(matched.other);
      }
    } finally {
      setSaving(false);
    }
  }

  const readOnly = !canEdit;
  return (
    <Flex direction="column" gap="size-200" maxWidth="size-6000">
      <ConflictBanner conflict={conflict} />
      {otherErrors.length > 0 ? (
        <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
      ) : null}
      <Form id={formId} onSubmit={submit} aria-label={section.title} validationBehavior="aria" isReadOnly={readOnly}>
        {section.fields.map((field) => (
          <SettingsField
            key={field.key}
            field={field}
            value={values[field.key]}
            error={serverErrors[field.key] ?? clientErrors[field.key]}
            readOnly={readOnly}
            onChange={(value) => change(field, value)}
            {...(field.kind === 'iban' ? { onBlur: () => tidyIban(field) } : {})}
          />
        ))}
      </Form>
      {renderNotice?.(values)}
      {canEdit ? (
        <ButtonGroup marginTop="size-100">
          <Button variant="secondary" onPress={reset} isDisabled={!dirty || saving}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId} variant="accent" isPending={saving}>
            Speichern
          </Button>
        </ButtonGroup>
      ) : null}
    </Flex>
  );
}
