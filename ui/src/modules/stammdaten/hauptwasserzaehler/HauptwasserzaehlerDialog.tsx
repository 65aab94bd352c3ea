import { Switch, TextArea, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { type Hauptwasserzaehler, saveHauptwasserzaehler } from '../../../api/stammdaten/hauptwasserzaehler';
import { hauptwasserzaehlerBody } from '../../../api/stammdaten/schemas';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { DateField, FormDialog, invalid, useFormErrors } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';

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

const FIELDS = ['nummer', 'bezeichnung', 'standort', 'eichdatum', 'notiz'] as const;
type Field = (typeof FIELDS)[number];

export interface HauptwasserzaehlerDialogProps {
  zaehler?: Hauptwasserzaehler | undefined;
  readOnly?: boolean;
}

/** Create or edit a Hauptwasserzähler. Render inside a DialogContainer. */
export function HauptwasserzaehlerDialog({ zaehler, readOnly = false }: HauptwasserzaehlerDialogProps) {
  const { dismiss } = useDialogContainer();
  const [nummer, setNummer] = useState(zaehler?.nummer ?? '');
  const [bezeichnung, setBezeichnung] = useState(zaehler?.bezeichnung ?? '');
  const [standort, setStandort] = useState(zaehler?.standort ?? '');
  const [eichdatum, setEichdatum] = useState(formatGermanDate(zaehler?.eichdatum));
  const [aktiv, setAktiv] = useState(zaehler?.aktiv ?? true);
  const [notiz, setNotiz] = useState(zaehler?.notiz ?? '');
  const conflict = useVersionConflict({
    record: zaehler,
    toValues: (r: Hauptwasserzaehler) => ({
      nummer: r.nummer,
      bezeichnung: r.bezeichnung,
      standort: r.standort,
      eichdatum: formatGermanDate(r.eichdatum),
      aktiv: r.aktiv,
      notiz: r.notiz,
    }),
    values: { nummer, bezeichnung, standort, eichdatum, aktiv, notiz },
    setValues: (v) => {
      setNummer(v.nummer);
      setBezeichnung(v.bezeichnung);
      setStandort(v.standort);
      setEichdatum(v.eichdatum);
      setAktiv(v.aktiv);
      setNotiz(v.notiz);
    },
    reload: () => fetchRecord<Hauptwasserzaehler>('/api/Stammdaten/GetHauptwasserZaehler', { id: zaehler?.id ?? 0 }),
  });
  const form = useFormErrors(FIELDS, conflict);

  const errorOf = (field: Field) => form.serverErrors[field];

  async function submit() {
    const eich = parseGermanDate(eichdatum);
    const body = {
      ...(zaehler ? { id: zaehler.id, version: conflict.version } : {}),
      nummer: nummer.trim(),
      bezeichnung: bezeichnung.trim(),
      standort: standort.trim(),
      eichdatum: eich ?? null,
      aktiv,
      notiz,
    };
    const typed = { eichdatum: eich === undefined ? 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.' : undefined };
    if (!form.validate(hauptwasserzaehlerBody, body, typed)) return;
    if (await form.save(() => saveHauptwasserzaehler(body))) dismiss();
  }

  const title = readOnly ? 'Hauptwasserzähler' : zaehler ? 'Hauptwasserzähler bearbeiten' : 'Hauptwasserzähler anlegen';
  return (
    <FormDialog
      title={title}
      readOnly={readOnly}
      saving={form.saving}
      otherErrors={form.otherErrors}
      conflict={conflict}
      onSubmit={() => void submit()}
      onCancel={dismiss}
    >
      <TextField
        label="Nummer"
        value={nummer}
        onChange={(value) => {
          setNummer(value);
          form.clear('nummer');
        }}
        isRequired={!readOnly}
        necessityIndicator={readOnly ? 'icon' : 'label'}
        maxLength={50}
        autoFocus
        {...invalid(errorOf('nummer'))}
      />
      <TextField
        label="Bezeichnung"
        value={bezeichnung}
        onChange={(value) => {
          setBezeichnung(value);
          form.clear('bezeichnung');
        }}
        maxLength={200}
        {...invalid(errorOf('bezeichnung'))}
      />
      <TextField
        label="Standort"
        value={standort}
        onChange={(value) => {
          setStandort(value);
          form.clear('standort');
        }}
        maxLength={200}
        {...invalid(errorOf('standort'))}
      />
      <DateField
        label="Eichdatum"
        value={eichdatum}
        onChange={(value) => {
          setEichdatum(value);
          form.clear('eichdatum');
        }}
        readOnly={readOnly}
        error={errorOf('eichdatum')}
      />
      <Switch isSelected={aktiv} onChange={setAktiv} isReadOnly={readOnly}>
        Aktiv
      </Switch>
      <TextArea
        label="Notiz"
        value={notiz}
        onChange={(value) => {
          setNotiz(value);
          form.clear('notiz');
        }}
        maxLength={5000}
        {...invalid(errorOf('notiz'))}
      />
      <VerlaufDisclosure entityType="Hauptwasserzaehler" entityId={zaehler?.id} fieldLabels={ZAEHLER_LABELS} />
    </FormDialog>
  );
}
