import { Switch, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { type Funktion, saveFunktion } from '../../../api/stammdaten/funktionen';
import { funktionBody } from '../../../api/stammdaten/schemas';
import { fetchRecord } from '../../../api/versionConflict';
import { emptyAsNull, FormDialog, NumberInput } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';

/** German names of the fields the history records for a Funktion. */
const FUNKTION_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  name: 'Name',
  sortierung: 'Sortierung',
  pflicht: 'Pflichtfunktion',
};

const toValues = (r: Funktion) => ({ name: r.name, sortierung: r.sortierung, pflicht: r.pflicht });

export interface FunktionDialogProps {
  funktion?: Funktion | undefined;
  readOnly?: boolean;
  /** For a new one: the next free position. */
  nextSortierung?: number;
}

/** Create or edit a Funktion (Obmann, Kassier …). Render inside a DialogContainer. */
export function FunktionDialog({ funktion, readOnly = false, nextSortierung = 0 }: FunktionDialogProps) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(funktionBody, {
    initial: funktion ? toValues(funktion) : { name: '', sortierung: nextSortierung, pflicht: false },
    labels: { name: 'Name', sortierung: 'Sortierung', pflicht: 'Pflichtfunktion' },
    toBody: (v, { version }) => ({
      ...(funktion ? { id: funktion.id, version } : {}),
      name: v.name.trim(),
      // Empty means the default position (0), as the API reads it.
      sortierung: emptyAsNull(v.sortierung),
      pflicht: v.pflicht,
    }),
    conflict: {
      record: funktion,
      toValues,
      reload: () => fetchRecord<Funktion>('/api/Stammdaten/GetFunktion', { id: funktion?.id ?? 0 }),
    },
    readOnly,
  });

  const title = readOnly ? 'Funktion' : funktion ? 'Funktion bearbeiten' : 'Funktion anlegen';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveFunktion(body), { onSaved: dismiss })}
      onCancel={dismiss}
    >
      <TextField label="Name" isRequired={!readOnly} maxLength={100} autoFocus {...form.field('name')} />
      <NumberInput
        label="Sortierung"
        description="Kleinere Zahlen stehen in Listen weiter oben."
        {...form.field('sortierung')}
      />
      <Switch isSelected={form.values.pflicht} onChange={(value) => form.set('pflicht', value)} isReadOnly={readOnly}>
        Pflichtfunktion (muss immer besetzt sein)
      </Switch>
      <VerlaufDisclosure entityType="Funktion" entityId={funktion?.id} fieldLabels={FUNKTION_LABELS} />
    </FormDialog>
  );
}
