import { DialogContainer } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import { useHasRight } from '../../../api/common';
import { deleteGruppe, type Gruppe, useGruppen } from '../../../api/stammdaten/gruppen';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { GruppeDialog, gruppeLabel } from './GruppeDialog';

type DialogState = { kind: 'edit'; gruppe?: Gruppe } | { kind: 'delete'; gruppe: Gruppe };

const COLUMNS: readonly ListColumn<Gruppe>[] = [
  { key: 'name', name: 'Name', rowHeader: true, minWidth: 160, sortValue: (r) => r.name, text: (r) => r.name },
  {
    key: 'beschreibung',
    name: 'Beschreibung',
    minWidth: 220,
    sortValue: (r) => r.beschreibung,
    text: (r) => r.beschreibung || '–',
  },
  {
    key: 'anzahl',
    name: 'Parzellen',
    align: 'end',
    sortValue: (r) => r.anzahlParzellen,
    text: (r) => String(r.anzahlParzellen),
    export: { typ: 'zahl', value: (r) => r.anzahlParzellen },
  },
];

/** Spec §2 Stammdaten: groups of plots (e.g. for lists and Unterschriftenlisten). */
export default function GruppenScreen() {
  usePageTitle('Gruppen');
  const query = useGruppen();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Gruppen"
      noun={['Gruppe', 'Gruppen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neue Gruppe"
      empty={{
        title: 'Noch keine Gruppen',
        text: 'Legen Sie die erste Gruppe an, z. B. „Gruppe Nord“, und ordnen Sie ihr dann Parzellen zu.',
        textReadOnly: 'Es wurden noch keine Gruppen angelegt.',
        action: 'Gruppe anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'name', direction: 'ascending' }}
      searchText={(r) => `${r.name} ${r.beschreibung}`}
      onOpen={(gruppe) => setDialog({ kind: 'edit', gruppe })}
      actionsWidth={80}
      actions={(row) => (
        <RowAction
          label={`${gruppeLabel(row.name)} löschen`}
          icon={<Delete />}
          onPress={() => setDialog({ kind: 'delete', gruppe: row })}
        />
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <GruppeDialog gruppe={dialog.gruppe} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`${gruppeLabel(dialog.gruppe.name)} löschen?`}
            run={() => deleteGruppe(dialog.gruppe.id)}
            success={`${gruppeLabel(dialog.gruppe.name)} gelöscht.`}
          >
            Die Gruppe wird endgültig gelöscht. Gehören ihr noch Parzellen an, geht das nicht – ordnen Sie diese zuerst
            einer anderen Gruppe zu.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
