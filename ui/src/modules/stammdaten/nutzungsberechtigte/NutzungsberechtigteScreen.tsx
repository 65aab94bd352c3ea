import {
  Button,
  Cell,
  Column,
  Content,
  Flex,
  Heading,
  IllustratedMessage,
  Item,
  type Key,
  Picker,
  Row,
  SearchField,
  type SpectrumTableProps,
  StatusLight,
  TableBody,
  TableHeader,
  TableView,
  Text,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { collator } from '../../../../../src/platform/collation';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import {
  ADRESSE_FLAGS,
  type Adresse,
  type AdressenFilter,
  type MitgliedFilter,
  useAdressen,
} from '../../../api/stammdaten/adressen';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { AdressenDownloads } from './AdressenDownloads';
import { AdresseRecord } from './AdresseRecord';

export const PATH = '/stammdatenverwalten/nutzungsberechtigte';

type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;

const FILTER_OPTIONS: readonly { key: AdressenFilter; label: string }[] = [
  { key: 'aktiv', label: 'Aktiv' },
  { key: 'ehemalig', label: 'Ehemalig' },
  { key: 'alle', label: 'Alle' },
];
const MITGLIED_OPTIONS: readonly { key: MitgliedFilter; label: string }[] = [
  { key: 'alle', label: 'Alle' },
  { key: 'ja', label: 'Ja' },
  { key: 'nein', label: 'Nein' },
];

export interface ListQuery {
  filter: AdressenFilter;
  mitglied: MitgliedFilter;
  suche: string;
}

/** ?filter=ehemalig|alle (default aktiv), ?mitglied=ja|nein, ?suche=… */
export function listQueryFromSearch(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const filter = params.get('filter');
  const mitglied = params.get('mitglied');
  return {
    filter: filter === 'ehemalig' || filter === 'alle' ? filter : 'aktiv',
    mitglied: mitglied === 'ja' || mitglied === 'nein' ? mitglied : 'alle',
    suche: params.get('suche') ?? '',
  };
}

const isMitglied = (row: Adresse) => (row.flags & ADRESSE_FLAGS.kgvMitglied) !== 0;
const parzellenText = (row: Adresse) => row.parzellen.map((p) => p.nummer).join(', ');
const plzOrt = (row: Adresse) => [row.plz, row.ort].filter(Boolean).join(' ');

export function sortAdressen(rows: readonly Adresse[], sort: SortDescriptor): Adresse[] {
  const factor = sort.direction === 'descending' ? -1 : 1;
  const text = (row: Adresse): string => {
    switch (sort.column) {
      case 'parzellen':
        return parzellenText(row);
      case 'strasse':
        return row.strasse;
      case 'plzOrt':
        return plzOrt(row);
      case 'telefon':
        return row.telefon || row.mobil;
      case 'email':
        return row.email;
      case 'eintritt':
        return row.eintrittsdatum ?? '';
      default:
        return '';
    }
  };
  return [...rows].sort((a, b) => {
    let result = 0;
    if (sort.column === 'mitglied') result = Number(isMitglied(b)) - Number(isMitglied(a));
    else if (sort.column !== 'name') {
      const [x, y] = [text(a), text(b)];
      // Empty values last, whatever the direction.
      if (x === '' || y === '') return x === y ? collator.compare(a.name, b.name) : x === '' ? 1 : -1;
      result = collator.compare(x, y);
    }
    return factor * (result || collator.compare(a.name, b.name));
  });
}

function matches(row: Adresse, suche: string): boolean {
  const needle = suche.trim().toLocaleLowerCase('de-AT');
  if (!needle) return true;
  return [row.name, row.vorname, row.nachname, row.strasse, plzOrt(row), row.telefon, row.mobil, row.email]
    .concat(row.parzellen.map((p) => p.nummer))
    .some((value) => value?.toLocaleLowerCase('de-AT').includes(needle));
}

function countText(shown: number, total: number): string {
  const word = (n: number) => (n === 1 ? 'Adresse' : 'Adressen');
  return shown === total ? `${total} ${word(total)}` : `${shown} von ${total} ${word(total)}`;
}

// minWidth: below it the table scrolls sideways rather than cutting a date or a name (125 % zoom).
const COLUMNS = [
  { key: 'name', name: 'Name', minWidth: 220 },
  { key: 'parzellen', name: 'Parzellen', minWidth: 120 },
  { key: 'strasse', name: 'Straße', minWidth: 200 },
  { key: 'plzOrt', name: 'PLZ Ort', minWidth: 160 },
  { key: 'telefon', name: 'Telefon', minWidth: 150 },
  { key: 'email', name: 'E-Mail', minWidth: 220 },
  { key: 'mitglied', name: 'Mitglied', minWidth: 110 },
  { key: 'eintritt', name: 'Eintritt', minWidth: 120 },
] as const;

/** Spec §2 Stammdaten: the addresses (Nutzungsberechtigte); ?id=… (or ?id=neu) opens one record. */
export default function NutzungsberechtigteScreen() {
  usePageTitle('Nutzungsberechtigte');
  const search = useSearch();
  const id = new URLSearchParams(search).get('id');
  if (id) return <AdresseRecord key={id} idParam={id} />;
  return <AdressenList />;
}

function AdressenList() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = listQueryFromSearch(search);
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const { data, error, isLoading, mutate } = useAdressen(query);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });

  const rows = useMemo(
    () =>
      sortAdressen(
        (data ?? []).filter((row) => matches(row, query.suche)),
        sort,
      ),
    [data, query.suche, sort],
  );

  function setParam(name: string, value: string, fallback: string) {
    const params = new URLSearchParams(window.location.search);
    if (value && value !== fallback) params.set(name, value);
    else params.delete(name);
    const next = params.toString();
    navigate(next ? `${PATH}?${next}` : PATH, { replace: true });
  }

  function open(id: Key | 'neu') {
    const params = new URLSearchParams(window.location.search);
    params.set('id', String(id));
    navigate(`${PATH}?${params.toString()}`);
  }

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Stammdaten</Text>
        <Heading level={1} margin={0}>
          Nutzungsberechtigte
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <SearchField
          label="Suche"
          aria-label="Adressen durchsuchen"
          defaultValue={query.suche}
          onChange={(value) => setParam('suche', value, '')}
          width="size-3600"
        />
        <Picker
          label="Status"
          items={FILTER_OPTIONS}
          selectedKey={query.filter}
          onSelectionChange={(key) => setParam('filter', String(key), 'aktiv')}
          width="size-1600"
        >
          {(option) => <Item key={option.key}>{option.label}</Item>}
        </Picker>
        <Picker
          label="Mitglied"
          items={MITGLIED_OPTIONS}
          selectedKey={query.mitglied}
          onSelectionChange={(key) => setParam('mitglied', String(key), 'alle')}
          width="size-1600"
        >
          {(option) => <Item key={option.key}>{option.label}</Item>}
        </Picker>
        <Flex gap="size-200" marginStart="auto" alignItems="center" wrap>
          <AdressenDownloads />
          {canEdit ? (
            <Button variant="accent" onPress={() => open('neu')}>
              <Add />
              <Text>Neue Adresse</Text>
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {data ? (
        <>
          <TableView
            aria-label="Nutzungsberechtigte"
            sortDescriptor={sort}
            onSortChange={setSort}
            onAction={open}
            width="100%"
            height="60vh"
            minHeight="size-3600"
            renderEmptyState={() => (
              <IllustratedMessage>
                <Heading>{data.length === 0 ? 'Keine Adressen' : 'Keine Treffer'}</Heading>
                <Content>
                  {data.length === 0
                    ? canEdit
                      ? 'Mit diesen Filtern gibt es keine Adressen — legen Sie mit „Neue Adresse“ eine an oder wählen Sie beim Status „Alle“.'
                      : 'Mit diesen Filtern gibt es keine Adressen — wählen Sie beim Status „Alle“.'
                    : 'Keine Adresse passt zur Suche. Ändern Sie den Suchbegriff.'}
                </Content>
              </IllustratedMessage>
            )}
          >
            <TableHeader columns={COLUMNS}>
              {(column) => (
                <Column
                  key={column.key}
                  allowsSorting
                  minWidth={column.minWidth}
                  {...(column.key === 'name' ? { isRowHeader: true } : {})}
                >
                  {column.name}
                </Column>
              )}
            </TableHeader>
            <TableBody items={rows}>
              {(row) => (
                <Row key={row.id}>
                  {(columnKey) => {
                    switch (columnKey) {
                      case 'name':
                        return <Cell textValue={row.name}>{row.name}</Cell>;
                      case 'parzellen':
                        return <Cell>{parzellenText(row)}</Cell>;
                      case 'strasse':
                        return <Cell>{row.strasse}</Cell>;
                      case 'plzOrt':
                        return <Cell>{plzOrt(row)}</Cell>;
                      case 'telefon':
                        return <Cell>{row.telefon || row.mobil}</Cell>;
                      case 'email':
                        return <Cell>{row.email}</Cell>;
                      case 'mitglied': {
                        const text = isMitglied(row) ? 'Mitglied' : 'kein Mitglied';
                        return (
                          <Cell textValue={text}>
                            <StatusLight variant={isMitglied(row) ? 'positive' : 'neutral'}>{text}</StatusLight>
                          </Cell>
                        );
                      }
                      default:
                        return <Cell>{formatGermanDate(row.eintrittsdatum)}</Cell>;
                    }
                  }}
                </Row>
              )}
            </TableBody>
          </TableView>
          <Text aria-live="polite">{countText(rows.length, data.length)}</Text>
        </>
      ) : error && !isLoading ? (
        <LoadFailed title="Die Adressen konnten nicht geladen werden." error={error} onRetry={() => void mutate()} />
      ) : (
        <Loading label="Die Adressen werden geladen …" />
      )}
    </Flex>
  );
}
