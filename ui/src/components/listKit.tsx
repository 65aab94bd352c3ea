import {
  ActionButton,
  Button,
  Cell,
  Column,
  Content,
  Flex,
  Heading,
  IllustratedMessage,
  type Key,
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
import { type ReactNode, useMemo, useState } from 'react';
import type { SWRResponse } from 'swr';
import { useQueryParam } from '../app/useQueryParam';
import { compareValues } from '../lib/format';
import { LoadFailed, Loading } from './LoadState';

// The building blocks the Stammdaten list screens share: list with search, sort, count, empty state
// and row actions. Forms and the delete question are in formKit.

/** Enough for a date (15.01.2025), an amount (€ 1.234,56) or a short name with the cell padding. */
const DEFAULT_MIN_WIDTH = 120;

export type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;
type SortValue = string | number | boolean | null;

export interface ListColumn<T> {
  key: string;
  name: string;
  align?: 'start' | 'end';
  /** Sorting value; without it the column is not sortable. */
  sortValue?: (row: T) => SortValue;
  rowHeader?: boolean;
  width?: number;
  /** Narrowest width before the table scrolls sideways instead of cutting text (default 120 px). */
  minWidth?: number;
  /** The cell's text (for the table's type-ahead and screen readers). */
  text: (row: T) => string;
  /** The cell's content when more than its text (e.g. a StatusLight). */
  render?: (row: T) => ReactNode;
}

export interface ListScreenProps<T extends { id: number }> {
  eyebrow: string;
  title: string;
  /** Singular and plural: "1 Funktion", "3 Funktionen". */
  noun: readonly [string, string];
  query: Pick<SWRResponse<T[], unknown>, 'data' | 'error' | 'isLoading' | 'mutate'>;
  canEdit: boolean;
  onNew: () => void;
  /** The button's word, e.g. "Neue Gruppe" (default "Neu"). */
  newLabel?: string;
  empty: { title: string; text: string; textReadOnly: string; action: string };
  columns: readonly ListColumn<T>[];
  defaultSort: SortDescriptor;
  /** What the search field looks in. */
  searchText: (row: T) => string;
  /** Filter pickers next to the search field (filterKit: kept in the URL like the search). */
  filters?: ReactNode;
  /** The rows the filters let through; the search narrows further. */
  rowFilter?: (row: T) => boolean;
  /** The empty table's sentence when the filters (not the search) leave no row. */
  filterEmpty?: string;
  /** The row's action buttons (only with the Edit right). */
  actions?: (row: T) => ReactNode;
  actionsWidth?: number;
  onOpen?: (row: T) => void;
  /** Above the toolbar: warnings. */
  banner?: ReactNode;
  /** More toolbar items (export links …). */
  toolbar?: ReactNode;
  /** The DialogContainer. */
  children?: ReactNode;
}

export function countText(shown: number, total: number, [one, many]: readonly [string, string]): string {
  const word = (n: number) => (n === 1 ? one : many);
  return shown === total ? `${total} ${word(total)}` : `${shown} von ${total} ${word(total)}`;
}

function noMatchText(search: string, filterEmpty: string | undefined, filtered: boolean): string {
  if (search.trim() === '' && filtered) return filterEmpty ?? 'Mit diesem Filter gibt es keine Einträge.';
  const hint = filtered
    ? 'Leeren Sie die Suche oder ändern Sie den Filter.'
    : 'Leeren Sie die Suche, um alle zu sehen.';
  return `Nichts passt zu „${search}“. ${hint}`;
}

export function ListScreen<T extends { id: number }>(props: ListScreenProps<T>) {
  const { data, error, isLoading, mutate } = props.query;
  const { canEdit, columns, noun } = props;
  const [sort, setSort] = useState<SortDescriptor>(props.defaultSort);
  // ?q= keeps the search in the URL (bookmarks, reload).
  const [searchValue, setSearchValue] = useQueryParam('q');
  const [draft, setDraft] = useState(searchValue);

  const rows = useMemo(() => {
    const needle = searchValue.trim().toLocaleLowerCase('de-AT');
    const filtered = (data ?? []).filter(
      (row) =>
        (props.rowFilter?.(row) ?? true) &&
        (needle === '' || props.searchText(row).toLocaleLowerCase('de-AT').includes(needle)),
    );
    const column = columns.find((c) => c.key === sort.column);
    const first = columns.find((c) => c.sortValue);
    const factor = sort.direction === 'descending' ? -1 : 1;
    return [...filtered].sort((a, b) => {
      const result = column?.sortValue ? compareValues(column.sortValue(a), column.sortValue(b)) : 0;
      const tie = first?.sortValue ? compareValues(first.sortValue(a), first.sortValue(b)) : 0;
      return factor * (result || tie);
    });
  }, [data, searchValue, sort, columns, props.searchText, props.rowFilter]);

  const byId = new Map((data ?? []).map((row) => [String(row.id), row]));
  const onAction = props.onOpen
    ? (key: Key) => {
        const row = byId.get(String(key));
        if (row) props.onOpen?.(row);
      }
    : undefined;

  const tableColumns = [
    ...columns.map((c) => ({ key: c.key, name: c.name })),
    ...(canEdit && props.actions ? [{ key: '__aktionen', name: 'Aktionen' }] : []),
  ];
  const columnOf = new Map(columns.map((c) => [c.key, c]));

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">{props.eyebrow}</Text>
        <Heading level={1} margin={0}>
          {props.title}
        </Heading>
      </View>
      {props.banner}
      {data && data.length === 0 ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
          <IllustratedMessage>
            <Heading>{props.empty.title}</Heading>
            <Content>{canEdit ? props.empty.text : props.empty.textReadOnly}</Content>
          </IllustratedMessage>
          {canEdit ? (
            <Flex justifyContent="center" marginTop="size-200">
              <Button variant="accent" onPress={props.onNew}>
                <Add />
                <Text>{props.empty.action}</Text>
              </Button>
            </Flex>
          ) : null}
        </View>
      ) : data ? (
        <>
          <Flex gap="size-200" alignItems="end" wrap>
            <SearchField
              label="Suche"
              value={draft}
              onChange={(value) => {
                setDraft(value);
                setSearchValue(value);
              }}
              onSubmit={setSearchValue}
              onClear={() => {
                setDraft('');
                setSearchValue('');
              }}
              width="size-3600"
            />
            {props.filters}
            <Flex gap="size-100" marginStart="auto" alignItems="end" wrap>
              {props.toolbar}
              {canEdit ? (
                <Button variant="accent" onPress={props.onNew}>
                  <Add />
                  <Text>{props.newLabel ?? 'Neu'}</Text>
                </Button>
              ) : null}
            </Flex>
          </Flex>
          <TableView
            aria-label={props.title}
            sortDescriptor={sort}
            onSortChange={setSort}
            {...(onAction ? { onAction } : {})}
            width="100%"
            maxHeight="size-6000"
            // Without rows the table would shrink to its header and hide the empty state's sentence.
            {...(rows.length === 0 ? { minHeight: 'size-3000' } : {})}
            renderEmptyState={() => (
              <IllustratedMessage>
                <Heading>Keine Treffer</Heading>
                <Content>{noMatchText(searchValue, props.filterEmpty, Boolean(props.rowFilter))}</Content>
              </IllustratedMessage>
            )}
          >
            <TableHeader columns={tableColumns}>
              {(column) => {
                const def = columnOf.get(column.key);
                const isActions = column.key === '__aktionen';
                return (
                  <Column
                    key={column.key}
                    allowsSorting={Boolean(def?.sortValue)}
                    align={isActions ? 'end' : (def?.align ?? 'start')}
                    hideHeader={isActions}
                    {...(def?.rowHeader ? { isRowHeader: true } : {})}
                    {...(isActions
                      ? { width: props.actionsWidth ?? 110 }
                      : def?.width
                        ? { width: def.width }
                        : { minWidth: def?.minWidth ?? DEFAULT_MIN_WIDTH })}
                  >
                    {column.name}
                  </Column>
                );
              }}
            </TableHeader>
            <TableBody items={rows}>
              {(row) => (
                <Row key={row.id}>
                  {(columnKey) => {
                    const def = columnOf.get(String(columnKey));
                    if (!def) {
                      return (
                        <Cell textValue="Aktionen">
                          <Flex gap="size-50" justifyContent="end">
                            {props.actions?.(row)}
                          </Flex>
                        </Cell>
                      );
                    }
                    const text = def.text(row);
                    return <Cell textValue={text}>{def.render ? def.render(row) : text}</Cell>;
                  }}
                </Row>
              )}
            </TableBody>
          </TableView>
          <Text aria-live="polite">{countText(rows.length, data.length, noun)}</Text>
        </>
      ) : error && !isLoading ? (
        <LoadFailed
          title={`${props.title}: Die Liste konnte nicht geladen werden.`}
          error={error}
          onRetry={() => void mutate()}
        />
      ) : (
        <Loading label={`${props.title} werden geladen …`} />
      )}
      {props.children}
    </Flex>
  );
}

/** One quiet icon button of a row. */
export function RowAction({ label, icon, onPress }: { label: string; icon: ReactNode; onPress: () => void }) {
  return (
    <ActionButton isQuiet aria-label={label} onPress={onPress}>
      {icon}
    </ActionButton>
  );
}
