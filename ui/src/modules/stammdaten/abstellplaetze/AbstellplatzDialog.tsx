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
import type { ReactNode } from 'react';
import { formatEuro } from '../../../../../src/platform/money';
import { describeError } from '../../../api/errors';
import { type Abstellplatz, saveAbstellplatz, useAbstellplatz } from '../../../api/stammdaten/abstellplaetze';
import { abstellplatzBody } from '../../../api/stammdaten/schemas';
import { useAbstellplatzKategorien } from '../../../api/vereinseinstellungen';
import { fetchRecord } from '../../../api/versionConflict';
import { FormDialog, invalid } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';
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

const toValues = (r: Abstellplatz) => ({
  nummer: r.nummer,
  kategorieId: r.kategorieId as number | null,
  aktiv: r.aktiv,
  notiz: r.notiz,
});

export interface AbstellplatzDialogProps {
  abstellplatz?: Abstellplatz | undefined;
  readOnly?: boolean;
}

/** Create or edit an Abstellplatz: Nummer, Kategorie (with its fee), Aktiv, Notiz. */
export function AbstellplatzDialog({ abstellplatz, readOnly = false }: AbstellplatzDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: kategorien } = useAbstellplatzKategorien();
  const form = useZodForm(abstellplatzBody, {
    initial: abstellplatz ? toValues(abstellplatz) : { nummer: '', kategorieId: null, aktiv: true, notiz: '' },
    labels: { nummer: 'Nummer', kategorieId: 'Kategorie', aktiv: 'Aktiv', notiz: 'Notiz' },
    toBody: (v, { version }) => ({
      ...(abstellplatz ? { id: abstellplatz.id, version } : {}),
      ...v,
      nummer: v.nummer.trim(),
    }),
    conflict: {
      record: abstellplatz,
      toValues,
      reload: () => fetchRecord<Abstellplatz>('/api/Stammdaten/GetAbstellplatz', { id: abstellplatz?.id ?? 0 }),
    },
    readOnly,
  });
  const { kategorieId } = form.values;

  // Inactive categories only for the place that already has one.
  const choices = (kategorien ?? []).filter((k) => k.aktiv || k.id === abstellplatz?.kategorieId);

  const title = readOnly ? 'Abstellplatz' : abstellplatz ? 'Abstellplatz bearbeiten' : 'Abstellplatz anlegen';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveAbstellplatz(body), { onSaved: dismiss })}
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
      <TextField label="Nummer" isRequired={!readOnly} maxLength={20} autoFocus {...form.field('nummer')} />
      {kategorien ? (
        <Picker
          label="Kategorie"
          id={form.idOf('kategorieId')}
          items={choices}
          selectedKey={kategorieId === null ? null : String(kategorieId)}
          onSelectionChange={(key) => form.set('kategorieId', key === null ? null : Number(key))}
          isRequired={!readOnly}
          isDisabled={readOnly}
          placeholder="Kategorie wählen"
          {...invalid(form.errors.kategorieId)}
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
      <Switch isSelected={form.values.aktiv} onChange={(value) => form.set('aktiv', value)} isReadOnly={readOnly}>
        Aktiv
      </Switch>
      <TextArea label="Notiz" maxLength={5000} {...form.field('notiz')} />
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
