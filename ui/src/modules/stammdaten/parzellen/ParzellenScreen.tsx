import {
  AlertDialog,
  Button,
  Cell,
  Column,
  Content,
  DialogContainer,
  Flex,
  Heading,
  IllustratedMessage,
  Item,
  type Key,
  Picker,
  Row,
  SearchField,
  type SpectrumTableProps,
  TableBody,
  TableHeader,
  TableView,
  Text,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { collator } from '../../../../../src/platform/collation';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { deleteParzelle, type Parzelle, type ParzellenFilter, useParzellen } from '../../../api/stammdaten/parzellen';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { formatArea } from './format';
import { GartenwechselDialog } from './GartenwechselDialog';
import { ParzelleDialog } from './ParzelleDialog';

type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;

const FILTER_OPTIONS: readonly { key: ParzellenFilter; label: string }[] = [
  { key: 'alle', label: 'Alle' },
  { key: 'vergeben', label: 'Vergeben' },
  { key: 'frei', label: 'Frei' },
  { key: 'aktiv', label: 'Aktiv' },
];

/** ?filter=vergeben|frei|aktiv; anything else (or nothing) is "alle". */
export function filterFromSearch(search: string): ParzellenFilter {
  const value = new URLSearchParams(search).get('filter');
  return value === 'vergeben' || value === 'frei' || value === 'aktiv' ? value : 'alle';
}

type ColumnKey =
  | 'nummer'
  | 'flaeche'
  | 'gemeinschaftsflaeche'
  | 'nutzungsberechtigter'
  | 'seit'
  | 'gruppe'
  | 'hauptwasserzaehler';

// minWidth: below it the table scrolls sideways rather than cutting a date or a name (125 % zoom).
const COLUMNS: readonly { key: ColumnKey; name: string; align?: 'end'; minWidth: number }[] = [
  { key: 'nummer', name: 'Nummer', minWidth: 110 },
  { key: 'flaeche', name: 'Fläche', align: 'end', minWidth: 120 },
  { key: 'gemeinschaftsflaeche', name: 'Gemeinschaftsfläche', align: 'end', minWidth: 190 },
  { key: 'nutzungsberechtigter', name: 'Nutzungsberechtigter', minWidth: 220 },
  { key: 'seit', name: 'seit', minWidth: 120 },
  { key: 'gruppe', name: 'Gruppe', minWidth: 140 },
  { key: 'hauptwasserzaehler', name: 'Hauptwasserzähler', minWidth: 180 },
];

function compareBy(a: Parzelle, b: Parzelle, column: ColumnKey): number {
  switch (column) {
    case 'flaeche':
      return Number(a.flaeche) - Number(b.flaeche);
    case 'gemeinschaftsflaeche':
      return Number(a.gemeinschaftsflaeche ?? -1) - Number(b.gemeinschaftsflaeche ?? -1);
    case 'nutzungsberechtigter':
      return collator.compare(a.nutzungsberechtigter?.name ?? '', b.nutzungsberechtigter?.name ?? '');
    case 'seit':
      return (a.nutzungsberechtigter?.von ?? '').localeCompare(b.nutzungsberechtigter?.von ?? '');
    case 'gruppe':
      return collator.compare(a.gruppeName ?? '', b.gruppeName ?? '');
    case 'hauptwasserzaehler':
      return collator.compare(a.hauptwasserzaehlerNummer ?? '', b.hauptwasserzaehlerNummer ?? '');
    default:
      return 0;
  }
}

export function sortParzellen(rows: readonly Parzelle[], sort: SortDescriptor): Parzelle[] {
  const column = (sort.column ?? 'nummer') as ColumnKey;
  const factor = sort.direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => factor * (compareBy(a, b, column) || collator.compare(a.nummer, b.nummer)));
}

function cellText(row: Parzelle, column: ColumnKey): string {
  switch (column) {
    case 'nummer':
      return row.nummer;
    case 'flaeche':
      return formatArea(row.flaeche);
    case 'gemeinschaftsflaeche':
      return formatArea(row.gemeinschaftsflaeche);
    case 'nutzungsberechtigter':
      return row.nutzungsberechtigter?.name ?? 'frei';
    case 'seit':
      return formatGermanDate(row.nutzungsberechtigter?.von, '–');
    case 'gruppe':
      return row.gruppeName ?? '–';
    case 'hauptwasserzaehler':
      return row.hauptwasserzaehlerNummer ?? '–';
  }
}

function countText(count: number): string {
  return `${count} ${count === 1 ? 'Parzelle' : 'Parzellen'}`;
}

type DialogState =
  | { kind: 'record'; parzelle?: Parzelle }
  | { kind: 'gartenwechsel'; parzelle: Parzelle }
  | { kind: 'delete'; parzelle: Parzelle };

/** Spec §2 Stammdaten: the plots of the club, their holders and yearly values. */
export default function ParzellenScreen() {
  usePageTitle('Parzellen');
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const searchString = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(searchString);
  const filter = filterFromSearch(searchString);
  const search = params.get('q') ?? '';
  const { pachtabrechnungID, year } = useSelectedYear();
  const { data, error, isLoading, mutate } = useParzellen({ pachtabrechnungID, search: search.trim(), filter });
  const [sort, setSort] = useState<SortDescriptor>({ column: 'nummer', direction: 'ascending' });
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const setParam = useCallback(
    (name: string, value: string) => {
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(name, value);
      else next.delete(name);
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [location, navigate],
  );

  const rows = useMemo(() => sortParzellen(data ?? [], sort), [data, sort]);
  const unfiltered = filter === 'alle' && search.trim() === '';

  function openRow(key: Key) {
    const parzelle = data?.find((row) => String(row.id) === String(key));
    if (parzelle) setDialog({ kind: 'record', parzelle });
  }

  async function remove(parzelle: Parzelle) {
    try {
      await saveWithToast(deleteParzelle(parzelle.id), { success: `Parzelle ${parzelle.nummer} gelöscht.` });
    } catch {
      // 409: the error toast shows the server's sentence (the plot has or had a holder).
    }
  }

  const toolbar = (
    <Flex gap="size-200" alignItems="end" wrap>
      <SearchField
        label="Suchen"
        description="Nummer oder Nutzungsberechtigter"
        value={search}
        onChange={(value) => setParam('q', value)}
        width="size-3600"
      />
      <Picker
        label="Anzeigen"
        items={FILTER_OPTIONS}
        selectedKey={filter}
        onSelectionChange={(key) => setParam('filter', key === 'alle' || key === null ? '' : String(key))}
        width="size-2000"
      >
        {(option) => <Item key={option.key}>{option.label}</Item>}
      </Picker>
      <YearPicker />
      {canEdit ? (
        <Button variant="accent" onPress={() => setDialog({ kind: 'record' })} marginStart="auto">
          <Add />
          <Text>Neue Parzelle</Text>
        </Button>
      ) : null}
    </Flex>
  );

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Stammdaten</Text>
        <Heading level={1} margin={0}>
          Parzellen
        </Heading>
      </View>
      {toolbar}
      {data ? (
        data.length === 0 && unfiltered ? (
          <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
            <IllustratedMessage>
              <Heading>Noch keine Parzellen</Heading>
              <Content>
                Parzelle anlegen oder aus Excel importieren (kgv import stammdaten).
                {canEdit ? null : ' Zum Anlegen fehlt Ihnen das Recht „Stammdaten bearbeiten“.'}
              </Content>
            </IllustratedMessage>
            {canEdit ? (
              <Flex justifyContent="center" marginTop="size-200">
                <Button variant="accent" onPress={() => setDialog({ kind: 'record' })}>
                  <Add />
                  <Text>Parzelle anlegen</Text>
                </Button>
              </Flex>
            ) : null}
          </View>
        ) : (
          <>
            <TableView
              aria-label="Parzellen"
              sortDescriptor={sort}
              onSortChange={setSort}
              onAction={openRow}
              width="100%"
              height="60vh"
              minHeight="size-3600"
              renderEmptyState={() => (
                <IllustratedMessage>
                  <Heading>Keine Parzellen gefunden</Heading>
                  <Content>Ändern Sie die Suche oder wählen Sie bei „Anzeigen“ den Eintrag „Alle“.</Content>
                </IllustratedMessage>
              )}
            >
              <TableHeader columns={COLUMNS}>
                {(column) => (
                  <Column
                    key={column.key}
                    allowsSorting
                    align={column.align ?? 'start'}
                    minWidth={column.minWidth}
                    {...(column.key === 'nummer' ? { isRowHeader: true } : {})}
                  >
                    {column.name}
                  </Column>
                )}
              </TableHeader>
              <TableBody items={rows}>
                {(row) => (
                  <Row key={row.id}>
                    {(columnKey) => {
                      const text = cellText(row, columnKey as ColumnKey);
                      return <Cell textValue={text}>{text}</Cell>;
                    }}
                  </Row>
                )}
              </TableBody>
            </TableView>
            <Text aria-live="polite" UNSAFE_className="kgv-muted">
              {countText(rows.length)}
              {year ? ` · ${year.bezeichnung || year.jahr}` : ''}
            </Text>
          </>
        )
      ) : error && !isLoading ? (
        <LoadFailed title="Die Parzellen konnten nicht geladen werden." error={error} onRetry={() => void mutate()} />
      ) : (
        <Loading label="Die Parzellen werden geladen …" />
      )}
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'record' ? (
          <ParzelleDialog
            key={dialog.parzelle?.id ?? 'neu'}
            parzelle={dialog.parzelle}
            pachtabrechnungID={year?.id ?? pachtabrechnungID}
            readOnly={!canEdit}
            onGartenwechsel={(parzelle) => setDialog({ kind: 'gartenwechsel', parzelle })}
            onDelete={(parzelle) => setDialog({ kind: 'delete', parzelle })}
          />
        ) : dialog?.kind === 'gartenwechsel' ? (
          <GartenwechselDialog
            parzelle={dialog.parzelle}
            onDone={(parzelle) => setDialog({ kind: 'record', parzelle })}
          />
        ) : dialog?.kind === 'delete' ? (
          <AlertDialog
            title={`Parzelle ${dialog.parzelle.nummer} löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(dialog.parzelle)}
          >
            Die Parzelle wird endgültig gelöscht. Hat oder hatte sie einen Nutzungsberechtigten, geht das nicht – setzen
            Sie sie dann auf „inaktiv“.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
