import { Flex, Item, Picker, Switch, TextArea, TextField } from '@adobe/react-spectrum';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { type EditSectionKey, updateSection, type Vereinseinstellungen } from '../../api/vereinseinstellungen';
import { fetchRecord } from '../../api/versionConflict';
import { FormPage, NumberInput } from '../../components/formKit';
import { EURO_FORMAT, formatIban } from '../../lib/fieldFormats';
import { useZodForm } from '../../lib/useZodForm';
import type { FieldDef, FormValue, FormValues, SectionDef } from './sections';
import { sameValues, toFormValues, toPayload, validateValues } from './sectionValues';

/** Asks before unsaved changes go (runs `proceed` at once when there are none). */
export type ConfirmDiscard = (proceed: () => void) => void;

export interface SectionFormProps {
  section: SectionDef;
  /** The saved section object from the server. */
  saved: object | null | undefined;
  canEdit: boolean;
  /** The form's question before its changes go, for the screen's tab change (null when unmounted). */
  onConfirmDiscard: (confirm: ConfirmDiscard | null) => void;
  /** Extra hints under the fields, depending on what is entered (e.g. the MFA warning). */
  renderNotice?: (values: FormValues) => ReactNode;
}

interface FieldProps {
  id: string;
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

function SettingsField({ id, field, value, error, readOnly, onChange, onBlur }: FieldProps) {
  const common = {
    id,
    label: field.label,
    name: field.key,
    isReadOnly: readOnly,
    // The marker itself is the form frame's one style (FormPage).
    ...(field.required === true && !readOnly ? { isRequired: true } : {}),
    ...(field.description ? { description: field.description } : {}),
    ...invalid(error),
  };
  switch (field.kind) {
    case 'textarea':
      return <TextArea {...common} value={String(value ?? '')} onChange={onChange} height="size-1600" />;
    case 'money':
    case 'integer':
      // NumberInput takes no minValue/maxValue: Spectrum would clamp "0 Tage" to 1 and "-5 €" to 0
      // without a word. The section's schema says at the field what is allowed instead.
      return (
        <NumberInput
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
        <Switch id={id} name={field.key} isSelected={value === true} onChange={onChange} isReadOnly={readOnly}>
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

/**
 * One section of the Vereinseinstellungen on the one form system (useZodForm on the section's
 * server schema): its fields, "Abbrechen | Speichern", the summary and focus on the first error.
 */
export function SectionForm({ section, saved, canEdit, onConfirmDiscard, renderNotice }: SectionFormProps) {
  const savedValues = useMemo(() => toFormValues(section, saved), [section, saved]);
  // The section as the form was filled from it: its version goes with the save, so a revalidated
  // read arriving while the user edits cannot make the save overwrite someone else's change.
  type Versioned = { version?: number };
  const [base, setBase] = useState<Versioned | undefined>((saved ?? undefined) as Versioned | undefined);
  const form = useZodForm(section.schema, {
    initial: savedValues,
    labels: Object.fromEntries(section.fields.map((field) => [field.key, field.label])),
    toBody: (values: FormValues): unknown => ({ ...toPayload(section, saved, values), version: form.version }),
    // Empty numbers and mistyped decimals, and the schema's words with money in euros (validateValues).
    inputErrors: (values) => validateValues(section, values, saved),
    conflict: {
      record: base,
      toValues: (record: Versioned) => toFormValues(section, record),
      reload: async () => {
        const all = await fetchRecord<Vereinseinstellungen>('/api/Vereinseinstellungen/Vereinseinstellungen', {});
        return all[section.key as EditSectionKey] as Versioned;
      },
    },
    readOnly: !canEdit,
  });

  // New data from the server (a revalidation, a save in another tab) replaces an untouched form;
  // edits in progress win.
  const lastSaved = useRef(savedValues);
  useEffect(() => {
    if (sameValues(lastSaved.current, savedValues)) return;
    lastSaved.current = savedValues;
    if (!form.dirty) {
      form.reset(savedValues);
      setBase((saved ?? undefined) as Versioned | undefined);
    }
  }, [savedValues, form, saved]);

  const { confirmDiscard } = form;
  useEffect(() => {
    onConfirmDiscard(confirmDiscard);
  }, [confirmDiscard, onConfirmDiscard]);
  useEffect(() => () => onConfirmDiscard(null), [onConfirmDiscard]);

  /** Groups the IBAN in fours once the field is left; keeps any message under it. */
  function tidyIban(field: FieldDef) {
    const current = String(form.values[field.key] ?? '');
    const formatted = formatIban(current);
    if (formatted !== current) form.setValues({ ...form.values, [field.key]: formatted });
  }

  function save() {
    void form.submit((body) => updateSection(section.key, body as Vereinseinstellungen[EditSectionKey]), {
      onSaved: (result) => {
        // The server's normalized values (IBAN, website …) become the form's saved state.
        const fresh = result?.[section.key] as Versioned | undefined;
        if (fresh) {
          form.reset(toFormValues(section, fresh));
          setBase(fresh);
        }
      },
    });
  }

  const readOnly = !canEdit;
  return (
    <Flex direction="column" gap="size-200" maxWidth="size-6000">
      {renderNotice?.(form.values)}
      <FormPage label={section.title} form={form} onSubmit={save}>
        {section.fields.map((field) => (
          <SettingsField
            key={field.key}
            id={form.idOf(field.key)}
            field={field}
            value={form.values[field.key]}
            error={form.errors[field.key]}
            readOnly={readOnly}
            onChange={(value) => form.set(field.key, value)}
            {...(field.kind === 'iban' ? { onBlur: () => tidyIban(field) } : {})}
          />
        ))}
      </FormPage>
    </Flex>
  );
}
