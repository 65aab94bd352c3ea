import { ActionButton, DialogContainer, Text } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import LockClosed from '@spectrum-icons/workflow/LockClosed';
import LockOpen from '@spectrum-icons/workflow/LockOpen';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { buchungenColumn } from '../Geld';
import { deleteKassaabrechnung, type Kassaabrechnung, useKassaabrechnungenList } from './api';
import { KassaabrechnungDialog } from './KassaabrechnungDialog';
import { AbschliessenDialog, NeuesKassajahrDialog, OeffnenDialog } from './KassajahrDialogs';

type DialogState =
  | { kind: 'neu' }
  | { kind: 'edit'; kassaabrechnung?: Kassaabrechnung }
  | { kind: 'schliessen' | 'oeffnen' | 'delete'; kassaabrechnung: Kassaabrechnung };

const COLUMNS: readonly ListColumn<Kassaabrechnung>[] = [
  {
    key: 'jahr',
    name: 'Jahr',
    rowHeader: true,
    minWidth: 90,
    sortValue: (r) => r.jahr,
    text: (r) => String(r.jahr),
    export: { typ: 'zahl', value: (r) => r.jahr },
  },
  {
    key: 'bezeichnung',
    name: 'Bezeichnung',
    minWidth: 180,
    sortValue: (r) => r.bezeichnung,
    text: (r) => r.bezeichnung,
  },
  {
    key: 'zeitraum',
    name: 'Zeitraum',
    minWidth: 200,
    sortValue: (r) => r.von,
    text: (r) => `${formatGermanDate(r.von)} – ${formatGermanDate(r.bis)}`,
  },
  buchungenColumn(),
  {
    key: 'status',
    name: 'Status',
    minWidth: 200,
    sortValue: (r) => r.geschlossen,
    text: (r) =>
      r.geschlossen
        ? `abgeschlossen${r.geschlossenAm ? ` am ${formatGermanDate(r.geschlossenAm.slice(0, 10))}` : ''}`
        : 'offen',
  },
];

/**
 * /basisdatenabrechnung/kassaabrechnung — the Kassa's periods (Kassajahre): create the next one
 * (copies booking accounts and cost centres, carries the closing balances), edit, close and reopen,
 * delete an empty one; the Verlauf in the dialog.
 */
export default function KassaabrechnungScreen() {
  usePageTitle('Kassaabrechnung');
  const query = useKassaabrechnungenList();
  const canEdit = useHasRight('WebApp.Kassa.Edit', 'WebApp.Abrechnung.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);

  return (
    <ListScreen
      eyebrow="Basisdaten Abrechnung"
      title="Kassaabrechnung"
      noun={['Kassajahr', 'Kassajahre', 'Kassajahren']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'neu' })}
      newLabel="Neues Kassajahr anlegen"
      toolbar={
        canEdit ? (
          <ActionButton onPress={() => setDialog({ kind: 'edit' })}>
            <Text>Zeitraum frei anlegen</Text>
          </ActionButton>
        ) : null
      }
      empty={{
        title: 'Noch kein Kassajahr',
        text: 'Legen Sie das erste Kassajahr an; danach tragen Sie Konten, Buchungskonten und Kostenstellen ein.',
        textReadOnly: 'Es wurde noch kein Kassajahr angelegt.',
        action: 'Neues Kassajahr anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'jahr', direction: 'descending' }}
      searchText={(r) => `${r.jahr} ${r.bezeichnung}`}
      onOpen={(kassaabrechnung) => setDialog({ kind: 'edit', kassaabrechnung })}
      actionsWidth={110}
      actions={(row) => (
        <>
          {row.geschlossen ? (
            <RowAction
              label={`${row.bezeichnung} wieder öffnen`}
              icon={<LockOpen />}
              onPress={() => setDialog({ kind: 'oeffnen', kassaabrechnung: row })}
            />
          ) : (
            <RowAction
              label={`${row.bezeichnung} abschließen`}
              icon={<LockClosed />}
              onPress={() => setDialog({ kind: 'schliessen', kassaabrechnung: row })}
            />
          )}
          {row.anzahlBuchungen === 0 && !row.geschlossen ? (
            <RowAction
              label={`${row.bezeichnung} löschen`}
              icon={<Delete />}
              onPress={() => setDialog({ kind: 'delete', kassaabrechnung: row })}
            />
          ) : null}
        </>
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'neu' ? (
          <NeuesKassajahrDialog neuestes={newest(query.data)} />
        ) : dialog?.kind === 'edit' ? (
          <KassaabrechnungDialog kassaabrechnung={dialog.kassaabrechnung} readOnly={!canEdit} />
        ) : dialog?.kind === 'schliessen' ? (
          <AbschliessenDialog kassaabrechnung={dialog.kassaabrechnung} />
        ) : dialog?.kind === 'oeffnen' ? (
          <OeffnenDialog kassaabrechnung={dialog.kassaabrechnung} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`${dialog.kassaabrechnung.bezeichnung} löschen?`}
            run={() => deleteKassaabrechnung(dialog.kassaabrechnung.id)}
            success={`${dialog.kassaabrechnung.bezeichnung} gelöscht.`}
          >
            Das Kassajahr hat keine Buchungen. Es wird mit seinen Buchungskonten, Kostenstellen und Anfangsbeständen
            gelöscht.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}

function newest(list: readonly Kassaabrechnung[] | undefined): Kassaabrechnung | undefined {
  return list?.reduce<Kassaabrechnung | undefined>((best, k) => (!best || k.jahr > best.jahr ? k : best), undefined);
}
