import {
  ActionButton,
  Button,
  Content,
  Flex,
  Heading,
  IllustratedMessage,
  type Key,
  SearchField,
  Text,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { SWRResponse } from 'swr';
import { useQueryParam } from '../app/useQueryParam';
import { compareValues } from '../lib/format';
import { downloadListExport, selectionText } from '../lib/listExport';
import { ExportMenu } from './ExportMenu';
import { exportColumns, type ListColumn, ListTable, type SortDescriptor } from './ListTable';
import { LoadFailed, Loading } from './LoadState';

// The one list screen of the app: heading, toolbar (Suchen, filters, Export, "Neue …"), a table
// with sortable columns whose first column stays put while it scrolls sideways, the row count, the
// empty states, and the export of exactly the rows shown. Forms and the delete question are in formKit.

export { exportColumns, type ListColumn, type SortDescriptor } from './ListTable';

interface ListScreenBaseProps<T extends { id: number | string }> {
  eyebrow?: string;
  title: string;
  /** Inside a tab, where the page already has its heading: no eyebrow and heading. */
  hideHeading?: boolean;
  /** Singular and plural: "1 Funktion", "3 Funktionen"; a third form where "von" needs the dative ("1 von 3 Benutzern"). */
  noun: readonly [string, string] | readonly [string, string, string];
  query: Pick<SWRResponse<T[], unknown>, 'data' | 'error' | 'isLoading' | 'mutate'>;
  canEdit: boolean;
  empty: { title: string; text: string; textReadOnly: string; action?: string };
  columns: readonly ListColumn<T>[];
  defaultSort: SortDescriptor;
  /**
   * What the search field looks in. Without it the server searches: the screen passes the URL's
   * search (`searchParam`) to its query, and the rows arrive already narrowed.
   */
  searchText?: (row: T) => string;
  /** The URL parameter of the search (default `q`). */
  searchParam?: string;
  /** Under the search field, e.g. "Nummer oder Nutzungsberechtigter". */
  searchDescription?: string;
  /** Filter pickers next to the search field (filterKit: kept in the URL like the search). */
  filters?: ReactNode;
  /** The rows the filters let through; the search narrows further. */
  rowFilter?: (row: T) => boolean;
  /** A filter the server applies is set (not its default): an empty answer is then "no match", not "none yet". */
  filtered?: boolean;
  /** The active filters in words for the export's heading, e.g. ["Status: Aktiv"] (filterKit's filterText). */
  filterText?: readonly (string | false | null | undefined)[];
  /** The empty table's sentence when the filters (not the search) leave no row. */
  filterEmpty?: string;
  /** The row's action buttons (only with the Edit right). */
  actions?: (row: T) => ReactNode;
  actionsWidth?: number;
  onOpen?: (row: T) => void;
  /** Above the toolbar: warnings. */
  banner?: ReactNode;
  /** More toolbar items, before Export and "Neue …" (further downloads, "Parkkarten" …). */
  toolbar?: ReactNode;
  /** Export → Excel / PDF of the shown rows (default on). */
  exportable?: boolean;
  /** The export's title and file name (default the title), e.g. "Geburtstagsliste 2026". */
  exportTitle?: string;
  /** After the row count, e.g. " · Jahr 2026". */
  countSuffix?: string;
  /** Long cells wrap onto more lines instead of being cut ("…"). */
  wrap?: boolean;
  /** The table's height (default: at most size-6000, so the sideways scrollbar stays on screen). */
  height?: string;
  /** The DialogContainer. */
  children?: ReactNode;
}

/**
 * The "new" button: with `onNew` its words are required, one pattern on every list: "Neue
 * Parzelle", "Neuer Benutzer", "Neues …" (never a bare "Neu"). Without `onNew` (or without the Edit
 * right) there is none.
 */
type NewAction = { onNew: () => void; newLabel: string } | { onNew?: undefined; newLabel?: undefined };

export type ListScreenProps<T extends { id: number | string }> = ListScreenBaseProps<T> & NewAction;

export function countText(
  shown: number,
  total: number,
  noun: readonly [string, string] | readonly [string, string, string],
): string {
  const [one, many] = noun;
  const word = (n: number) => (n === 1 ? one : many);
  if (shown === total) return `${total} ${word(total)}`;
  return `${shown} von ${total} ${total === 1 ? one : (noun[2] ?? many)}`;
}

function noMatchText(search: string, filterEmpty: string | undefined, filtered: boolean): string {
  if (search.trim() === '' && filtered) return filterEmpty ?? 'Mit diesem Filter gibt es keine Einträge.';
  const hint = filtered
    ? 'Leeren Sie die Suche oder ändern Sie den Filter.'
    : 'Leeren Sie die Suche, um alle zu sehen.';
  return `Nichts passt zu „${search}“. ${hint}`;
}

export function ListScreen<T extends { id: number | string }>(props: ListScreenProps<T>) {
  const { error, isLoading, mutate } = props.query;
  const { canEdit, columns, noun } = props;
  // While the server answers a new search the previous rows stay, so the toolbar (and the focus in
  // the search field) does not vanish under the typing hand.
  const last = useRef<T[] | undefined>(undefined);
  if (props.query.data) last.current = props.query.data;
  const data = props.query.data ?? (!props.searchText && isLoading ? last.current : undefined);
  const [sort, setSort] = useState<SortDescriptor>(props.defaultSort);
  // ?q= keeps the search in the URL (bookmarks, reload).
  const [searchValue, setSearchValue] = useQueryParam(props.searchParam ?? 'q');
  const [draft, setDraft] = useState(searchValue);
  const serverSearch = !props.searchText;

  const rows = useMemo(() => {
    const needle = serverSearch ? '' : searchValue.trim().toLocaleLowerCase('de-AT');
    const filtered = (data ?? []).filter(
      (row) =>
        (props.rowFilter?.(row) ?? true) &&
        (needle === '' || (props.searchText?.(row) ?? '').toLocaleLowerCase('de-AT').includes(needle)),
    );
    const sortValue = columns.find((c) => c.key === sort.column)?.sortValue;
    // A default sort naming no sortable column keeps the order the server answered (e.g. Listen).
    if (!sortValue) return filtered;
    const first = columns.find((c) => c.sortValue);
    const factor = sort.direction === 'descending' ? -1 : 1;
    return [...filtered].sort((a, b) => {
      const result = compareValues(sortValue(a), sortValue(b));
      const tie = first?.sortValue ? compareValues(first.sortValue(a), first.sortValue(b)) : 0;
      return factor * (result || tie);
    });
  }, [data, searchValue, sort, columns, props.searchText, props.rowFilter, serverSearch]);

  const byId = new Map((data ?? []).map((row) => [String(row.id), row]));
  const onAction = props.onOpen
    ? (key: Key) => {
        const row = byId.get(String(key));
        if (row) props.onOpen?.(row);
      }
    : undefined;

  const narrowed = Boolean(props.rowFilter) || Boolean(props.filtered);
  const nothingYet = data !== undefined && data.length === 0 && !narrowed && searchValue.trim() === '';
  const newButton =
    canEdit && props.onNew ? (
      <Button variant="accent" onPress={props.onNew}>
        <Add />
        <Text>{props.newLabel}</Text>
      </Button>
    ) : null;

  async function exportRows(format: 'xlsx' | 'pdf') {
    await downloadListExport(format, {
      titel: props.exportTitle ?? props.title,
      untertitel: selectionText(props.filterText ?? [], searchValue),
      columns: exportColumns(columns),
      rows,
    });
  }

  return (
    <Flex direction="column" gap="size-200">
      {props.hideHeading ? null : (
        <View>
          {props.eyebrow ? <Text UNSAFE_className="kgv-eyebrow">{props.eyebrow}</Text> : null}
          <Heading level={1} margin={0}>
            {props.title}
          </Heading>
        </View>
      )}
      {props.banner}
      {data ? (
        // The toolbar stays in the empty state too: the year, the filters and "Neu …" are where they always are.
        <>
          <Flex gap="size-200" alignItems="end" wrap>
            {nothingYet ? null : (
              <SearchField
                label="Suchen"
                {...(props.searchDescription ? { description: props.searchDescription } : {})}
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
            )}
            {props.filters}
            {/* One order everywhere: the screen's own items, Export, then "Neue …". */}
            <Flex gap="size-100" marginStart="auto" alignItems="end" wrap>
              {props.toolbar}
              {props.exportable === false || nothingYet ? null : <ExportMenu onExport={exportRows} />}
              {newButton}
            </Flex>
          </Flex>
          {nothingYet ? (
            <View
              borderWidth="thin"
              borderColor="default"
              borderRadius="medium"
              padding="size-300"
              maxWidth="size-6000"
            >
              <IllustratedMessage>
                <Heading>{props.empty.title}</Heading>
                <Content>{canEdit ? props.empty.text : props.empty.textReadOnly}</Content>
              </IllustratedMessage>
              {canEdit && props.onNew ? (
                <Flex justifyContent="center" marginTop="size-200">
                  <Button variant="accent" onPress={props.onNew}>
                    <Add />
                    <Text>{props.empty.action ?? props.newLabel}</Text>
                  </Button>
                </Flex>
              ) : null}
            </View>
          ) : (
            <>
              <ListTable
                label={props.title}
                columns={columns}
                rows={rows}
                sort={sort}
                onSortChange={setSort}
                onAction={onAction}
                actions={canEdit ? props.actions : undefined}
                actionsWidth={props.actionsWidth}
                wrap={props.wrap}
                height={props.height}
                emptyState={() => (
                  <IllustratedMessage>
                    <Heading>Keine Treffer</Heading>
                    <Content>{noMatchText(searchValue, props.filterEmpty, narrowed)}</Content>
                  </IllustratedMessage>
                )}
              />
              <Text aria-live="polite">
                {serverSearch && !props.rowFilter
                  ? countText(rows.length, rows.length, noun)
                  : countText(rows.length, data.length, noun)}
                {props.countSuffix ?? ''}
              </Text>
            </>
          )}
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
