import {
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Flex,
  Item,
  Picker,
  ProgressCircle,
  Switch,
  TextArea,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { type Abstellplatz, saveAbstellplatz } from '../../../api/stammdaten/abstellplaetze';
import { useAbstellplatzKategorien } from '../../../api/vereinseinstellungen';
import { FIELD_LABELS, VerlaufPanel } from '../../../components/VerlaufPanel';
import { formatCents } from '../shared/format';
import { FormDialog, invalid, useFormErrors } from '../shared/listKit';

/** German names of the fields the history records for a Abstellplatz. */
const ABSTELLPLATZ_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  nummer: 'Nummer',
  kategorieId: 'Kategorie',
  kategorieName: 'Kategorie',
  aktiv: 'Aktiv',
  notiz: 'Notiz',
};

const FIELDS = ['nummer', 'kategorieId', 'notiz'] as const;
type Field = (typeof FIELDS)[number];

export interface AbstellplatzDialogProps {
  abstellplatz?: Abstellplatz | undefined;
  readOnly?: boolean;
}

/** Create or edit an Abstellplatz: Nummer, Kategorie (with its fee), Aktiv, Notiz. */
export function AbstellplatzDialog({ abstellplatz, readOnly = false }: AbstellplatzDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: kategorien } = useAbstellplatzKategorien();
  const [nummer, setNummer] = useState(abstellplatz?.nummer ?? '');
  const [kategorieId, setKategorieId] = useState<number | null>(abstellplatz?.kategorieId ?? null);
  const [aktiv, setAktiv] = useState(abstellplatz?.aktiv ?? true);
  const [notiz, setNotiz] = useState(abstellplatz?.notiz ?? '');
  const form = useFormErrors(FIELDS);

  const clientErrors: Partial<Record<Field, string>> = {};
  if (form.submitted && nummer.trim() === '') clientErrors.nummer = 'Bitte geben Sie die Nummer des Abstellplatzes an.';
  if (form.submitted && kategorieId === null) clientErrors.kategorieId = 'Bitte wählen Sie eine Kategorie.';
  const errorOf = (field: Field) => form.serverErrors[field] ?? clientErrors[field];

  // Inactive categories only for the place that already has one.
  const choices = (kategorien ?? []).filter((k) => k.aktiv || k.id === abstellplatz?.kategorieId);

  async function submit() {
    form.setSubmitted(true);
    if (nummer.trim() === '' || kategorieId === null) return;
    const ok = await form.save(() =>
      saveAbstellplatz({
        ...(abstellplatz ? { id: abstellplatz.id } : {}),
        nummer: nummer.trim(),
        kategorieId,
        aktiv,
        notiz,
      }),
    );
    if (ok) dismiss();
  }

  const title = readOnly ? 'Abstellplatz' : abstellplatz ? 'Abstellplatz bearbeiten' : 'Abstellplatz anlegen';
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
        label="Nummer"
        value={nummer}
        onChange={(value) => {
          setNummer(value);
          form.clear('nummer');
        }}
        isRequired={!readOnly}
        necessityIndicator={readOnly ? 'icon' : 'label'}
        maxLength={20}
        autoFocus
        {...invalid(errorOf('nummer'))}
      />
      {kategorien ? (
        <Picker
          label="Kategorie"
          items={choices}
          selectedKey={kategorieId === null ? null : String(kategorieId)}
          onSelectionChange={(key) => {
            setKategorieId(key === null ? null : Number(key));
            form.clear('kategorieId');
          }}
          isRequired={!readOnly}
          necessityIndicator={readOnly ? 'icon' : 'label'}
          isDisabled={readOnly}
          placeholder="Kategorie wählen"
          {...invalid(errorOf('kategorieId'))}
        >
          {(item) => (
            <Item key={String(item.id)} textValue={item.name}>
              {`${item.name} (${formatCents(item.jahresgebuehrCent)})`}
            </Item>
          )}
        </Picker>
      ) : (
        <Flex justifyContent="center">
          <ProgressCircle aria-label="Kategorien werden geladen …" isIndeterminate size="S" />
        </Flex>
      )}
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
      <VerlaufSection id={abstellplatz?.id} />
    </FormDialog>
  );
}

/** The Abstellplatz's change history, loaded once opened; nothing for a new record. */
function VerlaufSection({ id }: { id: number | undefined }) {
  const [open, setOpen] = useState(false);
  if (id === undefined) return null;
  return (
    <Disclosure isQuiet isExpanded={open} onExpandedChange={setOpen}>
      <DisclosureTitle level={3}>Verlauf</DisclosureTitle>
      <DisclosurePanel>
        {open ? <VerlaufPanel entityType="Abstellplatz" entityId={id} fieldLabels={ABSTELLPLATZ_LABELS} /> : null}
      </DisclosurePanel>
    </Disclosure>
  );
}
