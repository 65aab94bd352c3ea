import { NumberField, Switch, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { type Funktion, saveFunktion } from '../../../api/stammdaten/funktionen';
import { funktionBody } from '../../../api/stammdaten/schemas';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { FormDialog, invalid, useFormErrors } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';

/** German names of the fields the history records for a Funktion. */
const FUNKTION_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  name: 'Name',
  sortierung: 'Sortierung',
  pflicht: 'Pflichtfunktion',
};

const FIELDS = ['name', 'sortierung', 'pflicht'] as const;
type Field = (typeof FIELDS)[number];

export interface FunktionDialogProps {
  funktion?: Funktion | undefined;
  readOnly?: boolean;
  /** For a new one: the next free position. */
  nextSortierung?: number;
}

/** Create or edit a Funktion (Obmann, Kassier …). Render inside a DialogContainer. */
export function FunktionDialog({ funktion, readOnly = false, nextSortierung = 0 }: FunktionDialogProps) {
  const { dismiss } = useDialogContainer();
  const [name, setName] = useState(funktion?.name ?? '');
  const [sortierung, setSortierung] = useState(funktion?.sortierung ?? nextSortierung);
  const [pflicht, setPflicht] = useState(funktion?.pflicht ?? false);
  const conflict = useVersionConflict({
    record: funktion,
    toValues: (r: Funktion) => ({ name: r.name, sortierung: r.sortierung, pflicht: r.pflicht }),
    values: { name, sortierung, pflicht },
    setValues: (v) => {
      setName(v.name);
      setSortierung(v.sortierung);
      setPflicht(v.pflicht);
    },
    reload: () => fetchRecord<Funktion>('/api/Stammdaten/GetFunktion', { id: funktion?.id ?? 0 }),
  });
  const form = useFormErrors(FIELDS, conflict);

  const errorOf = (field: Field) => form.serverErrors[field];

  async function submit() {
    const body = {
      ...(funktion ? { id: funktion.id, version: conflict.version } : {}),
      name: name.trim(),
      sortierung: Number.isFinite(sortierung) ? sortierung : 0,
      pflicht,
    };
    if (!form.validate(funktionBody, body)) return;
    if (await form.save(() => saveFunktion(body))) dismiss();
  }

  const title = readOnly ? 'Funktion' : funktion ? 'Funktion bearbeiten' : 'Funktion anlegen';
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
        label="Name"
        value={name}
        onChange={(value) => {
          setName(value);
          form.clear('name');
        }}
        isRequired={!readOnly}
        necessityIndicator={readOnly ? 'icon' : 'label'}
        maxLength={100}
        autoFocus
        {...invalid(errorOf('name'))}
      />
      <NumberField
        label="Sortierung"
        value={sortierung}
        onChange={(value) => {
          setSortierung(value);
          form.clear('sortierung');
        }}
        step={1}
        formatOptions={{ maximumFractionDigits: 0 }}
        description="Kleinere Zahlen stehen in Listen weiter oben."
        {...invalid(errorOf('sortierung'))}
      />
      <Switch isSelected={pflicht} onChange={setPflicht} isReadOnly={readOnly}>
        Pflichtfunktion (muss immer besetzt sein)
      </Switch>
      <VerlaufDisclosure entityType="Funktion" entityId={funktion?.id} fieldLabels={FUNKTION_LABELS} />
    </FormDialog>
  );
}
