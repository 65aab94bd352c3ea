import {
  Button,
  Content,
  DialogContainer,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Flex,
  Heading,
  IllustratedMessage,
  Item,
  Link,
  Picker,
  Switch,
  Text,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Import from '@spectrum-icons/workflow/Import';
import { useMemo, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { revalidatePrefixes } from '../../../api/swrConfig';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { DeleteDialog } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { FEHLERSUCHE_URL, FehlersuchePanel } from '../fehlersuche/FehlersuchePanel';
import { rowName } from './AblesungRow';
import {
  type Ablesedatum,
  ablesebogenUrl,
  loescheRunde,
  type RundeZeile,
  useAblesedaten,
  useRunde,
} from './ablesungApi';
import { FunkImportDialog } from './FunkImportDialog';
import { NeueRundeDialog } from './NeueRundeDialog';
import { RundeTabelle } from './RundeTabelle';
import { STAND_HINT, zaehlerText } from './readingLogic';
import { type RundeEingabe, useRundeEingabe, viewOf } from './useRundeEingabe';

type DialogState = 'neu' | 'funk' | 'loeschen' | null;

const datumLabel = (d: Ablesedatum) => `${formatGermanDate(d.datum)} (${zaehlerText(d.anzahl - d.fehlend, d.anzahl)})`;

/** The row a deep link names: ?ablesung=<id>, else the first row of ?parzelle=<id>. */
export function fokusZeile(zeilen: readonly RundeZeile[], ablesung: string, parzelle: string): number | null {
  if (ablesung) return zeilen.find((z) => String(z.id) === ablesung)?.id ?? null;
  if (parzelle) return zeilen.find((z) => String(z.parzelleId) === parzelle)?.id ?? null;
  return null;
}

/** Read = a stand is saved (what is typed counts once it is saved); cheap, it runs per row on every keystroke. */
const isRead = (zeile: RundeZeile, eingabe: RundeEingabe) => {
  const saved = eingabe.local(zeile.id)?.saved;
  return (saved && saved.version >= zeile.version ? saved : zeile).stand !== null;
};

/**
 * Spec §2 /wasserbuch/wasserablesung: a reading round typed fast. The round's rows in walking
 * order, Enter to the next one, each row saved when it is left; the round's tools above it.
 */
export default function WasserablesungScreen() {
  usePageTitle('Wasserablesung');
  const canEdit = useHasRight('WebApp.Wasser.Edit') === true;
  const lookup = useAblesedaten();
  const [datumParam, setDatumParam] = useQueryParam('datum');
  const [ablesungParam, setAblesungParam] = useQueryParam('ablesung');
  const [parzelleParam, setParzelleParam] = useQueryParam('parzelle');
  const [fehlendParam, setFehlendParam] = useQueryParam('fehlend');
  const datum = datumParam || lookup.data?.[0]?.datum || '';
  const runde = useRunde(datum);
  const eingabe = useRundeEingabe();
  const [dialog, setDialog] = useState<DialogState>(null);
  // Loaded only when opened: the check reads every reading of the period.
  const [fehlersucheOffen, setFehlersucheOffen] = useState(false);
  const nurFehlende = fehlendParam === '1';
  // "nur fehlende" keeps the rows that were missing when it was switched on: a row typed in stays
  // on screen (Enter goes on to the next missing one) instead of vanishing under the cursor.
  const [fehlendeSnapshot, setFehlendeSnapshot] = useState<{ key: string; ids: ReadonlySet<number> } | null>(null);

  const zeilen = runde.data?.zeilen ?? [];
  const snapshotKey = `${datum}:${runde.data ? 'da' : 'leer'}`;
  let fehlendeIds = fehlendeSnapshot?.key === snapshotKey ? fehlendeSnapshot.ids : null;
  if (nurFehlende && runde.data && !fehlendeIds) {
    fehlendeIds = new Set(zeilen.filter((z) => !isRead(z, eingabe)).map((z) => z.id));
    setFehlendeSnapshot({ key: snapshotKey, ids: fehlendeIds });
  }
  const shown = useMemo(
    () => (nurFehlende && fehlendeIds ? zeilen.filter((z) => fehlendeIds.has(z.id)) : zeilen),
    [nurFehlende, fehlendeIds, zeilen],
  );
  const abgelesen = zeilen.filter((z) => isRead(z, eingabe)).length;
  const gescheitert = zeilen
    .filter((z) => eingabe.local(z.id)?.fehler !== undefined)
    .map((z) => viewOf(z, eingabe.local(z.id)))
    // Refused by the server (an input that is no number is marked at its row only).
    .filter((v) => (v.local.status === 'fehler' && v.local.fehler !== STAND_HINT) || v.local.status === 'konflikt');
  const gewaehlt = lookup.data?.find((d) => d.datum === datum);
  const fokusId = fokusZeile(zeilen, ablesungParam, parzelleParam);
  const zeileFehlt = runde.data !== undefined && fokusId === null && Boolean(ablesungParam || parzelleParam);

  function openDatum(next: string) {
    setFehlendeSnapshot(null);
    // A deep link's row belongs to the round it came with.
    setAblesungParam('');
    setParzelleParam('');
    setDatumParam(next);
  }

  const header = (
    <View>
      <Text UNSAFE_className="kgv-eyebrow">Wasserbuch</Text>
      <Heading level={1} margin={0}>
        Wasserablesung
      </Heading>
    </View>
  );

  if (!lookup.data) {
    return (
      <Flex direction="column" gap="size-200">
        {header}
        {lookup.error && !lookup.isLoading ? (
          <LoadFailed
            title="Die Ablesungsrunden konnten nicht geladen werden."
            error={lookup.error}
            onRetry={() => void lookup.mutate()}
          />
        ) : (
          <Loading label="Ablesungsrunden werden geladen …" />
        )}
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="size-200">
      {header}
      <Flex gap="size-200" alignItems="end" wrap>
        {lookup.data.length ? (
          <Picker
            label="Ablesungsrunde"
            items={lookup.data}
            selectedKey={datum}
            onSelectionChange={(key) => openDatum(String(key))}
            width="size-3600"
          >
            {(d) => <Item key={d.datum}>{datumLabel(d)}</Item>}
          </Picker>
        ) : null}
        {datum ? (
          <Switch
            isSelected={nurFehlende}
            onChange={(on) => {
              setFehlendeSnapshot(null);
              setFehlendParam(on ? '1' : '');
            }}
          >
            nur fehlende
          </Switch>
        ) : null}
        <Flex gap="size-100" marginStart="auto" alignItems="center" wrap>
          {datum ? (
            <Link href={ablesebogenUrl(datum)} target="_blank" rel="noreferrer">
              Ablesebogen drucken (PDF)
            </Link>
          ) : null}
          {canEdit ? (
            <>
              <Button variant="secondary" onPress={() => setDialog('funk')}>
                <Import />
                <Text>Funkzähler einlesen</Text>
              </Button>
              {gewaehlt ? (
                <Button variant="negative" style="outline" onPress={() => setDialog('loeschen')}>
                  <Delete />
                  <Text>Runde löschen</Text>
                </Button>
              ) : null}
              <Button variant="accent" onPress={() => setDialog('neu')}>
                <Add />
                <Text>Neue Ablesungsrunde</Text>
              </Button>
            </>
          ) : null}
        </Flex>
      </Flex>
      {gescheitert.length ? (
        <MessageBanner
          level="danger"
          title={
            gescheitert.length === 1 ? '1 Zeile nicht gespeichert' : `${gescheitert.length} Zeilen nicht gespeichert`
          }
          message={gescheitert.map((v) => `${rowName(v)}: ${v.local.fehler ?? ''}`).join('\n')}
        />
      ) : null}
      {!datum ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
          <IllustratedMessage>
            <Heading>Noch keine Ablesungsrunde</Heading>
            <Content>
              {canEdit
                ? 'Legen Sie eine neue Ablesungsrunde an (eine leere Zeile je Zähler) oder lesen Sie die Datei der Funkzähler ein.'
                : 'Es wurden noch keine Zählerstände erfasst.'}
            </Content>
          </IllustratedMessage>
        </View>
      ) : runde.data ? (
        <>
          <Text aria-live="polite">
            <strong>{zaehlerText(abgelesen, zeilen.length)}</strong> am {formatGermanDate(datum)}
            {nurFehlende ? ` · ${shown.length} ${shown.length === 1 ? 'Zeile' : 'Zeilen'} gezeigt` : ''}
          </Text>
          {zeileFehlt ? (
            <MessageBanner
              level="info"
              title="Zeile nicht in dieser Runde"
              message={`Die gesuchte ${ablesungParam ? 'Ablesung' : 'Parzelle'} hat am ${formatGermanDate(datum)} keine Zeile.${canEdit ? ' „Neue Ablesungsrunde“ mit demselben Datum ergänzt die fehlenden Zeilen; vorhandene bleiben unverändert.' : ''}`}
            />
          ) : null}
          {zeilen.length === 0 ? (
            <Text>Am {formatGermanDate(datum)} gibt es keine Ablesungen.</Text>
          ) : (
            <RundeTabelle
              datum={datum}
              zeilen={shown}
              eingabe={eingabe}
              fokusId={fokusId}
              readOnly={!canEdit}
              faktor={runde.data.verbrauchsWarnFaktor}
            />
          )}
          {canEdit ? (
            <Text UNSAFE_className="kgv-runde-small">
              Enter speichert die Zeile und springt zur nächsten Parzelle, Umschalt+Enter zur vorigen. Komma oder Punkt
              sind beide erlaubt (150,25).
            </Text>
          ) : null}
          <Disclosure
            isExpanded={fehlersucheOffen}
            onExpandedChange={(open) => {
              // Typed meanwhile: the check runs anew each time it is opened.
              if (open) void revalidatePrefixes([FEHLERSUCHE_URL]);
              setFehlersucheOffen(open);
            }}
          >
            <DisclosureTitle level={2}>Fehlersuche bis {formatGermanDate(datum)}</DisclosureTitle>
            <DisclosurePanel>{fehlersucheOffen ? <FehlersuchePanel stichtag={datum} /> : null}</DisclosurePanel>
          </Disclosure>
        </>
      ) : runde.error && !runde.isLoading ? (
        <LoadFailed
          title={`Die Ablesungsrunde vom ${formatGermanDate(datum)} konnte nicht geladen werden.`}
          error={runde.error}
          onRetry={() => void runde.mutate()}
        />
      ) : (
        <Loading label="Ablesungsrunde wird geladen …" />
      )}
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog === 'neu' ? (
          <NeueRundeDialog onCreated={openDatum} vorschlag={zeileFehlt ? datum : undefined} />
        ) : dialog === 'funk' ? (
          <FunkImportDialog onImported={openDatum} />
        ) : dialog === 'loeschen' && gewaehlt ? (
          <DeleteDialog
            title={`Ablesungsrunde vom ${formatGermanDate(gewaehlt.datum)} löschen?`}
            run={async () => {
              await loescheRunde(gewaehlt.datum);
              openDatum('');
            }}
            success={`Ablesungsrunde vom ${formatGermanDate(gewaehlt.datum)} gelöscht.`}
          >
            Alle {gewaehlt.anzahl} Ablesungen dieses Tages werden gelöscht,{' '}
            {gewaehlt.anzahl - gewaehlt.fehlend === 1
              ? 'darunter 1 eingetragener Zählerstand'
              : `darunter ${gewaehlt.anzahl - gewaehlt.fehlend} eingetragene Zählerstände`}
            . Ist die Runde schon in einer Wasserabrechnung verwendet, geht das nicht.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
