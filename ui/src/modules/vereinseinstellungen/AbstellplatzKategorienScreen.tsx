import {
  ActionButton,
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
  type SpectrumTableProps,
  StatusLight,
  TableBody,
  TableHeader,
  TableView,
  Text,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { collator } from '../../../../src/platform/collation';
import { formatEuro } from '../../../../src/platform/money';
import { useHasRight } from '../../api/common';
import { saveWithToast } from '../../api/toast';
import {
  type AbstellplatzKategorie,
  deleteAbstellplatzKategorie,
  useAbstellplatzKategorien,
} from '../../api/vereinseinstellungen';
import { usePageTitle } from '../../app/usePageTitle';
import { LoadFailed, Loading } from '../../components/LoadState';
import { KategorieDialog } from './KategorieDialog';

const PATH = '/grundeinstellungen/abstellplatzKategorien';

type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;

export type StatusFilter = 'aktiv' | 'inaktiv' | 'alle';
const STATUS_OPTIONS: readonly { key: StatusFilter; label: string }[] = [
  { key: 'aktiv', label: 'Aktiv' },
  { key: 'inaktiv', label: 'Inaktiv' },
  { key: 'alle', label: 'Alle' },
];

/** ?status=aktiv|inaktiv; anything else (or nothing) shows all. */
export function statusFromSearch(search: string): StatusFilter {
  const value = new URLSearchParams(search).get('status');
  return value === 'aktiv' || value === 'inaktiv' ? value : 'alle';
}

export function sortKategorien(rows: readonly AbstellplatzKategorie[], sort: SortDescriptor): AbstellplatzKategorie[] {
  const factor = sort.direction === 'descending' ? -1 : 1;
  const byName = (a: AbstellplatzKategorie, b: AbstellplatzKategorie) => collator.compare(a.name, b.name);
  return [...rows].sort((a, b) => {
    let result = 0;
    if (sort.column === 'jahresgebuehr') result = a.jahresgebuehrCent - b.jahresgebuehrCent;
    else if (sort.column === 'status') result = Number(b.aktiv) - Number(a.aktiv);
    return factor * (result || byName(a, b));
  });
}

function countText(shown: number, total: number): string {
  const word = (n: number) => (n === 1 ? 'Kategorie' : 'Kategorien');
  return shown === total ? `${total} ${word(total)}` : `${shown} von ${total} ${word(total)}`;
}

type DialogState =
  | { kind: 'edit'; kategorie?: AbstellplatzKategorie }
  | { kind: 'delete'; kategorie: AbstellplatzKategorie };

/** Spec §2 Grundeinstellungen: the categories of parking spaces with their yearly fee. */
export default function AbstellplatzKategorienScreen() {
  usePageTitle('Abstellplatz-Kategorien');
  const { data, error, isLoading, mutate } = useAbstellplatzKategorien();
  const canEdit = useHasRight('WebApp.Vereinseinstellungen.Edit') === true;
  const search = useSearch();
  const [, navigate] = useLocation();
  const status = statusFromSearch(search);
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const rows = useMemo(() => {
    const filtered = (data ?? []).filter((row) => status === 'alle' || row.aktiv === (status === 'aktiv'));
    return sortKategorien(filtered, sort);
  }, [data, status, sort]);

  function setStatus(key: Key | null) {
    const next = String(key) as StatusFilter;
    navigate(next === 'alle' ? PATH : `${PATH}?status=${next}`, { replace: true });
  }

  async function remove(kategorie: AbstellplatzKategorie) {
    try {
      await saveWithToast(deleteAbstellplatzKategorie(kategorie.id), {
        success: `Kategorie „${kategorie.name}“ gelöscht.`,
      });
    } catch {
      // The error toast shows the server's reason (e.g. 409: still assigned).
    }
  }

  const byId = new Map((data ?? []).map((row) => [String(row.id), row]));
  const openRow = (key: Key) => {
    const kategorie = byId.get(String(key));
    if (kategorie) setDialog({ kind: 'edit', kategorie });
  };

  const columns = [
    { key: 'name', name: 'Name' },
    { key: 'jahresgebuehr', name: 'Jahresgebühr' },
    { key: 'status', name: 'Status' },
    ...(canEdit ? [{ key: 'aktionen', name: 'Aktionen' }] : []),
  ];

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Grundeinstellungen</Text>
        <Heading level={1} margin={0}>
          Abstellplatz-Kategorien
        </Heading>
      </View>
      {data && data.length === 0 ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
          <IllustratedMessage>
            <Heading>Noch keine Kategorien</Heading>
            <Content>
              {canEdit
                ? 'Legen Sie die erste Kategorie an, z. B. „PKW-Stellplatz“ mit ihrer Jahresgebühr.'
                : 'Es wurden noch keine Kategorien angelegt.'}
            </Content>
          </IllustratedMessage>
          {canEdit ? (
            <Flex justifyContent="center" marginTop="size-200">
              <Button variant="accent" onPress={() => setDialog({ kind: 'edit' })}>
                <Add />
                <Text>Kategorie anlegen</Text>
              </Button>
            </Flex>
          ) : null}
        </View>
      ) : data ? (
        <>
          <Flex gap="size-200" alignItems="end" wrap>
            <Picker
              label="Status"
              items={STATUS_OPTIONS}
              selectedKey={status}
              onSelectionChange={setStatus}
              width="size-2000"
            >
              {(option) => <Item key={option.key}>{option.label}</Item>}
            </Picker>
            {canEdit ? (
              <Button variant="accent" onPress={() => setDialog({ kind: 'edit' })} marginStart="auto">
                <Add />
                <Text>Neu</Text>
              </Button>
            ) : null}
          </Flex>
          <TableView
            aria-label="Abstellplatz-Kategorien"
            sortDescriptor={sort}
            onSortChange={setSort}
            onAction={openRow}
            width="100%"
            maxHeight="size-6000"
            renderEmptyState={() => (
              <IllustratedMessage>
                <Heading>Keine Kategorien mit diesem Status</Heading>
                <Content>Wählen Sie beim Status „Alle“, um alle Kategorien zu sehen.</Content>
              </IllustratedMessage>
            )}
          >
            <TableHeader columns={columns}>
              {(column) => (
                <Column
                  key={column.key}
                  allowsSorting={column.key !== 'aktionen'}
                  align={column.key === 'jahresgebuehr' || column.key === 'aktionen' ? 'end' : 'start'}
                  hideHeader={column.key === 'aktionen'}
                  {...(column.key === 'name' ? { isRowHeader: true } : {})}
                  {...(column.key === 'aktionen' ? { width: 110 } : {})}
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
                      case 'jahresgebuehr': {
                        const text = formatEuro(row.jahresgebuehrCent);
                        return <Cell textValue={text}>{text}</Cell>;
                      }
                      case 'status': {
                        const text = row.aktiv ? 'aktiv' : 'inaktiv';
                        return (
                          <Cell textValue={text}>
                            <StatusLight variant={row.aktiv ? 'positive' : 'neutral'}>{text}</StatusLight>
                          </Cell>
                        );
                      }
                      default:
                        return (
                          <Cell textValue="Aktionen">
                            <Flex gap="size-50" justifyContent="end">
                              <ActionButton
                                isQuiet
                                aria-label={`Kategorie „${row.name}“ bearbeiten`}
                                onPress={() => setDialog({ kind: 'edit', kategorie: row })}
                              >
                                <Edit />
                              </ActionButton>
                              <ActionButton
                                isQuiet
                                aria-label={`Kategorie „${row.name}“ löschen`}
                                onPress={() => setDialog({ kind: 'delete', kategorie: row })}
                              >
                                <Delete />
                              </ActionButton>
                            </Flex>
                          </Cell>
                        );
                    }
                  }}
                </Row>
              )}
            </TableBody>
          </TableView>
          <Text aria-live="polite">{countText(rows.length, data.length)}</Text>
        </>
      ) : error && !isLoading ? (
        <LoadFailed title="Die Kategorien konnten nicht geladen werden." error={error} onRetry={() => void mutate()} />
      ) : (
        <Loading label="Die Kategorien werden geladen …" />
      )}
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <KategorieDialog kategorie={dialog.kategorie} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <AlertDialog
            title={`Kategorie „${dialog.kategorie.name}“ löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(dialog.kategorie)}
          >
            Die Kategorie wird endgültig gelöscht. Ist sie noch Abstellplätzen zugeordnet, geht das nicht – setzen Sie
            sie dann auf „inaktiv“.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
