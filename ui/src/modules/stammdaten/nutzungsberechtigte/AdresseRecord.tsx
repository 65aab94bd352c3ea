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
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { isAbortedError } from '../../../api/errors';
import {
  type Adresse,
  deleteAdresse,
  saveAdresse,
  stammdatenblattUrl,
  useAdresse,
} from '../../../api/stammdaten/adressen';
import { saveWithToast } from '../../../api/toast';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { ConflictBanner } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { matchFieldErrors } from '../../../lib/serverErrors';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { AbstellplaetzeTab } from './AbstellplaetzeTab';
import { DateienTab } from './DateienTab';
import {
  type AdresseDraft,
  type DraftField,
  draftFromAdresse,
  EMPTY_DRAFT,
  inputFromDraft,
  sameDraft,
  validateDraft,
} from './draft';
import { ParzellenTab } from './ParzellenTab';
import { StammdatenForm as StammdatenFormPanel } from './StammdatenForm';
import { VerlaufTab } from './VerlaufTab';
import { WeiterePersonenTab } from './WeiterePersonenTab';

const PATH = '/stammdatenverwalten/nutzungsberechtigte';
const TABS = ['stammdaten', 'parzellen', 'abstellplaetze', 'personen', 'dateien', 'verlauf'] as const;
type Tab = (typeof TABS)[number];
const DRAFT_FIELDS = Object.keys(EMPTY_DRAFT) as DraftField[];

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

  const [baseline, setBaseline] = useState<AdresseDraft>(EMPTY_DRAFT);
  const [draft, setDraft] = useState<AdresseDraft>(EMPTY_DRAFT);
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // The record the form was filled from: its version goes with the save.
  const [record, setRecord] = useState<Adresse | undefined>(undefined);
  const conflict = useVersionConflict({
    record,
    toValues: draftFromAdresse,
    values: draft,
    setValues: setDraft,
    reload: async () => {
      const fresh = await fetchRecord<Adresse>('/api/Stammdaten/GetAdresse', { id: record?.id ?? 0 });
      // What is stored now is the new "unchanged" state; the user's edits stay in the draft.
      setBaseline(draftFromAdresse(fresh));
      return fresh;
    },
  });

  // The loaded record becomes the form's starting point once (later revalidations keep edits).
  useEffect(() => {
    if (data && data.id !== loadedId) {
      const loaded = draftFromAdresse(data);
      setBaseline(loaded);
      setDraft(loaded);
      setRecord(data);
      setLoadedId(data.id);
    }
  }, [data, loadedId]);

  const dirty = !readOnly && !sameDraft(draft, baseline);
  const guard = useUnsavedChangesGuard(dirty);
  useEffect(() => {
    if (leaving && !dirty) navigate(listUrl());
  }, [leaving, dirty, navigate]);
  const clientErrors = submitted ? validateDraft(draft) : {};
  const errors = { ...clientErrors, ...serverErrors };

  function change(patch: Partial<AdresseDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as DraftField[]) delete next[key];
      return next;
    });
  }

  function setTab(next: Tab) {
    const params = new URLSearchParams(window.location.search);
    if (next === 'stammdaten') params.delete('tab');
    else params.set('tab', next);
    navigate(`${PATH}?${params.toString()}`, { replace: true });
  }

  function backToList() {
    guard.confirmDiscard(() => navigate(listUrl()));
  }

  async function save() {
    setSubmitted(true);
    if (Object.keys(validateDraft(draft)).length > 0) return;
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      const saved = await saveWithToast(saveAdresse(inputFromDraft(draft, id, conflict.version)));
      const next = draftFromAdresse(saved);
      setRecord(saved);
      setBaseline(next);
      setDraft(next);
      setSubmitted(false);
      if (isNew) {
        const params = new URLSearchParams(window.location.search);
        params.set('id', String(saved.id));
        // The record is saved: nothing unsaved is left to ask about.
        setLoadedId(saved.id);
        navigate(`${PATH}?${params.toString()}`, { replace: true });
      } else {
        await mutate();
      }
    } catch (caught) {
      if (!isAbortedError(caught) && !conflict.noteError(caught)) {
        const matched = matchFieldErrors(caught, DRAFT_FIELDS);
        // Flags arrive as one number: show them at the checkboxes' section.
        setServerErrors(matched.fields as Partial<Record<DraftField, string>>);
        setOtherErrors(matched.other);
      }
    } finally {
      setSaving(false);
    }
  }

  function cancel() {
    if (isNew) guard.confirmDiscard(() => navigate(listUrl()));
    else
      guard.confirmDiscard(() => {
        setDraft(baseline);
        setServerErrors({});
        setOtherErrors([]);
        setSubmitted(false);
      });
  }

  async function remove(adresse: Adresse) {
    try {
      await saveWithToast(deleteAdresse(adresse.id), { success: `Adresse „${adresse.name}“ gelöscht.` });
      // Nothing is left to save: leave once the guard is down.
      setBaseline(draft);
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
      <ConflictBanner conflict={conflict} />
      {otherErrors.length > 0 ? (
        <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
      ) : null}
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
            <StammdatenFormPanel
              draft={draft}
              onChange={change}
              errors={errors}
              readOnly={readOnly}
              saving={saving}
              dirty={dirty}
              onSubmit={() => void save()}
              onCancel={cancel}
            />
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
      {guard.dialog}
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
