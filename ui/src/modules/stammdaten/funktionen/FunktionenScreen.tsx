import { DialogContainer, StatusLight } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { useHasRight } from '../../../api/common';
import { deleteFunktion, type Funktion, useFunktionAlerts, useFunktionen } from '../../../api/stammdaten/funktionen';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { FunktionDialog } from './FunktionDialog';

type DialogState = { kind: 'edit'; funktion?: Funktion } | { kind: 'delete'; funktion: Funktion };

const COLUMNS: readonly ListColumn<Funktion>[] = [
  { key: 'name', name: 'Name', rowHeader: true, sortValue: (r) => r.name, text: (r) => r.name },
  {
    key: 'sortierung',
    name: 'Sortierung',
    align: 'end',
    sortValue: (r) => r.sortierung,
    text: (r) => String(r.sortierung),
  },
  {
    key: 'pflicht',
    name: 'Pflichtfunktion',
    sortValue: (r) => r.pflicht,
    text: (r) => (r.pflicht ? 'Pflicht' : 'freiwillig'),
    render: (r) => (
      <StatusLight variant={r.pflicht ? 'info' : 'neutral'}>{r.pflicht ? 'Pflicht' : 'freiwillig'}</StatusLight>
    ),
  },
];

/** Spec §2 Stammdaten: the club's functions; required ones nobody holds show as a warning. */
export default function FunktionenScreen() {
  usePageTitle('Funktionen');
  const query = useFunktionen();
  const { data: alerts } = useFunktionAlerts();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const nextSortierung = Math.max(0, ...(query.data ?? []).map((f) => f.sortierung)) + 10;

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Funktionen"
      noun={['Funktion', 'Funktionen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neue Funktion"
      empty={{
        title: 'Noch keine Funktionen',
        text: 'Legen Sie die Funktionen des Vorstands an, z. B. „Obmann“ oder „Kassier“.',
        textReadOnly: 'Es wurden noch keine Funktionen angelegt.',
        action: 'Funktion anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'sortierung', direction: 'ascending' }}
      searchText={(r) => r.name}
      onOpen={(funktion) => setDialog({ kind: 'edit', funktion })}
      banner={
        alerts && alerts.length > 0 ? (
          <MessageBanner
            level="warning"
            title="Unbesetzte Pflichtfunktionen"
            message={
              <ul className="kgv-alert-list">
                {alerts.map((alert) => (
                  <li key={alert.funktionId}>{alert.text}</li>
                ))}
              </ul>
            }
          />
        ) : null
      }
      actions={(row) => (
        <>
          <RowAction
            label={`Funktion „${row.name}“ bearbeiten`}
            icon={<Edit />}
            onPress={() => setDialog({ kind: 'edit', funktion: row })}
          />
          <RowAction
            label={`Funktion „${row.name}“ löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', funktion: row })}
          />
        </>
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <FunktionDialog funktion={dialog.funktion} readOnly={!canEdit} nextSortierung={nextSortierung} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Funktion „${dialog.funktion.name}“ löschen?`}
            run={() => deleteFunktion(dialog.funktion.id)}
            success={`Funktion „${dialog.funktion.name}“ gelöscht.`}
          >
            Die Funktion wird endgültig gelöscht. Hatte jemand sie inne, geht das nicht.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
