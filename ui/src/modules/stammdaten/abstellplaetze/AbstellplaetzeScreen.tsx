import { Button, DialogContainer, StatusLight } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import UserEdit from '@spectrum-icons/workflow/UserEdit';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useHasRight } from '../../../api/common';
import { type Abstellplatz, deleteAbstellplatz, useAbstellplaetze } from '../../../api/stammdaten/abstellplaetze';
import { usePageTitle } from '../../../app/usePageTitle';
import { type FilterOption, FilterPicker, filterText, labelOf, useFilterParam } from '../../../components/filterKit';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { AbstellplatzDialog } from './AbstellplatzDialog';
import { NeuzuordnungDialog } from './NeuzuordnungDialog';
import { ParkkartenDialog } from './ParkkartenDialog';

type DialogState =
  | { kind: 'edit'; abstellplatz?: Abstellplatz }
  | { kind: 'neuzuordnung'; abstellplatz: Abstellplatz }
  | { kind: 'delete'; abstellplatz: Abstellplatz }
  | { kind: 'parkkarten' };

type Status = 'frei' | 'vergeben' | 'inaktiv';

/** An inactive place is "inaktiv" whether or not it still has a holder. */
function status(row: Abstellplatz): { text: Status; variant: 'positive' | 'info' | 'neutral' } {
  if (!row.aktiv) return { text: 'inaktiv', variant: 'neutral' };
  return row.zuordnung ? { text: 'vergeben', variant: 'positive' } : { text: 'frei', variant: 'info' };
}

const FILTER_OPTIONS: readonly FilterOption<Status | 'alle'>[] = [
  { key: 'alle', label: 'Alle' },
  { key: 'frei', label: 'Frei' },
  { key: 'vergeben', label: 'Vergeben' },
  { key: 'inaktiv', label: 'Inaktiv' },
];

const COLUMNS: readonly ListColumn<Abstellplatz>[] = [
  { key: 'nummer', name: 'Nummer', rowHeader: true, sortValue: (r) => r.nummer, text: (r) => r.nummer },
  {
    key: 'kategorie',
    name: 'Kategorie',
    minWidth: 150,
    sortValue: (r) => r.kategorieName,
    text: (r) => r.kategorieName,
  },
  {
    key: 'jahresgebuehr',
    minWidth: 140,
    name: 'Jahresgebühr',
    align: 'end',
    sortValue: (r) => r.jahresgebuehrCent,
    text: (r) => formatEuro(r.jahresgebuehrCent),
    export: { typ: 'cent', value: (r) => r.jahresgebuehrCent },
  },
  {
    key: 'nutzungsberechtigter',
    minWidth: 220,
    name: 'Nutzungsberechtigter',
    sortValue: (r) => r.zuordnung?.adresseName ?? null,
    text: (r) => r.zuordnung?.adresseName ?? '',
  },
  {
    key: 'seit',
    name: 'seit',
    sortValue: (r) => r.zuordnung?.von ?? null,
    text: (r) => formatGermanDate(r.zuordnung?.von),
    export: { typ: 'datum', value: (r) => r.zuordnung?.von ?? null },
  },
  {
    key: 'status',
    name: 'Status',
    sortValue: (r) => status(r).text,
    text: (r) => status(r).text,
    render: (r) => <StatusLight variant={status(r).variant}>{status(r).text}</StatusLight>,
  },
];

/** Spec §2 Stammdaten: parking places, their category fee and who holds them. */
export default function AbstellplaetzeScreen() {
  usePageTitle('Abstellplätze');
  const query = useAbstellplaetze();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // ?filter=frei|vergeben|inaktiv; by default all places.
  const [filter, setFilter] = useFilterParam('filter', FILTER_OPTIONS, 'alle');
  // Parking cards belong to the plots, not to the places: printing them needs no Abstellplatz.
  const parkkartenButton = (
    <Button variant="secondary" onPress={() => setDialog({ kind: 'parkkarten' })}>
      Parkkarten
    </Button>
  );

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Abstellplätze"
      noun={['Abstellplatz', 'Abstellplätze', 'Abstellplätzen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neuer Abstellplatz"
      empty={{
        title: 'Noch keine Abstellplätze',
        text: 'Legen Sie den ersten Abstellplatz an. Die Kategorien mit ihrer Jahresgebühr stehen unter Grundeinstellungen.',
        textReadOnly: 'Es wurden noch keine Abstellplätze angelegt.',
        action: 'Abstellplatz anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'nummer', direction: 'ascending' }}
      searchText={(r) => `${r.nummer} ${r.kategorieName} ${r.zuordnung?.adresseName ?? ''}`}
      filters={<FilterPicker label="Status" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />}
      filterText={[filterText('Status', FILTER_OPTIONS, filter, 'alle')]}
      rowFilter={filter === 'alle' ? undefined : (r) => status(r).text === filter}
      filterEmpty={`Keine Abstellplätze mit Status „${labelOf(FILTER_OPTIONS, filter)}“. Wählen Sie bei „Status“ den Eintrag „Alle“.`}
      onOpen={(abstellplatz) => setDialog({ kind: 'edit', abstellplatz })}
      toolbar={parkkartenButton}
      actionsWidth={150}
      actions={(row) => (
        <>
          <RowAction
            label={`Abstellplatz ${row.nummer} bearbeiten`}
            icon={<Edit />}
            onPress={() => setDialog({ kind: 'edit', abstellplatz: row })}
          />
          <RowAction
            label={`Abstellplatz ${row.nummer} neu zuordnen`}
            icon={<UserEdit />}
            onPress={() => setDialog({ kind: 'neuzuordnung', abstellplatz: row })}
          />
          <RowAction
            label={`Abstellplatz ${row.nummer} löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', abstellplatz: row })}
          />
        </>
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <AbstellplatzDialog abstellplatz={dialog.abstellplatz} readOnly={!canEdit} />
        ) : dialog?.kind === 'neuzuordnung' ? (
          <NeuzuordnungDialog abstellplatz={dialog.abstellplatz} />
        ) : dialog?.kind === 'parkkarten' ? (
          <ParkkartenDialog readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Abstellplatz ${dialog.abstellplatz.nummer} löschen?`}
            run={() => deleteAbstellplatz(dialog.abstellplatz.id)}
            success={`Abstellplatz ${dialog.abstellplatz.nummer} gelöscht.`}
          >
            Der Abstellplatz wird endgültig gelöscht. Ist oder war er vergeben, geht das nicht – setzen Sie ihn dann auf
            „inaktiv“.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
