import { Checkbox, CheckboxGroup, Flex, Heading, Item, Picker, TextArea, TextField, View } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import type { adresseBody } from '../../../api/stammdaten/schemas';
import { FormPage, invalid } from '../../../components/formKit';
import type { ZodForm } from '../../../lib/zodFormTypes';
import type { AdresseDraft, DraftField } from './draft';
import { ADRESSTYPEN, ANREDEN } from './format';

export interface StammdatenFormProps {
  form: ZodForm<typeof adresseBody, AdresseDraft>;
  onSubmit: () => void;
  /** After Abbrechen (and "Verwerfen" when something was changed): the saved values are back. */
  onCancel?: (() => void) | undefined;
}

/** The German field labels: the summary of a failed save names the fields by them. */
export const DRAFT_LABELS: Readonly<Record<DraftField, string>> = {
  anrede: 'Anrede',
  titel: 'Titel',
  vorname: 'Vorname',
  nachname: 'Nachname',
  strasse: 'Straße',
  plz: 'PLZ',
  ort: 'Ort',
  land: 'Land',
  telefon: 'Telefon',
  mobil: 'Mobil',
  email: 'E-Mail',
  geburtsdatum: 'Geburtsdatum',
  eintrittsdatum: 'Eintritt',
  austrittsdatum: 'Austritt',
  hauptwohnsitz: 'Hauptwohnsitz',
  bevorzugtEmail: 'Bevorzugt E-Mail',
  kgvMitglied: 'KGV-Mitglied',
  kgvMitarbeiter: 'KGV-Mitarbeiter',
  adresstyp: 'Adresstyp',
  iban: 'IBAN',
  zeitungErlaubt: 'Vereinszeitung',
  notiz: 'Notiz',
};

/** The draft's text fields (the rest are flags and pickers). */
type TextKey = {
  [K in DraftField]: AdresseDraft[K] extends string ? K : never;
}[DraftField];

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

/** Tab "Stammdaten" of an address: a FormPage (summary on top, Abbrechen | Speichern, none when read-only). */
export function StammdatenForm({ form, onSubmit, onCancel }: StammdatenFormProps) {
  const { values: draft, readOnly } = form;
  const text = (field: TextKey, width: string, extra: Record<string, unknown> = {}) => (
    <TextField label={DRAFT_LABELS[field]} width={width} {...form.field(field)} {...extra} />
  );
  const date = (field: TextKey) => text(field, 'size-2000', { description: readOnly ? undefined : 'TT.MM.JJJJ' });

  const selectedFlags = FLAG_FIELDS.filter((flag) => draft[flag.key]).map((flag) => flag.key);
  const anreden =
    ANREDEN.includes(draft.anrede as (typeof ANREDEN)[number]) || draft.anrede === ''
      ? ANREDEN
      : [...ANREDEN, draft.anrede];

  return (
    <FormPage
      label="Stammdaten"
      form={form}
      onSubmit={onSubmit}
      onCancel={onCancel}
      maxWidth="size-6000"
      // AdresseRecord renders the questions: they must work from the other tabs too.
      renderDialogs={false}
    >
      <Section title="Person">
        <Picker
          label="Anrede"
          id={form.idOf('anrede')}
          items={anreden.map((value) => ({ key: value }))}
          selectedKey={draft.anrede || null}
          onSelectionChange={(key) => form.set('anrede', key === null ? '' : String(key))}
          isDisabled={readOnly}
          // Spectrum's own placeholder ("Option auswählen") was cut off at this width.
          placeholder="wählen"
          width="size-1600"
          {...invalid(form.errors.anrede)}
        >
          {(item) => <Item key={item.key}>{item.key}</Item>}
        </Picker>
        {text('titel', 'size-1600')}
        {text('vorname', 'size-2400')}
        {text('nachname', 'size-2400', { isRequired: !readOnly, autoFocus: !readOnly })}
        {date('geburtsdatum')}
      </Section>
      <Section title="Anschrift">
        {text('strasse', 'size-3600')}
        {text('plz', 'size-1000')}
        {text('ort', 'size-2400')}
        {text('land', 'size-2000')}
      </Section>
      <Section title="Kontakt">
        {text('telefon', 'size-2400', { type: 'tel' })}
        {text('mobil', 'size-2400', { type: 'tel' })}
        {text('email', 'size-3600', { type: 'email' })}
      </Section>
      <Section title="Verein">
        {date('eintrittsdatum')}
        {date('austrittsdatum')}
        <Picker
          label="Adresstyp"
          id={form.idOf('adresstyp')}
          items={ADRESSTYPEN}
          selectedKey={draft.adresstyp}
          onSelectionChange={(key) => form.set('adresstyp', String(key))}
          isDisabled={readOnly}
          width="size-2400"
          {...invalid(form.errors.adresstyp)}
        >
          {(item) => <Item key={item.key}>{item.label}</Item>}
        </Picker>
        {text('iban', 'size-3600')}
      </Section>
      <CheckboxGroup
        label="Merkmale"
        orientation="horizontal"
        value={selectedFlags}
        onChange={(values) => {
          for (const flag of FLAG_FIELDS) form.set(flag.key, values.includes(flag.key));
        }}
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
        onChange={(value) => form.set('zeitungErlaubt', value)}
        isReadOnly={readOnly}
      >
        Darf in der Vereinszeitung genannt werden
      </Checkbox>
      <TextArea label="Notiz" width="100%" {...form.field('notiz')} />
    </FormPage>
  );
}
