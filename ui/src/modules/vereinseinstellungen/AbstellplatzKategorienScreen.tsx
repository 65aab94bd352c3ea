import { AlertDialog, DialogContainer, StatusLight } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { formatEuro } from '../../../../src/platform/money';
import { useHasRight } from '../../api/common';
import { saveWithToast } from '../../api/toast';
import {
  type AbstellplatzKategorie,
  deleteAbstellplatzKategorie,
  useAbstellplatzKategorien,
} from '../../api/vereinseinstellungen';
import { usePageTitle } from '../../app/usePageTitle';
import { type FilterOption, FilterPicker, filterText, labelOf, useFilterParam } from '../../components/filterKit';
import { type ListColumn, ListScreen, RowAction } from '../../components/listKit';
import { KategorieDialog } from './KategorieDialog';

export type StatusFilter = 'aktiv' | 'inaktiv' | 'alle';
const STATUS_OPTIONS: readonly FilterOption<StatusFilter>[] = [
  { key: 'aktiv', label: 'Aktiv' },
  { key: 'inaktiv', label: 'Inaktiv' },
  { key: 'alle', label: 'Alle' },
];

const statusText = (row: AbstellplatzKategorie) => (row.aktiv ? 'aktiv' : 'inaktiv');

const COLUMNS: readonly ListColumn<AbstellplatzKategorie>[] = [
  { key: 'name', name: 'Name', rowHeader: true, minWidth: 200, sortValue: (r) => r.name, text: (r) => r.name },
  {
    key: 'jahresgebuehr',
    name: 'Jahresgebühr',
    align: 'end',
    sortValue: (r) => r.jahresgebuehrCent,
    text: (r) => formatEuro(r.jahresgebuehrCent),
    export: { typ: 'cent', value: (r) => r.jahresgebuehrCent },
  },
  {
    key: 'status',
    name: 'Status',
    sortValue: (r) => r.aktiv,
    text: statusText,
    render: (r) => <StatusLight variant={r.aktiv ? 'positive' : 'neutral'}>{statusText(r)}</StatusLight>,
  },
];

type DialogState =
  | { kind: 'edit'; kategorie?: AbstellplatzKategorie }
  | { kind: 'delete'; kategorie: AbstellplatzKategorie };

/** Spec §2 Grundeinstellungen: the categories of parking spaces with their yearly fee. */
export default function AbstellplatzKategorienScreen() {
  usePageTitle('Abstellplatz-Kategorien');
  const query = useAbstellplatzKategorien();
  const canEdit = useHasRight('WebApp.Vereinseinstellungen.Edit') === true;
  // ?status=aktiv|inaktiv; by default all categories.
  const [status, setStatus] = useFilterParam('status', STATUS_OPTIONS, 'alle');
  const [dialog, setDialog] = useState<DialogState | null>(null);

  async function remove(kategorie: AbstellplatzKategorie) {
    try {
      await saveWithToast(deleteAbstellplatzKategorie(kategorie.id), {
        success: `Kategorie „${kategorie.name}“ gelöscht.`,
      });
    } catch {
      // The error toast shows the server's reason (e.g. 409: still assigned).
    }
  }

  return (
    <ListScreen
      eyebrow="Grundeinstellungen"
      title="Abstellplatz-Kategorien"
      noun={['Kategorie', 'Kategorien']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neue Kategorie"
      empty={{
        title: 'Noch keine Kategorien',
        text: 'Legen Sie die erste Kategorie an, z. B. „PKW-Stellplatz“ mit ihrer Jahresgebühr.',
        textReadOnly: 'Es wurden noch keine Kategorien angelegt.',
        action: 'Kategorie anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'name', direction: 'ascending' }}
      searchText={(r) => r.name}
      filters={<FilterPicker label="Status" options={STATUS_OPTIONS} value={status} onChange={setStatus} />}
      rowFilter={status === 'alle' ? undefined : (r) => r.aktiv === (status === 'aktiv')}
      filterText={[filterText('Status', STATUS_OPTIONS, status, 'alle')]}
      filterEmpty={`Keine Kategorien mit Status „${labelOf(STATUS_OPTIONS, status)}“. Wählen Sie beim Status „Alle“, um alle Kategorien zu sehen.`}
      onOpen={(kategorie) => setDialog({ kind: 'edit', kategorie })}
      actions={(row) => (
        <>
          <RowAction
            label={`Kategorie „${row.name}“ bearbeiten`}
            icon={<Edit />}
            onPress={() => setDialog({ kind: 'edit', kategorie: row })}
          />
          <RowAction
            label={`Kategorie „${row.name}“ löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', kategorie: row })}
          />
        </>
      )}
    >
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
    </ListScreen>
  );
}
