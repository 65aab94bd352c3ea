import {
  ActionButton,
  AlertDialog,
  Button,
  DialogContainer,
  Flex,
  Heading,
  Item,
  Link,
  StatusLight,
  TabList,
  TabPanels,
  Tabs,
  Text,
  View,
} from '@adobe/react-spectrum';
import ChevronLeft from '@spectrum-icons/workflow/ChevronLeft';
import Delete from '@spectrum-icons/workflow/Delete';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import {
  type Adresse,
  deleteAdresse,
  saveAdresse,
  stammdatenblattUrl,
  useAdresse,
} from '../../../api/stammdaten/adressen';
import { adresseBody } from '../../../api/stammdaten/schemas';
import { saveWithToast } from '../../../api/toast';
import { fetchRecord } from '../../../api/versionConflict';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { useZodForm } from '../../../lib/useZodForm';
import { AbstellplaetzeTab } from './AbstellplaetzeTab';
import { DateienTab } from './DateienTab';
import { DATE_FIELDS, draftFromAdresse, EMPTY_DRAFT, inputFromDraft } from './draft';
import { DATE_ERROR } from './format';
import { ParzellenTab } from './ParzellenTab';
import { DRAFT_LABELS, StammdatenForm as StammdatenFormPanel } from './StammdatenForm';
import { VerlaufTab } from './VerlaufTab';
import { WeiterePersonenTab } from './WeiterePersonenTab';

const PATH = '/stammdatenverwalten/nutzungsberechtigte';
const TABS = ['stammdaten', 'parzellen', 'abstellplaetze', 'personen', 'dateien', 'verlauf'] as const;
type Tab = (typeof TABS)[number];

/** The list's URL: the record's id and tab go, the filters stay. */
function listUrl(): string {
  const params = new URLSearchParams(window.location.search);
  params.delete('id');
  params.delete('tab');
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

/** One address (?id=…, or ?id=neu for a new one) with its tabs. */
export function AdresseRecord({ idParam }: { idParam: string }) {
  const id = /^\d+$/.test(idParam) ? Number(idParam) : undefined;
  const isNew = idParam === 'neu';
  const { data, error, isLoading, mutate } = useAdresse(id);
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const readOnly = !canEdit;
  const search = useSearch();
  const [, navigate] = useLocation();
  const tabParam = new URLSearchParams(search).get('tab');
  const tab: Tab = !isNew && TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'stammdaten';

  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // The record the form was filled from: its version goes with the save.
  const [record, setRecord] = useState<Adresse | undefined>(undefined);
  const form = useZodForm(adresseBody, {
    initial: EMPTY_DRAFT,
    labels: DRAFT_LABELS,
    toBody: (draft, { version }) => inputFromDraft(draft, id, version),
    // A date the form cannot read as TT.MM.JJJJ says so instead of the schema's words.
    inputErrors: (draft) =>
      Object.fromEntries(
        DATE_FIELDS.map((field) => [field, parseGermanDate(draft[field]) === undefined ? DATE_ERROR : undefined]),
      ),
    plausibility: {
      geburtsdatum: { date: 'birth' },
      eintrittsdatum: { date: 'event' },
      austrittsdatum: { date: 'event' },
    },
    conflict: {
      record,
      toValues: draftFromAdresse,
      reload: () => fetchRecord<Adresse>('/api/Stammdaten/GetAdresse', { id: record?.id ?? 0 }),
    },
    readOnly,
  });

  // The loaded record becomes the form's starting point once (later revalidations keep edits).
  useEffect(() => {
    if (data && data.id !== loadedId) {
      form.reset(draftFromAdresse(data));
      setRecord(data);
      setLoadedId(data.id);
    }
  }, [data, loadedId, form.reset]);

  const dirty = form.dirty;
  useEffect(() => {
    if (leaving && !dirty) navigate(listUrl());
  }, [leaving, dirty, navigate]);

  function setTab(next: Tab) {
    const params = new URLSearchParams(window.location.search);
    if (next === 'stammdaten') params.delete('tab');
    else params.set('tab', next);
    navigate(`${PATH}?${params.toString()}`, { replace: true });
  }

  function backToList() {
    form.confirmDiscard(() => navigate(listUrl()));
  }

  function save() {
    void form.submit((body) => saveAdresse(body), {
      onSaved: (saved) => {
        // What the server stored (trimmed, formatted) is the new unchanged state.
        form.reset(draftFromAdresse(saved));
        setRecord(saved);
        if (isNew) {
          const params = new URLSearchParams(window.location.search);
          params.set('id', String(saved.id));
          setLoadedId(saved.id);
          navigate(`${PATH}?${params.toString()}`, { replace: true });
        } else {
          void mutate();
        }
      },
    });
  }

  async function remove(adresse: Adresse) {
    try {
      await saveWithToast(deleteAdresse(adresse.id), { success: `Adresse „${adresse.name}“ gelöscht.` });
      // Nothing is left to save: leave once the guard is down.
      form.reset();
      setLeaving(true);
    } catch {
      // The error toast names what still refers to the address (409).
    }
  }

  const header = (
    <Flex direction="column" gap="size-100">
      <Flex>
        <ActionButton isQuiet onPress={backToList}>
          <ChevronLeft />
          <Text>Zurück zur Liste</Text>
        </ActionButton>
      </Flex>
      <Flex gap="size-200" alignItems="center" wrap>
        <View>
          <Text UNSAFE_className="kgv-eyebrow">Nutzungsberechtigte</Text>
          <Heading level={1} margin={0}>
            {isNew ? 'Neue Adresse' : (data?.name ?? 'Adresse')}
          </Heading>
        </View>
        {data ? (
          <StatusLight variant={data.aktiv ? 'positive' : 'neutral'}>
            {data.aktiv
              ? 'aktiv'
              : `ehemalig${data.austrittsdatum ? ` (Austritt ${formatGermanDate(data.austrittsdatum)})` : ''}`}
          </StatusLight>
        ) : null}
        {data ? (
          <Flex gap="size-200" marginStart="auto" alignItems="center">
            <Link href={stammdatenblattUrl(data.id)} target="_blank">
              Stammdatenblatt (PDF)
            </Link>
            {canEdit ? (
              <Button variant="negative" style="outline" onPress={() => setConfirmDelete(true)}>
                <Delete />
                <Text>Löschen</Text>
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
    </Flex>
  );

  if (!isNew && !data) {
    return (
      <Flex direction="column" gap="size-200">
        {header}
        {id === undefined ? (
          <MessageBanner
            level="danger"
            title="Diese Adresse gibt es nicht."
            message="Die Adresse im Link ist ungültig."
          />
        ) : error && !isLoading ? (
          <LoadFailed title="Die Adresse konnte nicht geladen werden." error={error} onRetry={() => void mutate()} />
        ) : (
          <Loading label="Die Adresse wird geladen …" />
        )}
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="size-200">
      {header}
      <Tabs
        aria-label="Teile der Adresse"
        selectedKey={tab}
        onSelectionChange={(key) => setTab(String(key) as Tab)}
        disabledKeys={isNew ? TABS.filter((key) => key !== 'stammdaten') : []}
      >
        <TabList>
          <Item key="stammdaten">Stammdaten</Item>
          <Item key="parzellen">Parzellen</Item>
          <Item key="abstellplaetze">Abstellplätze</Item>
          <Item key="personen">Weitere Personen</Item>
          <Item key="dateien">Dateien</Item>
          <Item key="verlauf">Verlauf</Item>
        </TabList>
        <TabPanels>
          <Item key="stammdaten">
            <StammdatenFormPanel form={form} onSubmit={save} onCancel={isNew ? () => navigate(listUrl()) : undefined} />
          </Item>
          <Item key="parzellen">
            <ParzellenTab adresse={data} />
          </Item>
          <Item key="abstellplaetze">
            {data ? <AbstellplaetzeTab adresseId={data.id} readOnly={readOnly} /> : null}
          </Item>
          <Item key="personen">{data ? <WeiterePersonenTab adresse={data} readOnly={readOnly} /> : null}</Item>
          <Item key="dateien">{data ? <DateienTab adresse={data} readOnly={readOnly} /> : null}</Item>
          <Item key="verlauf">{data ? <VerlaufTab adresseId={data.id} /> : null}</Item>
        </TabPanels>
      </Tabs>
      {form.dialogs}
      <DialogContainer onDismiss={() => setConfirmDelete(false)}>
        {confirmDelete && data ? (
          <AlertDialog
            title={`Adresse „${data.name}“ löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(data)}
          >
            Die Adresse wird mit ihren weiteren Personen endgültig gelöscht. Hat sie noch Parzellen, Abstellplätze oder
            Funktionen, geht das nicht – tragen Sie dann ein Austrittsdatum ein.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
