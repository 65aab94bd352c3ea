import { DialogContainer } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import {
  deleteFunktionaer,
  type Funktionaer,
  useFunktionaerAlerts,
  useFunktionaere,
} from '../../../api/stammdaten/funktionen';
import { usePageTitle } from '../../../app/usePageTitle';
import { type FilterOption, FilterPicker, filterText, labelOf, useFilterParam } from '../../../components/filterKit';
import { DeleteDialog } from '../../../components/formKit';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { FunktionaerDialog } from './FunktionaerDialog';

type DialogState = { kind: 'edit'; funktionaer?: Funktionaer } | { kind: 'delete'; funktionaer: Funktionaer };

const COLUMNS: readonly ListColumn<Funktionaer>[] = [
  // The person first: the column that stays in place while the table scrolls sideways.
  {
    key: 'name',
    name: 'Name',
    minWidth: 200,
    rowHeader: true,
    sortValue: (r) => r.adresseName,
    text: (r) => r.adresseName,
  },
  { key: 'funktion', name: 'Funktion', minWidth: 160, sortValue: (r) => r.funktionName, text: (r) => r.funktionName },
  {
    key: 'von',
    name: 'von',
    sortValue: (r) => r.von,
    text: (r) => formatGermanDate(r.von),
    export: { typ: 'datum', value: (r) => r.von },
  },
  {
    key: 'bis',
    name: 'bis',
    sortValue: (r) => r.bis,
    text: (r) => formatGermanDate(r.bis),
    export: { typ: 'datum', value: (r) => r.bis },
  },
  { key: 'notiz', name: 'Notiz', minWidth: 200, text: (r) => r.notiz },
];

const label = (f: Funktionaer) => `${f.adresseName} (${f.funktionName})`;

type Zeitraum = 'aktiv' | 'ehemalig' | 'alle';

const FILTER_OPTIONS: readonly FilterOption<Zeitraum>[] = [
  { key: 'aktiv', label: 'Aktiv' },
  { key: 'ehemalig', label: 'Ehemalig' },
  { key: 'alle', label: 'Alle' },
];

/** A term is current while it has no end or ends today or later (today in Vienna, `YYYY-MM-DD`). */
export function isCurrentTerm(f: Pick<Funktionaer, 'bis'>, today: string): boolean {
  return f.bis === null || f.bis >= today;
}

/** Spec §2 Stammdaten: who holds which function, with warnings for ending terms and ex-members. */
export default function FunktionaereScreen() {
  usePageTitle('Funktionäre');
  const query = useFunktionaere();
  const { data: alerts } = useFunktionaerAlerts();
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // ?filter=ehemalig|alle; by default the current terms only.
  const [filter, setFilter] = useFilterParam('filter', FILTER_OPTIONS, 'aktiv');
  const today = todayIso();

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Funktionäre"
      noun={['Funktionär', 'Funktionäre', 'Funktionären']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'edit' })}
      newLabel="Neuer Funktionär"
      empty={{
        title: 'Noch keine Funktionäre',
        text: 'Tragen Sie ein, wer welche Funktion innehat, z. B. die Obfrau seit der letzten Wahl.',
        textReadOnly: 'Es wurden noch keine Funktionäre eingetragen.',
        action: 'Funktionär anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'funktion', direction: 'ascending' }}
      searchText={(r) => `${r.funktionName} ${r.adresseName} ${r.notiz}`}
      filters={<FilterPicker label="Status" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />}
      filterText={[filterText('Status', FILTER_OPTIONS, filter, 'alle')]}
      rowFilter={filter === 'alle' ? undefined : (r) => isCurrentTerm(r, today) === (filter === 'aktiv')}
      filterEmpty={`Keine Funktionäre mit Status „${labelOf(FILTER_OPTIONS, filter)}“. Wählen Sie bei „Status“ den Eintrag „Alle“.`}
      onOpen={(funktionaer) => setDialog({ kind: 'edit', funktionaer })}
      banner={
        alerts && alerts.length > 0 ? (
          <MessageBanner
            level="warning"
            title="Bitte prüfen"
            message={
              <ul className="kgv-alert-list">
                {alerts.map((alert) => (
                  <li key={`${alert.funktionaerId}-${alert.text}`}>{alert.text}</li>
                ))}
              </ul>
            }
          />
        ) : null
      }
      actions={(row) => (
        <>
          <RowAction
            label={`Funktionär ${label(row)} bearbeiten`}
            icon={<Edit />}
            onPress={() => setDialog({ kind: 'edit', funktionaer: row })}
          />
          <RowAction
            label={`Funktionär ${label(row)} löschen`}
            icon={<Delete />}
            onPress={() => setDialog({ kind: 'delete', funktionaer: row })}
          />
        </>
      )}
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'edit' ? (
          <FunktionaerDialog funktionaer={dialog.funktionaer} readOnly={!canEdit} />
        ) : dialog?.kind === 'delete' ? (
          <DeleteDialog
            title={`Funktionär ${label(dialog.funktionaer)} löschen?`}
            run={() => deleteFunktionaer(dialog.funktionaer.id)}
            success={`Funktionär ${label(dialog.funktionaer)} gelöscht.`}
          >
            Der Eintrag wird endgültig gelöscht. Endet nur die Funktionsperiode, tragen Sie besser ein Datum bei „bis“
            ein – so bleibt sie in der Chronik.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
