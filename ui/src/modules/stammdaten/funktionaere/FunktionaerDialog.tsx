import {
  ComboBox,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Flex,
  Item,
  type Key,
  Picker,
  ProgressCircle,
  TextArea,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import {
  type Funktionaer,
  saveFunktionaer,
  useAdressenLookup,
  useFunktionen,
} from '../../../api/stammdaten/funktionen';
import { FIELD_LABELS, VerlaufPanel } from '../../../components/VerlaufPanel';
import { formatDate, parseDate, todayIso } from '../shared/format';
import { DateField, FormDialog, invalid, useFormErrors } from '../shared/listKit';

/** German names of the fields the history records for a Funktionaer. */
const FUNKTIONAER_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  funktionId: 'Funktion',
  funktionName: 'Funktion',
  adresseId: 'Person',
  adresseName: 'Person',
  name: 'Person',
  von: 'von',
  bis: 'bis',
  notiz: 'Notiz',
};

const FIELDS = ['funktionId', 'adresseId', 'von', 'bis', 'notiz'] as const;
type Field = (typeof FIELDS)[number];

export interface FunktionaerDialogProps {
  funktionaer?: Funktionaer | undefined;
  readOnly?: boolean;
}

const keyToId = (key: Key | null) => (key === null ? null : Number(key));

/** Create or edit a Funktionär: who holds which function from when to when. Render inside a DialogContainer. */
export function FunktionaerDialog({ funktionaer, readOnly = false }: FunktionaerDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: funktionen } = useFunktionen();
  const { data: adressen } = useAdressenLookup();
  const [funktionId, setFunktionId] = useState<number | null>(funktionaer?.funktionId ?? null);
  const [adresseId, setAdresseId] = useState<number | null>(funktionaer?.adresseId ?? null);
  const [von, setVon] = useState(formatDate(funktionaer?.von ?? todayIso()));
  const [bis, setBis] = useState(formatDate(funktionaer?.bis));
  const [notiz, setNotiz] = useState(funktionaer?.notiz ?? '');
  const form = useFormErrors(FIELDS);

  const parsedVon = parseDate(von);
  const parsedBis = parseDate(bis);
  const clientErrors: Partial<Record<Field, string>> = {};
  if (form.submitted) {
    if (funktionId === null) clientErrors.funktionId = 'Bitte wählen Sie eine Funktion.';
    if (adresseId === null) clientErrors.adresseId = 'Bitte wählen Sie eine Person.';
    if (!parsedVon) clientErrors.von = 'Bitte geben Sie den Beginn als TT.MM.JJJJ ein.';
    if (parsedBis === undefined)
      clientErrors.bis = 'Bitte geben Sie das Ende als TT.MM.JJJJ ein oder lassen Sie es leer.';
    else if (parsedBis && parsedVon && parsedBis < parsedVon)
      clientErrors.bis = 'Das Ende darf nicht vor dem Beginn liegen.';
  }
  const errorOf = (field: Field) => form.serverErrors[field] ?? clientErrors[field];

  async function submit() {
    form.setSubmitted(true);
    if (funktionId === null || adresseId === null || !parsedVon || parsedBis === undefined) return;
    if (parsedBis && parsedBis < parsedVon) return;
    const ok = await form.save(() =>
      saveFunktionaer({
        ...(funktionaer ? { id: funktionaer.id } : {}),
        funktionId,
        adresseId,
        von: parsedVon,
        bis: parsedBis,
        notiz,
      }),
    );
    if (ok) dismiss();
  }

  const title = readOnly ? 'Funktionär' : funktionaer ? 'Funktionär bearbeiten' : 'Funktionär anlegen';
  return (
    <FormDialog
      title={title}
      readOnly={readOnly}
      saving={form.saving}
      otherErrors={form.otherErrors}
      onSubmit={() => void submit()}
      onCancel={dismiss}
    >
      {funktionen && adressen ? (
        <>
          <Picker
            label="Funktion"
            items={[...funktionen].sort((a, b) => a.sortierung - b.sortierung)}
            selectedKey={funktionId === null ? null : String(funktionId)}
            onSelectionChange={(key) => {
              setFunktionId(keyToId(key));
              form.clear('funktionId');
            }}
            isRequired={!readOnly}
            necessityIndicator={readOnly ? 'icon' : 'label'}
            isDisabled={readOnly}
            placeholder="Funktion wählen"
            {...invalid(errorOf('funktionId'))}
          >
            {(item) => <Item key={String(item.id)}>{item.name}</Item>}
          </Picker>
          <ComboBox
            label="Person"
            defaultItems={adressen}
            selectedKey={adresseId === null ? null : String(adresseId)}
            onSelectionChange={(key) => {
              setAdresseId(keyToId(key));
              form.clear('adresseId');
            }}
            isRequired={!readOnly}
            necessityIndicator={readOnly ? 'icon' : 'label'}
            isReadOnly={readOnly}
            description={readOnly ? undefined : 'Namen eintippen und aus der Liste wählen'}
            menuTrigger="focus"
            {...invalid(errorOf('adresseId'))}
          >
            {(item) => <Item key={String(item.id)}>{item.name}</Item>}
          </ComboBox>
        </>
      ) : (
        <Flex justifyContent="center">
          <ProgressCircle aria-label="Funktionen und Personen werden geladen …" isIndeterminate size="S" />
        </Flex>
      )}
      <DateField
        label="von"
        value={von}
        onChange={(value) => {
          setVon(value);
          form.clear('von');
        }}
        isRequired
        readOnly={readOnly}
        error={errorOf('von')}
      />
      <DateField
        label="bis"
        value={bis}
        onChange={(value) => {
          setBis(value);
          form.clear('bis');
        }}
        readOnly={readOnly}
        error={errorOf('bis')}
      />
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
      <VerlaufSection id={funktionaer?.id} />
    </FormDialog>
  );
}

/** The Funktionaer's change history, loaded once opened; nothing for a new record. */
function VerlaufSection({ id }: { id: number | undefined }) {
  const [open, setOpen] = useState(false);
  if (id === undefined) return null;
  return (
    <Disclosure isQuiet isExpanded={open} onExpandedChange={setOpen}>
      <DisclosureTitle level={3}>Verlauf</DisclosureTitle>
      <DisclosurePanel>
        {open ? <VerlaufPanel entityType="Funktionaer" entityId={id} fieldLabels={FUNKTIONAER_LABELS} /> : null}
      </DisclosurePanel>
    </Disclosure>
  );
}
