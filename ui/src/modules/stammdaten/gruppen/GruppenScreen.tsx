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
  type Key,
  ProgressCircle,
  Row,
  type SpectrumTableProps,
  TableBody,
  TableHeader,
  TableView,
  Text,
  View,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import { useMemo, useState } from 'react';
import { useHasRight } from '../../../api/common';
import { describeError } from '../../../api/errors';
import { deleteGruppe, type Gruppe, useGruppen } from '../../../api/stammdaten/gruppen';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { MessageBanner } from '../../../components/MessageBanner';
import { GruppeDialog } from './GruppeDialog';

type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;

const collator = new Intl.Collator('de-AT', { numeric: true, sensitivity: 'base' });

export function sortGruppen(rows: readonly Gruppe[], sort: SortDescriptor): Gruppe[] {
  const factor = sort.direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => {
    let result = 0;
    if (sort.column === 'anzahl') result = a.anzahlParzellen - b.anzahlParzellen;
    else if (sort.column === 'beschreibung') result = collator.compare(a.beschreibung, b.beschreibung);
    return factor * (result || collator.compare(a.name, b.name));
  });
}

type DialogState = { kind: 'edit'; gruppe?: Gruppe } | { kind: 'delete'; gruppe: Gruppe };

/** Spec §2 Stammdaten: groups of plots (e.g. for lists and Unterschriftenlisten). */
export default function GruppenScreen() {
  usePageTitle('Gruppen');
  const { data, error, isLoading, mutate } = useGruppen();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const rows = useMemo(() => sortGruppen(data ?? [], sort), [data, sort]);

  async function remove(gruppe: Gruppe) {
    try {
      await saveWithToast(deleteGruppe(gruppe.id), { success: `Gruppe „${gruppe.name}“ gelöscht.` });
    } catch {
      // 409: the error toast names the plots that still belong to the group.
    }
  }

  const openRow = (key: Key) => {
    const gruppe = data?.find((row) => String(row.id) === String(key));
    if (gruppe) setDialog({ kind: 'edit', gruppe });
  };

  const columns = [
    { key: 'name', name: 'Name' },
    { key: 'beschreibung', name: 'Beschreibung' },
    { key: 'anzahl', name: 'Parzellen' },
    ...(canEdit ? [{ key: 'aktionen', name: 'Aktionen' }] : []),
  ];

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Stammdaten</Text>
        <Heading level={1} margin={0}>
          Gruppen
        </Heading>
      </View>
      {data && data.length === 0 ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
          <IllustratedMessage>
            <Heading>Noch keine Gruppen</Heading>
            <Content>
              {canEdit
                ? 'Legen Sie die erste Gruppe an, z. B. „Gruppe Nord“, und ordnen Sie ihr dann Parzellen zu.'
                : 'Es wurden noch keine Gruppen angelegt.'}
            </Content>
          </IllustratedMessage>
          {canEdit ? (
            <Flex justifyContent="center" marginTop="size-200">
              <Button variant="accent" onPress={() => setDialog({ kind: 'edit' })}>
                <Add />
                <Text>Gruppe anlegen</Text>
              </Button>
            </Flex>
          ) : null}
        </View>
      ) : data ? (
        <>
          {canEdit ? (
            <Flex gap="size-200" alignItems="end">
              <Button variant="accent" onPress={() => setDialog({ kind: 'edit' })} marginStart="auto">
                <Add />
                <Text>Neue Gruppe</Text>
              </Button>
            </Flex>
          ) : null}
          <TableView
            aria-label="Gruppen"
            sortDescriptor={sort}
            onSortChange={setSort}
            onAction={openRow}
            width="100%"
            maxHeight="size-6000"
          >
            <TableHeader columns={columns}>
              {(column) => (
                <Column
                  key={column.key}
                  allowsSorting={column.key !== 'aktionen'}
                  align={column.key === 'anzahl' || column.key === 'aktionen' ? 'end' : 'start'}
                  hideHeader={column.key === 'aktionen'}
                  {...(column.key === 'name' ? { isRowHeader: true } : {})}
                  {...(column.key === 'aktionen' ? { width: 80 } : {})}
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
                      case 'beschreibung':
                        return <Cell textValue={row.beschreibung || '–'}>{row.beschreibung || '–'}</Cell>;
                      case 'anzahl':
                        return <Cell textValue={String(row.anzahlParzellen)}>{row.anzahlParzellen}</Cell>;
                      default:
                        return (
                          <Cell textValue="Aktionen">
                            <ActionButton
                              isQuiet
                              aria-label={`Gruppe „${row.name}“ löschen`}
                              onPress={() => setDialog({ kind: 'delete', gruppe: row })}
                            >
                              <Delete />
                            </ActionButton>
                          </Cell>
                        );
                    }
                  }}
                </Row>
              )}
            </TableBody>
          </TableView>
          <Text aria-live="polite" UNSAFE_className="kgv-muted">
            {rows.length} {rows.length === 1 ? 'Gruppe' : 'Gruppen'}
          </Text>
        </>
      ) : error && !isLoading ? (
        <Flex direction="column" gap="size-200" alignItems="start">
          <MessageBanner
            level="danger"
            title="Die Gruppen konnten nicht geladen werden."
            message={describeError(error)}
          />
          <Button variant="accent" onPress={() => void mutate()}>
            Erneut versuchen
          </Button>
        </Flex>
      ) : (
        <Flex justifyContent="center" marginTop="size-400">
          <ProgressCircle aria-label="Die Gruppen werden geladen …" isIndeterminate />
        </Flex>
      )}
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <GruppeDialog gruppe={dialog.gruppe} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <AlertDialog
            title={`Gruppe „${dialog.gruppe.name}“ löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(dialog.gruppe)}
          >
            Die Gruppe wird endgültig gelöscht. Gehören ihr noch Parzellen an, geht das nicht – ordnen Sie diese zuerst
            einer anderen Gruppe zu.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
