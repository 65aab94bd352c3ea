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
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import {
  type Funktionaer,
  saveFunktionaer,
  useAdressenLookup,
  useFunktionen,
} from '../../../api/stammdaten/funktionen';
import { funktionaerBody } from '../../../api/stammdaten/schemas';
import { fetchRecord } from '../../../api/versionConflict';
import { DateField, FormDialog, invalid } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { periodInputErrors, periodToBody } from '../../../lib/periodInput';
import { useZodForm } from '../../../lib/useZodForm';

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

export interface FunktionaerDialogProps {
  funktionaer?: Funktionaer | undefined;
  readOnly?: boolean;
}

const keyToId = (key: Key | null) => (key === null ? null : Number(key));

const toValues = (r: Funktionaer) => ({
  funktionId: r.funktionId as number | null,
  adresseId: r.adresseId as number | null,
  von: formatGermanDate(r.von),
  bis: formatGermanDate(r.bis),
  notiz: r.notiz,
});

/** Create or edit a Funktionär: who holds which function from when to when. Render inside a DialogContainer. */
export function FunktionaerDialog({ funktionaer, readOnly = false }: FunktionaerDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: funktionen } = useFunktionen();
  const { data: adressen } = useAdressenLookup();
  const form = useZodForm(funktionaerBody, {
    initial: funktionaer
      ? toValues(funktionaer)
      : { funktionId: null, adresseId: null, von: formatGermanDate(todayIso()), bis: '', notiz: '' },
    labels: { funktionId: 'Funktion', adresseId: 'Person', von: 'von', bis: 'bis', notiz: 'Notiz' },
    toBody: (v, { version }) => ({
      ...(funktionaer ? { id: funktionaer.id, version } : {}),
      ...v,
      ...periodToBody(v),
    }),
    inputErrors: (v) => ({
      adresseId: v.adresseId === null ? 'Bitte wählen Sie eine Person.' : undefined,
      ...periodInputErrors(v),
    }),
    plausibility: { von: { date: 'event' }, bis: { date: 'event' } },
    conflict: {
      record: funktionaer,
      toValues,
      reload: () => fetchRecord<Funktionaer>('/api/Stammdaten/GetFunktionaer', { id: funktionaer?.id ?? 0 }),
    },
    readOnly,
  });
  const { funktionId, adresseId } = form.values;

  const title = readOnly ? 'Funktionär' : funktionaer ? 'Funktionär bearbeiten' : 'Funktionär anlegen';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveFunktionaer(body), { onSaved: dismiss })}
      onCancel={dismiss}
    >
      {funktionen && adressen ? (
        <>
          <Picker
            label="Funktion"
            items={[...funktionen].sort((a, b) => a.sortierung - b.sortierung)}
            id={form.idOf('funktionId')}
            selectedKey={funktionId === null ? null : String(funktionId)}
            onSelectionChange={(key) => form.set('funktionId', keyToId(key))}
            isRequired={!readOnly}
            isDisabled={readOnly}
            placeholder="Funktion wählen"
            {...invalid(form.errors.funktionId)}
          >
            {(item) => <Item key={String(item.id)}>{item.name}</Item>}
          </Picker>
          <ComboBox
            label="Person"
            defaultItems={adressen}
            id={form.idOf('adresseId')}
            selectedKey={adresseId === null ? null : String(adresseId)}
            onSelectionChange={(key) => form.set('adresseId', keyToId(key))}
            isRequired={!readOnly}
            isReadOnly={readOnly}
            description={readOnly ? undefined : 'Namen eintippen und aus der Liste wählen'}
            menuTrigger="focus"
            {...invalid(form.errors.adresseId)}
          >
            {(item) => <Item key={String(item.id)}>{item.name}</Item>}
          </ComboBox>
        </>
      ) : (
        <Flex justifyContent="center">
          <ProgressCircle aria-label="Funktionen und Personen werden geladen …" isIndeterminate size="S" />
        </Flex>
      )}
      <DateField label="von" isRequired readOnly={readOnly} {...form.field('von')} />
      <DateField label="bis" readOnly={readOnly} {...form.field('bis')} />
      <TextArea label="Notiz" maxLength={5000} {...form.field('notiz')} />
      <VerlaufDisclosure entityType="Funktionaer" entityId={funktionaer?.id} fieldLabels={FUNKTIONAER_LABELS} />
    </FormDialog>
  );
}
