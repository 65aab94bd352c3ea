import { AlertDialog, Checkbox, DialogContainer } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import { useMemo, useState } from 'react';
import { useSteuersatzFlag } from '../../../api/kassa';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { buchungenColumn, centColumn } from '../Geld';
import {
  KassaabrechnungPicker,
  PeriodenHinweis,
  periodenListe,
  usePeriodeAenderbar,
  useSelectedKassaabrechnung,
} from '../KassaabrechnungPicker';
import { type Buchungskonto, deleteBuchungskonto, useBuchungskontenList } from './api';
import { ART_TEXT, BuchungskontoDialog } from './BuchungskontoDialog';

type DialogState = { kind: 'edit'; buchungskonto?: Buchungskonto } | { kind: 'delete'; buchungskonto: Buchungskonto };

const label = (b: Buchungskonto) => `Buchungskonto ${b.nummer} „${b.name}“`;

function columns(steuer: boolean): ListColumn<Buchungskonto>[] {
  return [
    {
      key: 'nummer',
      name: 'Nummer',
      rowHeader: true,
      minWidth: 100,
      sortValue: (r) => r.nummer,
      text: (r) => r.nummer,
    },
    { key: 'name', name: 'Name', minWidth: 200, sortValue: (r) => r.name, text: (r) => r.name },
    { key: 'art', name: 'Art', minWidth: 100, sortValue: (r) => r.art, text: (r) => ART_TEXT[r.art] },
    ...(steuer
      ? [
          {
            key: 'steuersatz',
            name: 'Steuersatz',
            align: 'end' as const,
            sortValue: (r: Buchungskonto) => r.steuersatz,
            text: (r: Buchungskonto) => `${r.steuersatz} %`,
            export: { typ: 'zahl' as const, value: (r: Buchungskonto) => r.steuersatz },
          },
        ]
      : []),
    {
      key: 'parzellenspezifisch',
      name: 'Je Parzelle',
      minWidth: 110,
      sortValue: (r) => r.parzellenspezifisch,
      text: (r) => (r.parzellenspezifisch ? `Ja (${r.anzahlParzellen})` : 'Nein'),
    },
    centColumn('jahresbetrag', 'Jahresbetrag', (r) => (r.parzellenspezifisch ? r.jahresbetragCent : null)),
    buchungenColumn(),
    {
      key: 'status',
      name: 'Hinweis',
      minWidth: 130,
      sortValue: (r) => (r.geloescht ? 'gelöscht' : r.klaerung ? 'Klärung' : ''),
      text: (r) => (r.geloescht ? 'gelöscht' : r.klaerung ? 'offen/zu klären' : ''),
    },
  ];
}

/**
 * /kassa/buchungskonten — the booking accounts (Einnahmen/Ausgaben categories) of the chosen
 * period; deleted ones on request (`?geloeschte=1`).
 */
export default function BuchungskontenScreen() {
  usePageTitle('Buchungskonten');
  const periode = useSelectedKassaabrechnung();
  const [geloeschteParam, setGeloeschte] = useQueryParam('geloeschte');
  const showDeleted = geloeschteParam === '1';
  const geladen = useBuchungskontenList(periode.kassaabrechnungId, showDeleted);
  const query = periodenListe(periode, geladen);
  const steuer = useSteuersatzFlag();
  const cols = useMemo(() => columns(steuer), [steuer]);
  const canEdit = usePeriodeAenderbar(periode);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const periodeId = periode.kassaabrechnungId;

  return (
    <ListScreen
      eyebrow="Kassa"
      title="Buchungskonten"
      noun={['Buchungskonto', 'Buchungskonten']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neues Buchungskonto"
      filters={
        <>
          <KassaabrechnungPicker />
          <Checkbox isSelected={showDeleted} onChange={(on) => setGeloeschte(on ? '1' : '')}>
            gelöschte anzeigen
          </Checkbox>
        </>
      }
      filtered={showDeleted}
      filterText={[periode.kassaabrechnung?.name, showDeleted && 'mit gelöschten']}
      banner={<PeriodenHinweis periode={periode} />}
      empty={{
        title: 'Noch keine Buchungskonten',
        text: 'Legen Sie die Buchungskonten an, z. B. „100 Mitgliedsbeiträge“ (Einnahme) oder „400 Strom“ (Ausgabe).',
        textReadOnly: 'Für dieses Kassajahr gibt es keine Buchungskonten.',
        action: 'Buchungskonto anlegen',
      }}
      columns={cols}
      defaultSort={{ column: 'nummer', direction: 'ascending' }}
      searchText={(r) => `${r.nummer} ${r.name}`}
      exportTitle={periode.kassaabrechnung ? `Buchungskonten ${periode.kassaabrechnung.jahr}` : 'Buchungskonten'}
      onOpen={(buchungskonto) => setDialog({ kind: 'edit', buchungskonto })}
      actionsWidth={80}
      actions={(row) =>
        row.geloescht || row.klaerung ? null : (
          <RowAction
            label={`${label(row)} löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', buchungskonto: row })}
          />
        )
      }
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' && periodeId !== undefined ? (
          <BuchungskontoDialog
            buchungskonto={dialog.buchungskonto}
            kassaabrechnungId={periodeId}
            readOnly={!canEdit || dialog.buchungskonto?.geloescht === true}
          />
        ) : dialog?.kind === 'delete' && periodeId !== undefined ? (
          <LoeschenDialog buchungskonto={dialog.buchungskonto} kassaabrechnungId={periodeId} />
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}

/** The delete question; the answer says whether the account went or was only marked deleted. */
function LoeschenDialog({
  buchungskonto,
  kassaabrechnungId,
}: {
  buchungskonto: Buchungskonto;
  kassaabrechnungId: number;
}) {
  return (
    <AlertDialog
      title={`${label(buchungskonto)} löschen?`}
      variant="destructive"
      primaryActionLabel="Löschen"
      cancelLabel="Abbrechen"
      autoFocusButton="cancel"
      onPrimaryAction={() => {
        saveWithToast(() => deleteBuchungskonto(buchungskonto.id, kassaabrechnungId), {
          success: (r) =>
            r.entfernt
              ? `${label(buchungskonto)} wurde entfernt.`
              : `${label(buchungskonto)} wurde nur als gelöscht markiert, weil es verwendet wird.`,
        }).catch(() => {
          // The error toast shows the server's reason.
        });
      }}
    >
      {buchungskonto.anzahlBuchungen > 0
        ? `Es hat ${buchungskonto.anzahlBuchungen} Buchungen: Es wird nur als gelöscht markiert – die Buchungen behalten es, für neue Buchungen wird es nicht mehr angeboten.`
        : 'Ein Buchungskonto ohne Buchungen wird ganz entfernt; sonst nur als gelöscht markiert.'}
    </AlertDialog>
  );
}
