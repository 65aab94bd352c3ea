import { Checkbox, Item, Picker, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { buchungskontoBody } from '../../../../../src/modules/kassa/schema/buchungskonten';
import { STEUERSAETZE, type Steuersatz } from '../../../../../src/modules/kassa/schema/steuersatz';
import { useSteuersatzFlag } from '../../../api/kassa';
import { FormDialog, invalid, NumberInput } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { type Buchungskonto, fetchBuchungskonto, saveBuchungskonto } from './api';

export const BUCHUNGSKONTO_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  nummer: 'Nummer',
  name: 'Name',
  art: 'Art',
  steuersatz: 'Steuersatz',
  parzellenspezifisch: 'Parzellenspezifisch',
  jahresbetragCent: 'Jahresbetrag',
  geloescht: 'Gelöscht',
};

export const ART_TEXT: Readonly<Record<Buchungskonto['art'], string>> = { einnahme: 'Einnahme', ausgabe: 'Ausgabe' };

const toValues = (b: Buchungskonto) => ({
  nummer: b.nummer,
  name: b.name,
  art: b.art as Buchungskonto['art'],
  steuersatz: b.steuersatz as Steuersatz,
  parzellenspezifisch: b.parzellenspezifisch,
  jahresbetragCent: centsToEuro(b.jahresbetragCent),
});

export interface BuchungskontoDialogProps {
  buchungskonto?: Buchungskonto | undefined;
  kassaabrechnungId: number;
  readOnly?: boolean;
}

/**
 * Create or edit a booking account of one period: Nummer, Name, Einnahme/Ausgabe, Steuersatz (only
 * when the club books with tax), plot-specific with its yearly amount per plot.
 */
export function BuchungskontoDialog({ buchungskonto, kassaabrechnungId, readOnly = false }: BuchungskontoDialogProps) {
  const { dismiss } = useDialogContainer();
  const steuer = useSteuersatzFlag();
  const form = useZodForm(buchungskontoBody, {
    initial: buchungskonto
      ? toValues(buchungskonto)
      : {
          nummer: '',
          name: '',
          art: 'ausgabe' as Buchungskonto['art'],
          steuersatz: 0 as Steuersatz,
          parzellenspezifisch: false,
          jahresbetragCent: 0,
        },
    labels: {
      nummer: 'Nummer',
      name: 'Name',
      art: 'Art',
      steuersatz: 'Steuersatz',
      parzellenspezifisch: 'Parzellenspezifisch',
      jahresbetragCent: 'Jahresbetrag je Parzelle',
    },
    toBody: (v, { version }) => ({
      ...(buchungskonto ? { id: buchungskonto.id, version } : {}),
      nummer: v.nummer.trim(),
      name: v.name.trim(),
      art: v.art,
      steuersatz: v.steuersatz,
      parzellenspezifisch: v.parzellenspezifisch,
      jahresbetragCent:
        v.parzellenspezifisch && !Number.isNaN(v.jahresbetragCent) ? euroToCents(v.jahresbetragCent) : 0,
    }),
    conflict: {
      record: buchungskonto,
      toValues,
      reload: () => fetchBuchungskonto(buchungskonto?.id ?? 0, kassaabrechnungId),
    },
    readOnly,
  });

  const title = buchungskonto
    ? readOnly
      ? `${buchungskonto.nummer} ${buchungskonto.name}`
      : 'Buchungskonto bearbeiten'
    : 'Neues Buchungskonto';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveBuchungskonto(kassaabrechnungId, body), {
          success: (b) => `Buchungskonto ${b.nummer} „${b.name}“ gespeichert.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <TextField label="Nummer" isRequired={!readOnly} maxLength={20} autoFocus {...form.field('nummer')} />
      <TextField label="Name" isRequired={!readOnly} maxLength={200} {...form.field('name')} />
      <Picker
        label="Art"
        id={form.idOf('art')}
        selectedKey={form.values.art}
        onSelectionChange={(key) => form.set('art', key === 'einnahme' ? 'einnahme' : 'ausgabe')}
        isDisabled={readOnly}
        {...invalid(form.errors.art)}
      >
        <Item key="einnahme">Einnahme</Item>
        <Item key="ausgabe">Ausgabe</Item>
      </Picker>
      {steuer ? (
        <Picker
          label="Steuersatz"
          id={form.idOf('steuersatz')}
          selectedKey={String(form.values.steuersatz)}
          onSelectionChange={(key) => form.set('steuersatz', Number(key) as Steuersatz)}
          isDisabled={readOnly}
          {...invalid(form.errors.steuersatz)}
        >
          {STEUERSAETZE.map((satz) => (
            <Item key={String(satz)}>{`${satz} %`}</Item>
          ))}
        </Picker>
      ) : null}
      <Checkbox
        isSelected={form.values.parzellenspezifisch}
        onChange={(v) => form.set('parzellenspezifisch', v)}
        isDisabled={readOnly}
      >
        Parzellenspezifisch (wird je Parzelle vorgeschrieben, z. B. Kanal, Strom)
      </Checkbox>
      {form.values.parzellenspezifisch ? (
        <NumberInput
          label="Jahresbetrag je Parzelle"
          formatOptions={EURO_FORMAT}
          description="Wird den zugeordneten Parzellen jedes Jahr vorgeschrieben (Zuordnung je Parzelle)."
          {...form.field('jahresbetragCent')}
        />
      ) : null}
      <VerlaufDisclosure entityType="Buchungskonto" entityId={buchungskonto?.id} fieldLabels={BUCHUNGSKONTO_LABELS} />
    </FormDialog>
  );
}
