import { TextField, useDialogContainer } from '@adobe/react-spectrum';
import { kassaabrechnungBody } from '../../../../../src/modules/kassa/schema/kassaabrechnung';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { DateField, FormDialog, NumberInput } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';
import { fetchKassaabrechnung, type Kassaabrechnung, saveKassaabrechnung } from './api';

/** German names of the fields the history records for a period. */
export const KASSAABRECHNUNG_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  jahr: 'Jahr',
  bezeichnung: 'Bezeichnung',
  von: 'von',
  bis: 'bis',
  geschlossen: 'Abgeschlossen',
  geschlossenAm: 'Abgeschlossen am',
  kettenKopf: 'Prüfkette',
};

const toValues = (k: Kassaabrechnung) => ({
  jahr: k.jahr,
  bezeichnung: k.bezeichnung,
  von: formatGermanDate(k.von),
  bis: formatGermanDate(k.bis),
});

export interface KassaabrechnungDialogProps {
  kassaabrechnung?: Kassaabrechnung | undefined;
  readOnly?: boolean;
}

/**
 * Create or edit a period: Jahr, Bezeichnung, von–bis (TT.MM.JJJJ). A closed period is shown
 * read-only. Render inside a DialogContainer.
 */
export function KassaabrechnungDialog({ kassaabrechnung, readOnly = false }: KassaabrechnungDialogProps) {
  const { dismiss } = useDialogContainer();
  const nurAnsicht = readOnly || kassaabrechnung?.geschlossen === true;
  const jahr = new Date().getFullYear();
  const form = useZodForm(kassaabrechnungBody, {
    initial: kassaabrechnung
      ? toValues(kassaabrechnung)
      : { jahr, bezeichnung: `Kassa ${jahr}`, von: `01.01.${jahr}`, bis: `31.12.${jahr}` },
    labels: { jahr: 'Jahr', bezeichnung: 'Bezeichnung', von: 'von', bis: 'bis' },
    toBody: (v, { version }) => ({
      ...(kassaabrechnung ? { id: kassaabrechnung.id, version } : {}),
      jahr: v.jahr,
      bezeichnung: v.bezeichnung.trim(),
      von: parseGermanDate(v.von) ?? '',
      bis: parseGermanDate(v.bis) ?? '',
    }),
    inputErrors: (v) => ({
      von: parseGermanDate(v.von) ? undefined : 'Bitte geben Sie den Beginn als TT.MM.JJJJ ein.',
      bis: parseGermanDate(v.bis) ? undefined : 'Bitte geben Sie das Ende als TT.MM.JJJJ ein.',
    }),
    conflict: { record: kassaabrechnung, toValues, reload: () => fetchKassaabrechnung(kassaabrechnung?.id ?? 0) },
    readOnly: nurAnsicht,
  });

  const title = kassaabrechnung
    ? nurAnsicht
      ? kassaabrechnung.bezeichnung
      : 'Kassaabrechnung bearbeiten'
    : 'Neue Kassaabrechnung';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveKassaabrechnung(body), {
          success: (k) => `${k.bezeichnung} gespeichert.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <NumberInput
        label="Jahr"
        isRequired={!nurAnsicht}
        formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
        {...form.field('jahr')}
      />
      <TextField label="Bezeichnung" isRequired={!nurAnsicht} maxLength={200} {...form.field('bezeichnung')} />
      <DateField label="von" isRequired readOnly={nurAnsicht} {...form.field('von')} />
      <DateField label="bis" isRequired readOnly={nurAnsicht} {...form.field('bis')} />
      <VerlaufDisclosure
        entityType="Kassaabrechnung"
        entityId={kassaabrechnung?.id}
        fieldLabels={KASSAABRECHNUNG_LABELS}
      />
    </FormDialog>
  );
}
