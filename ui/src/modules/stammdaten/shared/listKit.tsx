import {
  ActionButton,
  AlertDialog,
  Button,
  ButtonGroup,
  Cell,
  Column,
  Content,
  Dialog,
  Divider,
  Flex,
  Form,
  Heading,
  IllustratedMessage,
  type Key,
  ProgressCircle,
  Row,
  SearchField,
  type SpectrumTableProps,
  TableBody,
  TableHeader,
  TableView,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import type { SWRResponse } from 'swr';
import { useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { describeError, isAbortedError } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { MessageBanner } from '../../../components/MessageBanner';
import { matchFieldErrors } from '../../vereinseinstellungen/serverErrors';
import { compareValues } from './format';
import { schemaErrors } from './schemaErrors';

// The building blocks the Stammdaten list screens share: list with search, sort, count and empty
// state; the form dialog; the delete question.

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
  empty: { title: string; text: string; textReadOnly: string; action: string };
  columns: readonly ListColumn<T>[];
  defaultSort: SortDescriptor;
  /** What the search field looks in. */
  searchText: (row: T) => string;
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

/** ?q= keeps the search in the URL (bookmarks, reload). */
function useSearchParam(): [string, (value: string) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const value = new URLSearchParams(search).get('q') ?? '';
  const set = (next: string) => {
    const params = new URLSearchParams(search);
    if (next) params.set('q', next);
    else params.delete('q');
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [value, set];
}

export function ListScreen<T extends { id: number }>(props: ListScreenProps<T>) {
  const { data, error, isLoading, mutate } = props.query;
  const { canEdit, columns, noun } = props;
  const [sort, setSort] = useState<SortDescriptor>(props.defaultSort);
  const [searchValue, setSearchValue] = useSearchParam();
  const [draft, setDraft] = useState(searchValue);

  const rows = useMemo(() => {
    const needle = searchValue.trim().toLocaleLowerCase('de-AT');
    const filtered = (data ?? []).filter(
      (row) => needle === '' || props.searchText(row).toLocaleLowerCase('de-AT').includes(needle),
    );
    const column = columns.find((c) => c.key === sort.column);
    const first = columns.find((c) => c.sortValue);
    const factor = sort.direction === 'descending' ? -1 : 1;
    return [...filtered].sort((a, b) => {
      const result = column?.sortValue ? compareValues(column.sortValue(a), column.sortValue(b)) : 0;
      const tie = first?.sortValue ? compareValues(first.sortValue(a), first.sortValue(b)) : 0;
      return factor * (result || tie);
    });
  }, [data, searchValue, sort, columns, props.searchText]);

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
            <Flex gap="size-100" marginStart="auto" alignItems="end" wrap>
              {props.toolbar}
              {canEdit ? (
                <Button variant="accent" onPress={props.onNew}>
                  <Add />
                  <Text>Neu</Text>
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
            renderEmptyState={() => (
              <IllustratedMessage>
                <Heading>Keine Treffer</Heading>
                <Content>Nichts passt zu „{searchValue}“. Leeren Sie die Suche, um alle zu sehen.</Content>
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
        <Flex direction="column" gap="size-200" alignItems="start">
          <MessageBanner
            level="danger"
            title={`${props.title}: Die Liste konnte nicht geladen werden.`}
            message={describeError(error)}
          />
          <Button variant="accent" onPress={() => void mutate()}>
            Erneut versuchen
          </Button>
        </Flex>
      ) : (
        <Flex justifyContent="center" marginTop="size-400">
          <ProgressCircle aria-label={`${props.title} werden geladen …`} isIndeterminate />
        </Flex>
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

export interface DeleteDialogProps {
  title: string;
  children: ReactNode;
  /** The delete call; its 409 sentence shows as the error toast. */
  run: () => Promise<unknown>;
  success: string;
  /** The button's word when "Löschen" would say too much (e.g. "Entfernen"). */
  actionLabel?: string;
}

/** The delete question: an AlertDialog naming the record; Abbrechen is focused. */
export function DeleteDialog({ title, children, run, success, actionLabel = 'Löschen' }: DeleteDialogProps) {
  return (
    <AlertDialog
      title={title}
      variant="destructive"
      primaryActionLabel={actionLabel}
      cancelLabel="Abbrechen"
      autoFocusButton="cancel"
      onPrimaryAction={() => {
        saveWithToast(run, { success }).catch(() => {
          // The error toast shows the server's reason (409: still in use).
        });
      }}
    >
      {children}
    </AlertDialog>
  );
}

export function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

/** Field errors of a form: the client's checks after the first submit, then the server's 422 answer. */
export function useFormErrors<F extends string>(fields: readonly F[]) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  /** Runs a save with toasts; true when it succeeded. */
  async function save(work: () => Promise<unknown>, success?: string): Promise<boolean> {
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      await saveWithToast(work, success ? { success } : {});
      return true;
    } catch (error) {
      if (!isAbortedError(error)) {
        const matched = matchFieldErrors(error, fields);
        setServerErrors(matched.fields as Partial<Record<F, string>>);
        setOtherErrors(matched.other);
      }
      return false;
    } finally {
      setSaving(false);
    }
  }

  /**
   * Checks a body with the API's own zod schema before it is sent: on failure the messages go to
   * their fields (the rest above the form) and the answer is false. `inputErrors` are what the form
   * itself could not convert (a date not typed as TT.MM.JJJJ …); they win over the schema's words.
   * A true answer narrows the body to what the schema accepts (a picked id is then no longer null).
   */
  function validate<S extends z.ZodType>(
    schema: S,
    body: unknown,
    inputErrors: Partial<Record<F, string | undefined>> = {},
  ): body is z.input<S> {
    setSubmitted(true);
    const { fields: fieldErrors, other } = schemaErrors(schema, body, fields);
    for (const [field, message] of Object.entries(inputErrors) as [F, string | undefined][]) {
      if (message !== undefined) fieldErrors[field] = message;
    }
    setServerErrors(fieldErrors);
    setOtherErrors(other);
    return Object.keys(fieldErrors).length === 0 && other.length === 0;
  }

  function clear(field: F) {
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  return { serverErrors, otherErrors, saving, submitted, setSubmitted, save, validate, clear };
}

export interface FormDialogProps {
  title: string;
  readOnly: boolean;
  saving: boolean;
  otherErrors: readonly string[];
  onSubmit: () => void;
  onCancel: () => void;
  children: ComponentProps<typeof Form>['children'];
  submitLabel?: string;
  size?: 'S' | 'M' | 'L';
  /** Below the form, outside it: parts with their own forms (HTML forms cannot nest). */
  after?: ReactNode;
}

/** A dialog with one form, "Speichern" and "Abbrechen" (read-only: "Schließen"). */
export function FormDialog(props: FormDialogProps) {
  const formId = useId();
  const { readOnly } = props;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!readOnly && !props.saving) props.onSubmit();
  }
  return (
    <Dialog size={props.size ?? 'M'}>
      <Heading>{props.title}</Heading>
      <Divider />
      <Content>
        {props.otherErrors.length > 0 ? (
          <MessageBanner level="danger" title="Nicht gespeichert" message={props.otherErrors.join('\n')} />
        ) : null}
        <Form id={formId} onSubmit={submit} aria-label={props.title} validationBehavior="aria" isReadOnly={readOnly}>
          {props.children}
        </Form>
        {props.after}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onCancel}>
          {readOnly ? 'Schließen' : 'Abbrechen'}
        </Button>
        {readOnly ? null : (
          <Button variant="accent" type="submit" form={formId} isPending={props.saving}>
            {props.submitLabel ?? 'Speichern'}
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

export interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  readOnly?: boolean;
  error?: string | undefined;
  /** Replaces the format hint, e.g. to say what an empty field means. */
  description?: string;
  autoFocus?: boolean;
}

/** A date typed as TT.MM.JJJJ (the club's Excel habit); parse it with parseDate. */
export function DateField({
  label,
  value,
  onChange,
  isRequired,
  readOnly,
  error,
  description,
  autoFocus,
}: DateFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      isRequired={Boolean(isRequired) && !readOnly}
      necessityIndicator={readOnly ? 'icon' : 'label'}
      description={readOnly ? undefined : (description ?? 'TT.MM.JJJJ, z. B. 15.03.2025')}
      inputMode="numeric"
      maxLength={10}
      autoFocus={Boolean(autoFocus)}
      {...invalid(error)}
    />
  );
}
