import { Checkbox, Item, Picker, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { kontoBody } from '../../../../../src/modules/kassa/schema/konten';
import type { KassaabrechnungLookup } from '../../../api/kassa';
import { FormDialog, invalid, NumberInput } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { centsToEuro, compactIban, EURO_FORMAT, euroToCents, formatIban } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { fetchKonto, type Konto, saveKonto } from './api';

export const KONTO_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  name: 'Name',
  art: 'Art',
  iban: 'IBAN',
  bic: 'BIC',
  aktiv: 'Aktiv',
  anfangsbestandCent: 'Anfangsbestand',
};

type Art = Konto['art'];

const toValues = (k: Konto) => ({
  name: k.name,
  art: k.art as Art,
  iban: formatIban(k.iban ?? ''),
  bic: k.bic ?? '',
  aktiv: k.aktiv,
  anfangsbestandCent: centsToEuro(k.anfangsbestandCent),
});

export interface KontoDialogProps {
  konto?: Konto | undefined;
  /** The period whose opening balance the dialog shows and sets. */
  kassaabrechnung: KassaabrechnungLookup | undefined;
  readOnly?: boolean;
}

/**
 * Create or edit an account (bank account or cash box): name, art, IBAN (the server checks it and
 * says why it is wrong), BIC, aktiv, and the opening balance of the chosen period (only while the
 * period is open).
 */
export function KontoDialog({ konto, kassaabrechnung, readOnly = false }: KontoDialogProps) {
  const { dismiss } = useDialogContainer();
  const periodeOffen = kassaabrechnung !== undefined && !kassaabrechnung.geschlossen;
  const form = useZodForm(kontoBody, {
    initial: konto
      ? toValues(konto)
      : { name: '', art: 'bank' as Art, iban: '', bic: '', aktiv: true, anfangsbestandCent: 0 },
    labels: {
      name: 'Name',
      art: 'Art',
      iban: 'IBAN',
      bic: 'BIC',
      aktiv: 'Aktiv',
      anfangsbestandCent: 'Anfangsbestand',
    },
    toBody: (v, { version }) => ({
      ...(konto ? { id: konto.id, version } : {}),
      name: v.name.trim(),
      art: v.art,
      iban: compactIban(v.iban),
      bic: v.bic.trim().toUpperCase(),
      aktiv: v.aktiv,
      // The opening balance belongs to a period: sent only while that period is open.
      ...(periodeOffen
        ? {
            kassaabrechnungId: kassaabrechnung.id,
            anfangsbestandCent: Number.isNaN(v.anfangsbestandCent) ? 0 : euroToCents(v.anfangsbestandCent),
          }
        : {}),
    }),
    conflict: { record: konto, toValues, reload: () => fetchKonto(konto?.id ?? 0, kassaabrechnung?.id) },
    readOnly,
  });

  const title = konto ? (readOnly ? konto.name : 'Konto bearbeiten') : 'Neues Konto';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveKonto(body), {
          success: (k) => `Konto „${k.name}“ gespeichert.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <TextField label="Name" isRequired={!readOnly} maxLength={200} autoFocus {...form.field('name')} />
      <Picker
        label="Art"
        id={form.idOf('art')}
        selectedKey={form.values.art}
        onSelectionChange={(key) => form.set('art', key === 'kassa' ? 'kassa' : 'bank')}
        isDisabled={readOnly}
        {...invalid(form.errors.art)}
      >
        <Item key="bank">Bankkonto</Item>
        <Item key="kassa">Handkassa</Item>
      </Picker>
      <TextField
        label="IBAN"
        maxLength={42}
        description={readOnly ? undefined : 'z. B. AT61 1904 3002 3457 3201 – Leerzeichen sind egal'}
        {...form.field('iban')}
      />
      <TextField label="BIC" maxLength={11} {...form.field('bic')} />
      <Checkbox isSelected={form.values.aktiv} onChange={(v) => form.set('aktiv', v)} isDisabled={readOnly}>
        Aktiv (wird beim Buchen angeboten und ins nächste Kassajahr übernommen)
      </Checkbox>
      <NumberInput
        label={kassaabrechnung ? `Anfangsbestand ${kassaabrechnung.jahr}` : 'Anfangsbestand'}
        formatOptions={EURO_FORMAT}
        isDisabled={!periodeOffen}
        description={
          periodeOffen
            ? 'Stand am ersten Tag des Kassajahres'
            : kassaabrechnung
              ? `${kassaabrechnung.name} ist abgeschlossen – der Anfangsbestand bleibt.`
              : 'Legen Sie zuerst ein Kassajahr an.'
        }
        {...form.field('anfangsbestandCent')}
      />
      <VerlaufDisclosure entityType="Konto" entityId={konto?.id} fieldLabels={KONTO_LABELS} />
    </FormDialog>
  );
}
