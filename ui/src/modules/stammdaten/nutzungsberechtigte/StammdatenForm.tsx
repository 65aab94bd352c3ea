import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Flex,
  Form,
  Heading,
  Item,
  Picker,
  TextArea,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { type FormEvent, type ReactNode, useId } from 'react';
import type { AdresseDraft, DraftField } from './draft';
import { ADRESSTYPEN, ANREDEN } from './format';

export interface StammdatenFormProps {
  draft: AdresseDraft;
  onChange: (patch: Partial<AdresseDraft>) => void;
  errors: Partial<Record<DraftField, string>>;
  readOnly: boolean;
  saving: boolean;
  dirty: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

const FLAG_FIELDS = [
  { key: 'hauptwohnsitz', label: 'Hauptwohnsitz' },
  { key: 'bevorzugtEmail', label: 'Bevorzugt E-Mail' },
  { key: 'kgvMitglied', label: 'KGV-Mitglied' },
  { key: 'kgvMitarbeiter', label: 'KGV-Mitarbeiter' },
] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View marginTop="size-200">
      <Heading level={3} marginBottom="size-100">
        {title}
      </Heading>
      <Flex gap="size-200" wrap alignItems="start">
        {children}
      </Flex>
    </View>
  );
}

/** Tab "Stammdaten" of an address. */
export function StammdatenForm({
  draft,
  onChange,
  errors,
  readOnly,
  saving,
  dirty,
  onSubmit,
  onCancel,
}: StammdatenFormProps) {
  const invalid = (field: DraftField) =>
    errors[field] ? { validationState: 'invalid' as const, errorMessage: errors[field] } : {};
  const text = (field: DraftField, label: string, width: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(draft[field])}
      onChange={(value) => onChange({ [field]: value })}
      width={width}
      {...invalid(field)}
      {...extra}
    />
  );
  const date = (field: DraftField, label: string) =>
    text(field, label, 'size-2000', { description: readOnly ? undefined : 'TT.MM.JJJJ' });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readOnly && !saving) onSubmit();
  }

  const formId = useId();
  const selectedFlags = FLAG_FIELDS.filter((flag) => draft[flag.key]).map((flag) => flag.key);
  const anreden =
    ANREDEN.includes(draft.anrede as (typeof ANREDEN)[number]) || draft.anrede === ''
      ? ANREDEN
      : [...ANREDEN, draft.anrede];

  return (
    <>
      <Form
        id={formId}
        onSubmit={submit}
        aria-label="Stammdaten"
        validationBehavior="aria"
        isReadOnly={readOnly}
        maxWidth="size-6000"
        width="100%"
      >
        <Section title="Person">
          <Picker
            label="Anrede"
            items={anreden.map((value) => ({ key: value }))}
            selectedKey={draft.anrede || null}
            onSelectionChange={(key) => onChange({ anrede: key === null ? '' : String(key) })}
            isDisabled={readOnly}
            width="size-1600"
            {...invalid('anrede')}
          >
            {(item) => <Item key={item.key}>{item.key}</Item>}
          </Picker>
          {text('titel', 'Titel', 'size-1600')}
          {text('vorname', 'Vorname', 'size-2400')}
          {text('nachname', 'Nachname', 'size-2400', {
            isRequired: !readOnly,
            necessityIndicator: readOnly ? 'icon' : 'label',
            autoFocus: !readOnly,
          })}
          {date('geburtsdatum', 'Geburtsdatum')}
        </Section>
        <Section title="Anschrift">
          {text('strasse', 'Straße', 'size-3600')}
          {text('plz', 'PLZ', 'size-1000')}
          {text('ort', 'Ort', 'size-2400')}
          {text('land', 'Land', 'size-2000')}
        </Section>
        <Section title="Kontakt">
          {text('telefon', 'Telefon', 'size-2400', { type: 'tel' })}
          {text('mobil', 'Mobil', 'size-2400', { type: 'tel' })}
          {text('email', 'E-Mail', 'size-3600', { type: 'email' })}
        </Section>
        <Section title="Verein">
          {date('eintrittsdatum', 'Eintritt')}
          {date('austrittsdatum', 'Austritt')}
          <Picker
            label="Adresstyp"
            items={ADRESSTYPEN}
            selectedKey={draft.adresstyp}
            onSelectionChange={(key) => onChange({ adresstyp: String(key) })}
            isDisabled={readOnly}
            width="size-2400"
            {...invalid('adresstyp')}
          >
            {(item) => <Item key={item.key}>{item.label}</Item>}
          </Picker>
          {text('iban', 'IBAN', 'size-3600')}
        </Section>
        <CheckboxGroup
          label="Merkmale"
          orientation="horizontal"
          value={selectedFlags}
          onChange={(values) =>
            onChange(Object.fromEntries(FLAG_FIELDS.map((flag) => [flag.key, values.includes(flag.key)])))
          }
          isReadOnly={readOnly}
          marginTop="size-200"
        >
          {FLAG_FIELDS.map((flag) => (
            <Checkbox key={flag.key} value={flag.key}>
              {flag.label}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <Checkbox
          isSelected={draft.zeitungErlaubt}
          onChange={(value) => onChange({ zeitungErlaubt: value })}
          isReadOnly={readOnly}
        >
          Darf in der Vereinszeitung genannt werden
        </Checkbox>
        <TextArea
          label="Notiz"
          value={draft.notiz}
          onChange={(value) => onChange({ notiz: value })}
          width="100%"
          {...invalid('notiz')}
        />
      </Form>
      {readOnly ? null : (
        <ButtonGroup marginTop="size-200">
          <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
            Abbrechen
          </Button>
          <Button variant="accent" type="submit" form={formId} isPending={saving} isDisabled={!dirty && !saving}>
            Speichern
          </Button>
        </ButtonGroup>
      )}
    </>
  );
}
