import {
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  NumberField,
  Switch,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { type Funktion, saveFunktion } from '../../../api/stammdaten/funktionen';
import { FIELD_LABELS, VerlaufPanel } from '../../../components/VerlaufPanel';
import { FormDialog, invalid, useFormErrors } from '../shared/listKit';

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
  const form = useFormErrors(FIELDS);

  const clientErrors: Partial<Record<Field, string>> = {};
  if (form.submitted && name.trim() === '') clientErrors.name = 'Bitte geben Sie den Namen der Funktion an.';
  const errorOf = (field: Field) => form.serverErrors[field] ?? clientErrors[field];

  async function submit() {
    form.setSubmitted(true);
    if (name.trim() === '') return;
    const ok = await form.save(() =>
      saveFunktion({
        ...(funktion ? { id: funktion.id } : {}),
        name: name.trim(),
        sortierung: Number.isFinite(sortierung) ? sortierung : 0,
        pflicht,
      }),
    );
    if (ok) dismiss();
  }

  const title = readOnly ? 'Funktion' : funktion ? 'Funktion bearbeiten' : 'Funktion anlegen';
  return (
    <FormDialog
      title={title}
      readOnly={readOnly}
      saving={form.saving}
      otherErrors={form.otherErrors}
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
      <VerlaufSection id={funktion?.id} />
    </FormDialog>
  );
}

/** The Funktion's change history, loaded once opened; nothing for a new record. */
function VerlaufSection({ id }: { id: number | undefined }) {
  const [open, setOpen] = useState(false);
  if (id === undefined) return null;
  return (
    <Disclosure isQuiet isExpanded={open} onExpandedChange={setOpen}>
      <DisclosureTitle level={3}>Verlauf</DisclosureTitle>
      <DisclosurePanel>
        {open ? <VerlaufPanel entityType="Funktion" entityId={id} fieldLabels={FUNKTION_LABELS} /> : null}
      </DisclosurePanel>
    </Disclosure>
  );
}
