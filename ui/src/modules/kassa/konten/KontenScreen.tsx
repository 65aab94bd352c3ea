import { DialogContainer } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import { useHasRight } from '../../../api/common';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { formatIban } from '../../../lib/fieldFormats';
import { buchungenColumn, centColumn } from '../Geld';
import {
  KassaabrechnungPicker,
  ohneKassajahr,
  PeriodenHinweis,
  useSelectedKassaabrechnung,
} from '../KassaabrechnungPicker';
import { deleteKonto, type Konto, useKontenList } from './api';
import { KontoDialog } from './KontoDialog';

type DialogState = { kind: 'edit'; konto?: Konto } | { kind: 'delete'; konto: Konto };

const COLUMNS: readonly ListColumn<Konto>[] = [
  { key: 'name', name: 'Name', rowHeader: true, minWidth: 160, sortValue: (r) => r.name, text: (r) => r.name },
  {
    key: 'art',
    name: 'Art',
    minWidth: 115,
    sortValue: (r) => r.art,
    text: (r) => (r.art === 'kassa' ? 'Handkassa' : 'Bankkonto'),
  },
  { key: 'iban', name: 'IBAN', minWidth: 220, sortValue: (r) => r.iban, text: (r) => formatIban(r.iban ?? '') || '–' },
  centColumn('anfangsbestand', 'Anfangsbestand', (r) => r.anfangsbestandCent, { minWidth: 160 }),
  centColumn('saldo', 'Saldo', (r) => r.saldoCent, { minWidth: 120 }),
  buchungenColumn(110),
  { key: 'aktiv', name: 'Aktiv', minWidth: 70, sortValue: (r) => r.aktiv, text: (r) => (r.aktiv ? 'Ja' : 'Nein') },
];

/**
 * /kassa/konten — the club's bank accounts and cash box with the chosen period's opening balance
 * and balance (the period in `?kassaabrechnung=`).
 */
export default function KontenScreen() {
  usePageTitle('Bankkonten');
  const periode = useSelectedKassaabrechnung();
  const query = useKontenList(periode.kassaabrechnungId, ohneKassajahr(periode));
  const canEdit = useHasRight('WebApp.Kassa.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);

  return (
    <ListScreen
      eyebrow="Kassa"
      title="Bankkonten"
      noun={['Konto', 'Konten']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neues Konto"
      filters={<KassaabrechnungPicker />}
      banner={<PeriodenHinweis periode={periode} />}
      empty={{
        title: 'Noch keine Konten',
        text: 'Legen Sie Ihr Bankkonto und die Handkassa an, jeweils mit dem Anfangsbestand des Kassajahres.',
        textReadOnly: 'Es wurden noch keine Konten angelegt.',
        action: 'Konto anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'name', direction: 'ascending' }}
      searchText={(r) => `${r.name} ${r.iban ?? ''}`}
      exportTitle={periode.kassaabrechnung ? `Konten ${periode.kassaabrechnung.jahr}` : 'Konten'}
      onOpen={(konto) => setDialog({ kind: 'edit', konto })}
      actionsWidth={80}
      actions={(row) =>
        row.anzahlBuchungen === 0 ? (
          <RowAction
            label={`Konto „${row.name}“ löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', konto: row })}
          />
        ) : null
      }
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <KontoDialog konto={dialog.konto} kassaabrechnung={periode.kassaabrechnung} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Konto „${dialog.konto.name}“ löschen?`}
            run={() => deleteKonto(dialog.konto.id)}
            success={`Konto „${dialog.konto.name}“ gelöscht.`}
          >
            Das Konto wird gelöscht. Hat es in einem Kassajahr Buchungen, geht das nicht – setzen Sie es dann auf „nicht
            aktiv“.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
