import {
  Button,
  Flex,
  Heading,
  Item,
  Picker,
  ProgressCircle,
  Switch,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import { type ReactNode, useState } from 'react';
import { formatEuro } from '../../../../../src/platform/money';
import { describeError } from '../../../api/errors';
import { type Abstellplatz, saveAbstellplatz, useAbstellplatz } from '../../../api/stammdaten/abstellplaetze';
import { abstellplatzBody } from '../../../api/stammdaten/schemas';
import { useAbstellplatzKategorien } from '../../../api/vereinseinstellungen';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { FormDialog, invalid, useFormErrors } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { ZuordnungenList } from './ZuordnungenList';

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
  const conflict = useVersionConflict({
    record: abstellplatz,
    toValues: (r: Abstellplatz) => ({ nummer: r.nummer, kategorieId: r.kategorieId, aktiv: r.aktiv, notiz: r.notiz }),
    values: { nummer, kategorieId, aktiv, notiz },
    setValues: (v) => {
      setNummer(v.nummer);
      setKategorieId(v.kategorieId);
      setAktiv(v.aktiv);
      setNotiz(v.notiz);
    },
    reload: () => fetchRecord<Abstellplatz>('/api/Stammdaten/GetAbstellplatz', { id: abstellplatz?.id ?? 0 }),
  });
  const form = useFormErrors(FIELDS, conflict);

  const errorOf = (field: Field) => form.serverErrors[field];

  // Inactive categories only for the place that already has one.
  const choices = (kategorien ?? []).filter((k) => k.aktiv || k.id === abstellplatz?.kategorieId);

  async function submit() {
    const body = {
      ...(abstellplatz ? { id: abstellplatz.id, version: conflict.version } : {}),
      nummer: nummer.trim(),
      kategorieId,
      aktiv,
      notiz,
    };
    if (!form.validate(abstellplatzBody, body)) return;
    if (await form.save(() => saveAbstellplatz(body))) dismiss();
  }

  const title = readOnly ? 'Abstellplatz' : abstellplatz ? 'Abstellplatz bearbeiten' : 'Abstellplatz anlegen';
  return (
    <FormDialog
      title={title}
      readOnly={readOnly}
      saving={form.saving}
      otherErrors={form.otherErrors}
      conflict={conflict}
      onSubmit={() => void submit()}
      onCancel={dismiss}
      // Wide enough for the assignment list with its buttons.
      size={abstellplatz ? 'L' : 'M'}
      after={
        abstellplatz ? (
          <>
            <ZuordnungenSection id={abstellplatz.id} readOnly={readOnly} />
            <VerlaufDisclosure entityType="Abstellplatz" entityId={abstellplatz.id} fieldLabels={ABSTELLPLATZ_LABELS} />
          </>
        ) : null
      }
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
              {`${item.name} (${formatEuro(item.jahresgebuehrCent)})`}
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
    </FormDialog>
  );
}

/**
 * Every assignment of the space, past and future too (the list row carries only the current
 * one), to correct its dates or remove a wrong one.
 */
function ZuordnungenSection({ id, readOnly }: { id: number; readOnly: boolean }) {
  const { data, error, isLoading, mutate } = useAbstellplatz(id);
  let content: ReactNode;
  if (data && data.zuordnungen.length === 0) {
    content = (
      <Text>Der Abstellplatz war noch niemandem zugeordnet. Vergeben wird er mit „neu zuordnen“ in der Liste.</Text>
    );
  } else if (data) {
    content = (
      <ZuordnungenList
        zuordnungen={data.zuordnungen}
        columns={[{ header: 'Name', cell: (z) => z.adresseName }]}
        nameOf={(z) => z.adresseName}
        label="Zuordnungen"
        readOnly={readOnly}
      />
    );
  } else if (error && !isLoading) {
    content = (
      <Flex direction="column" gap="size-100" alignItems="start">
        <MessageBanner
          level="danger"
          title="Die Zuordnungen konnten nicht geladen werden."
          message={describeError(error)}
        />
        <Button variant="secondary" onPress={() => void mutate()}>
          Erneut versuchen
        </Button>
      </Flex>
    );
  } else {
    content = <ProgressCircle aria-label="Die Zuordnungen werden geladen …" isIndeterminate size="S" />;
  }
  return (
    <View marginTop="size-300">
      <Heading level={3} marginTop={0}>
        Zuordnungen
      </Heading>
      {/* The dialog's "Speichern" is for the fields above: say that these changes count at once. */}
      {readOnly || !data?.zuordnungen.length ? null : (
        <Text UNSAFE_className="kgv-lead">Änderungen an den Zuordnungen gelten sofort.</Text>
      )}
      {content}
    </View>
  );
}
