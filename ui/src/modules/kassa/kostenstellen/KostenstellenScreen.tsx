import { DialogContainer } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { buchungenColumn } from '../Geld';
import {
  KassaabrechnungPicker,
  PeriodenHinweis,
  periodenListe,
  usePeriodeAenderbar,
  useSelectedKassaabrechnung,
} from '../KassaabrechnungPicker';
import { deleteKostenstelle, type Kostenstelle, useKostenstellenList } from './api';
import { KostenstelleDialog } from './KostenstelleDialog';

type DialogState = { kind: 'edit'; kostenstelle?: Kostenstelle } | { kind: 'delete'; kostenstelle: Kostenstelle };

const label = (k: Kostenstelle) => `Kostenstelle ${k.nummer} „${k.name}“`;

const COLUMNS: readonly ListColumn<Kostenstelle>[] = [
  { key: 'nummer', name: 'Nummer', rowHeader: true, minWidth: 100, sortValue: (r) => r.nummer, text: (r) => r.nummer },
  { key: 'name', name: 'Name', minWidth: 220, sortValue: (r) => r.name, text: (r) => r.name },
  buchungenColumn(),
];

/** /kassa/kostenstellen — the cost centres (e.g. "Sommerfest", "Vereinshaus") of the chosen period. */
export default function KostenstellenScreen() {
  usePageTitle('Kostenstellen');
  const periode = useSelectedKassaabrechnung();
  const geladen = useKostenstellenList(periode.kassaabrechnungId);
  const query = periodenListe(periode, geladen);
  const canEdit = usePeriodeAenderbar(periode);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const periodeId = periode.kassaabrechnungId;

  return (
    <ListScreen
      eyebrow="Kassa"
      title="Kostenstellen"
      noun={['Kostenstelle', 'Kostenstellen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neue Kostenstelle"
      filters={<KassaabrechnungPicker />}
      filterText={[periode.kassaabrechnung?.name]}
      banner={<PeriodenHinweis periode={periode} />}
      empty={{
        title: 'Noch keine Kostenstellen',
        text: 'Mit Kostenstellen sehen Sie, was z. B. das Sommerfest oder das Vereinshaus gekostet und eingebracht hat.',
        textReadOnly: 'Für dieses Kassajahr gibt es keine Kostenstellen.',
        action: 'Kostenstelle anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'nummer', direction: 'ascending' }}
      searchText={(r) => `${r.nummer} ${r.name}`}
      exportTitle={periode.kassaabrechnung ? `Kostenstellen ${periode.kassaabrechnung.jahr}` : 'Kostenstellen'}
      onOpen={(kostenstelle) => setDialog({ kind: 'edit', kostenstelle })}
      actionsWidth={80}
      actions={(row) =>
        row.anzahlBuchungen === 0 ? (
          <RowAction
            label={`${label(row)} löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', kostenstelle: row })}
          />
        ) : null
      }
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' && periodeId !== undefined ? (
          <KostenstelleDialog kostenstelle={dialog.kostenstelle} kassaabrechnungId={periodeId} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`${label(dialog.kostenstelle)} löschen?`}
            run={() => deleteKostenstelle(dialog.kostenstelle.id)}
            success={`${label(dialog.kostenstelle)} gelöscht.`}
          >
            Die Kostenstelle wird gelöscht. Ist sie schon bei Buchungen eingetragen, geht das nicht.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
