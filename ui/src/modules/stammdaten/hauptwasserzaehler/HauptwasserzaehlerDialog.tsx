import { Switch, TextArea, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { type Hauptwasserzaehler, saveHauptwasserzaehler } from '../../../api/stammdaten/hauptwasserzaehler';
import { hauptwasserzaehlerBody } from '../../../api/stammdaten/schemas';
import { fetchRecord } from '../../../api/versionConflict';
import { DateField, FormDialog } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';

/** German names of the fields the history records for a Hauptwasserzaehler. */
const ZAEHLER_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  nummer: 'Nummer',
  bezeichnung: 'Bezeichnung',
  standort: 'Standort',
  eichdatum: 'Eichdatum',
  aktiv: 'Aktiv',
  notiz: 'Notiz',
};

const toValues = (r: Hauptwasserzaehler) => ({
  nummer: r.nummer,
  bezeichnung: r.bezeichnung,
  standort: r.standort,
  eichdatum: formatGermanDate(r.eichdatum),
  aktiv: r.aktiv,
  notiz: r.notiz,
});

export interface HauptwasserzaehlerDialogProps {
  zaehler?: Hauptwasserzaehler | undefined;
  readOnly?: boolean;
}

/** Create or edit a Hauptwasserzähler. Render inside a DialogContainer. */
export function HauptwasserzaehlerDialog({ zaehler, readOnly = false }: HauptwasserzaehlerDialogProps) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(hauptwasserzaehlerBody, {
    initial: zaehler
      ? toValues(zaehler)
      : { nummer: '', bezeichnung: '', standort: '', eichdatum: '', aktiv: true, notiz: '' },
    labels: ZAEHLER_LABELS,
    toBody: (v, { version }) => ({
      ...(zaehler ? { id: zaehler.id, version } : {}),
      nummer: v.nummer.trim(),
      bezeichnung: v.bezeichnung.trim(),
      standort: v.standort.trim(),
      eichdatum: parseGermanDate(v.eichdatum) ?? null,
      aktiv: v.aktiv,
      notiz: v.notiz,
    }),
    inputErrors: (v) => ({
      eichdatum:
        parseGermanDate(v.eichdatum) === undefined ? 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.' : undefined,
    }),
    plausibility: { eichdatum: { date: 'event' } },
    conflict: {
      record: zaehler,
      toValues,
      reload: () => fetchRecord<Hauptwasserzaehler>('/api/Stammdaten/GetHauptwasserZaehler', { id: zaehler?.id ?? 0 }),
    },
    readOnly,
  });

  const title = readOnly ? 'Hauptwasserzähler' : zaehler ? 'Hauptwasserzähler bearbeiten' : 'Hauptwasserzähler anlegen';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveHauptwasserzaehler(body), { onSaved: dismiss })}
      onCancel={dismiss}
    >
      <TextField label="Nummer" isRequired={!readOnly} maxLength={50} autoFocus {...form.field('nummer')} />
      <TextField label="Bezeichnung" maxLength={200} {...form.field('bezeichnung')} />
      <TextField label="Standort" maxLength={200} {...form.field('standort')} />
      <DateField label="Eichdatum" readOnly={readOnly} {...form.field('eichdatum')} />
      <Switch isSelected={form.values.aktiv} onChange={(value) => form.set('aktiv', value)} isReadOnly={readOnly}>
        Aktiv
      </Switch>
      <TextArea label="Notiz" maxLength={5000} {...form.field('notiz')} />
      <VerlaufDisclosure entityType="Hauptwasserzaehler" entityId={zaehler?.id} fieldLabels={ZAEHLER_LABELS} />
    </FormDialog>
  );
}
