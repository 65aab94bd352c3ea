import { AlertDialog, DialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { deleteParzelle, type Parzelle, type ParzellenFilter, useParzellen } from '../../../api/stammdaten/parzellen';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { type FilterOption, FilterPicker, filterText, useFilterParam } from '../../../components/filterKit';
import { type ListColumn, ListScreen } from '../../../components/listKit';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { ZaehlerwechselDialog } from '../../wasserbuch/zaehlerwechsel/ZaehlerwechselDialog';
import { formatArea } from './format';
import { GartenwechselDialog } from './GartenwechselDialog';
import { ParzelleDialog } from './ParzelleDialog';

const FILTER_OPTIONS: readonly FilterOption<ParzellenFilter>[] = [
  { key: 'alle', label: 'Alle' },
  { key: 'vergeben', label: 'Vergeben' },
  { key: 'frei', label: 'Frei' },
  { key: 'aktiv', label: 'Aktiv' },
];

const area = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));

// minWidth: below it the table scrolls sideways rather than cutting a date or a name (125 % zoom).
// The columns a board member looks for first come first: number, holder, since, area.
const COLUMNS: readonly ListColumn<Parzelle>[] = [
  { key: 'nummer', name: 'Nummer', minWidth: 110, rowHeader: true, sortValue: (r) => r.nummer, text: (r) => r.nummer },
  {
    key: 'flaeche',
    name: 'Fläche',
    align: 'end',
    minWidth: 120,
    sortValue: (r) => area(r.flaeche),
    text: (r) => formatArea(r.flaeche),
    export: { typ: 'zahl', name: 'Fläche (m²)', value: (r) => area(r.flaeche) },
  },
  {
    key: 'gemeinschaftsflaeche',
    name: 'Gemeinschaftsfläche',
    align: 'end',
    minWidth: 170,
    sortValue: (r) => area(r.gemeinschaftsflaeche),
    text: (r) => formatArea(r.gemeinschaftsflaeche),
    export: { typ: 'zahl', name: 'Gemeinschaftsfläche (m²)', value: (r) => area(r.gemeinschaftsflaeche) },
  },
  {
    key: 'nutzungsberechtigter',
    name: 'Nutzungsberechtigter',
    minWidth: 200,
    sortValue: (r) => r.nutzungsberechtigter?.name ?? null,
    text: (r) => r.nutzungsberechtigter?.name ?? 'frei',
  },
  {
    key: 'seit',
    name: 'seit',
    minWidth: 110,
    sortValue: (r) => r.nutzungsberechtigter?.von ?? null,
    text: (r) => formatGermanDate(r.nutzungsberechtigter?.von, '–'),
    export: { typ: 'datum', value: (r) => r.nutzungsberechtigter?.von ?? null },
  },
  {
    key: 'gruppe',
    name: 'Gruppe',
    minWidth: 120,
    sortValue: (r) => r.gruppeName,
    text: (r) => r.gruppeName ?? '–',
    export: { typ: 'text', value: (r) => r.gruppeName },
  },
  {
    key: 'hauptwasserzaehler',
    name: 'Hauptwasserzähler',
    minWidth: 160,
    sortValue: (r) => r.hauptwasserzaehlerNummer,
    text: (r) => r.hauptwasserzaehlerNummer ?? '–',
    export: { typ: 'text', value: (r) => r.hauptwasserzaehlerNummer },
  },
];

type DialogState =
  | { kind: 'record'; parzelle?: Parzelle }
  | { kind: 'gartenwechsel'; parzelle: Parzelle }
  | { kind: 'zaehlerwechsel'; parzelle: Parzelle }
  | { kind: 'delete'; parzelle: Parzelle };

/** Spec §2 Stammdaten: the plots of the club, their holders and yearly values. */
export default function ParzellenScreen() {
  usePageTitle('Parzellen');
  const canEdit = useHasRight('WebApp.Stammdaten.Edit') === true;
  // ?filter=vergeben|frei|aktiv and ?q=…: the server filters and searches.
  const [filter, setFilter] = useFilterParam('filter', FILTER_OPTIONS, 'alle');
  const [search] = useQueryParam('q');
  const { pachtabrechnungID, year } = useSelectedYear();
  const query = useParzellen({ pachtabrechnungID, search: search.trim(), filter });
  const [dialog, setDialog] = useState<DialogState | null>(null);

  async function remove(parzelle: Parzelle) {
    try {
      await saveWithToast(deleteParzelle(parzelle.id), { success: `Parzelle ${parzelle.nummer} gelöscht.` });
    } catch {
      // 409: the error toast shows the server's sentence (the plot has or had a holder).
    }
  }

  return (
    <ListScreen
      eyebrow="Stammdaten"
      title="Parzellen"
      noun={['Parzelle', 'Parzellen']}
      query={query}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'record' })}
      newLabel="Neue Parzelle"
      empty={{
        title: 'Noch keine Parzellen',
        text: 'Parzelle anlegen oder aus Excel importieren (kgv import stammdaten).',
        textReadOnly:
          'Parzelle anlegen oder aus Excel importieren (kgv import stammdaten). Zum Anlegen fehlt Ihnen das Recht „Stammdaten bearbeiten“.',
        action: 'Parzelle anlegen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'nummer', direction: 'ascending' }}
      searchDescription="Nummer oder Nutzungsberechtigter"
      filters={
        <>
          <FilterPicker label="Anzeigen" options={FILTER_OPTIONS} value={filter} onChange={setFilter} />
          <YearPicker />
        </>
      }
      filtered={filter !== 'alle'}
      filterText={[
        filterText('Anzeigen', FILTER_OPTIONS, filter, 'alle'),
        year ? `Jahr ${year.bezeichnung || year.jahr}` : null,
      ]}
      filterEmpty="Keine Parzellen mit dieser Auswahl. Wählen Sie bei „Anzeigen“ den Eintrag „Alle“."
      onOpen={(parzelle) => setDialog({ kind: 'record', parzelle })}
      countSuffix={year ? ` · ${year.bezeichnung || year.jahr}` : ''}
      height="60vh"
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'record' ? (
          <ParzelleDialog
            key={dialog.parzelle?.id ?? 'neu'}
            parzelle={dialog.parzelle}
            pachtabrechnungID={year?.id ?? pachtabrechnungID}
            readOnly={!canEdit}
            onGartenwechsel={(parzelle) => setDialog({ kind: 'gartenwechsel', parzelle })}
            onZaehlerwechsel={(parzelle) => setDialog({ kind: 'zaehlerwechsel', parzelle })}
            onDelete={(parzelle) => setDialog({ kind: 'delete', parzelle })}
          />
        ) : dialog?.kind === 'gartenwechsel' ? (
          <GartenwechselDialog
            parzelle={dialog.parzelle}
            onDone={(parzelle) => setDialog({ kind: 'record', parzelle })}
          />
        ) : dialog?.kind === 'zaehlerwechsel' ? (
          <ZaehlerwechselDialog
            parzelle={{
              id: dialog.parzelle.id,
              name: dialog.parzelle.nummer,
              zaehlernummer: dialog.parzelle.wasserzaehlerNummer,
            }}
          />
        ) : dialog?.kind === 'delete' ? (
          <AlertDialog
            title={`Parzelle ${dialog.parzelle.nummer} löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void remove(dialog.parzelle)}
          >
            Die Parzelle wird endgültig gelöscht. Hat oder hatte sie einen Nutzungsberechtigten, geht das nicht – setzen
            Sie sie dann auf „inaktiv“.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </ListScreen>
  );
}
