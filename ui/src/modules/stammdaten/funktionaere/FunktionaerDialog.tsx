import {
  ComboBox,
  Flex,
  Item,
  type Key,
  Picker,
  ProgressCircle,
  TextArea,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import {
  type Funktionaer,
  saveFunktionaer,
  useAdressenLookup,
  useFunktionen,
} from '../../../api/stammdaten/funktionen';
import { funktionaerBody } from '../../../api/stammdaten/schemas';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { DateField, FormDialog, invalid, useFormErrors } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';

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
  const [von, setVon] = useState(formatGermanDate(funktionaer?.von ?? todayIso()));
  const [bis, setBis] = useState(formatGermanDate(funktionaer?.bis));
  const [notiz, setNotiz] = useState(funktionaer?.notiz ?? '');
  const conflict = useVersionConflict({
    record: funktionaer,
    toValues: (r: Funktionaer) => ({
      funktionId: r.funktionId,
      adresseId: r.adresseId,
      von: formatGermanDate(r.von),
      bis: formatGermanDate(r.bis),
      notiz: r.notiz,
    }),
    values: { funktionId, adresseId, von, bis, notiz },
    setValues: (v) => {
      setFunktionId(v.funktionId);
      setAdresseId(v.adresseId);
      setVon(v.von);
      setBis(v.bis);
      setNotiz(v.notiz);
    },
    reload: () => fetchRecord<Funktionaer>('/api/Stammdaten/GetFunktionaer', { id: funktionaer?.id ?? 0 }),
  });
  const form = useFormErrors(FIELDS, conflict);

  const errorOf = (field: Field) => form.serverErrors[field];

  async function submit() {
    const parsedVon = parseGermanDate(von);
    const parsedBis = parseGermanDate(bis);
    const body = {
      ...(funktionaer ? { id: funktionaer.id, version: conflict.version } : {}),
      funktionId,
      adresseId,
      von: parsedVon ?? '',
      bis: parsedBis ?? null,
      notiz,
    };
    const typed = {
      adresseId: adresseId === null ? 'Bitte wählen Sie eine Person.' : undefined,
      von: parsedVon ? undefined : 'Bitte geben Sie den Beginn als TT.MM.JJJJ ein.',
      bis: parsedBis === undefined ? 'Bitte geben Sie das Ende als TT.MM.JJJJ ein oder lassen Sie es leer.' : undefined,
    };
    if (!form.validate(funktionaerBody, body, typed)) return;
    if (await form.save(() => saveFunktionaer(body))) dismiss();
  }

  const title = readOnly ? 'Funktionär' : funktionaer ? 'Funktionär bearbeiten' : 'Funktionär anlegen';
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
      <VerlaufDisclosure entityType="Funktionaer" entityId={funktionaer?.id} fieldLabels={FUNKTIONAER_LABELS} />
    </FormDialog>
  );
}
