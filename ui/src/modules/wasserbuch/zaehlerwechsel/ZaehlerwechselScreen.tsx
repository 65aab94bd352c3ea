import { ActionButton, DialogContainer, Text } from '@adobe/react-spectrum';
import Download from '@spectrum-icons/workflow/Download';
import Import from '@spectrum-icons/workflow/Import';
import Print from '@spectrum-icons/workflow/Print';
import { useMemo, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { showErrorToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { cubicColumn } from '../../../components/ListTable';
import { type ListColumn, ListScreen, RowAction } from '../../../components/listKit';
import { ImportDialog } from './ImportDialog';
import { ZaehlerwechselDialog } from './ZaehlerwechselDialog';
import { DateFilter, PlotFilter, useZaehlerwechselFilter } from './ZaehlerwechselFilters';
import {
  downloadExport,
  downloadProtokoll,
  useParzellenLookup,
  useZaehlerwechselList,
  type Zaehlerwechsel,
} from './zaehlerwechselApi';

type Row = Zaehlerwechsel & { id: number };

const COLUMNS: readonly ListColumn<Row>[] = [
  {
    key: 'datum',
    name: 'Datum',
    minWidth: 110,
    rowHeader: true,
    sortValue: (r) => r.datum,
    text: (r) => formatGermanDate(r.datum),
    export: { typ: 'datum', value: (r) => r.datum },
  },
  {
    key: 'parzelle',
    name: 'Parzelle',
    minWidth: 100,
    sortValue: (r) => r.parzelleNummer,
    text: (r) => r.parzelleNummer,
  },
  {
    key: 'adresseName',
    name: 'Nutzungsberechtigte(r)',
    minWidth: 190,
    sortValue: (r) => r.adresseName,
    text: (r) => r.adresseName ?? '–',
  },
  { key: 'alteNummer', name: 'Alter Zähler', minWidth: 120, sortValue: (r) => r.alteNummer, text: (r) => r.alteNummer },
  cubicColumn('endstand', 'Endstand', (r) => r.endstand),
  { key: 'neueNummer', name: 'Neuer Zähler', minWidth: 120, sortValue: (r) => r.neueNummer, text: (r) => r.neueNummer },
  cubicColumn('anfangsstand', 'Anfangsstand', (r) => r.anfangsstand),
  { key: 'plombe', name: 'Plombe', minWidth: 100, sortValue: (r) => r.plombe, text: (r) => r.plombe },
];

type DialogState = { kind: 'neu' } | { kind: 'import' };

/** Issue 12: the plots' meter changes, a new one, the protocol PDF, Excel export and import. */
export default function ZaehlerwechselScreen() {
  usePageTitle('Zählerwechsel');
  const canEdit = useHasRight('WebApp.Wasser.Edit', 'WebApp.Stammdaten.Edit') === true;
  const filter = useZaehlerwechselFilter();
  const query = useZaehlerwechselList(filter);
  const plots = useParzellenLookup();
  const period = { von: filter.von, bis: filter.bis, parzelleId: filter.parzelleId };
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The list kit needs an id per row: a change is its old meter's final reading.
  const rows = useMemo(() => query.data?.map((r) => ({ ...r, id: r.endablesungId })), [query.data]);
  const filtered = Boolean(filter.von || filter.bis || filter.parzelleId !== undefined);

  // The protocol of one day (row action) or of what the list shows (its filter; all without one).
  async function printProtokoll(day?: string) {
    try {
      await downloadProtokoll(day ? { date: day } : period);
    } catch (error) {
      showErrorToast(error);
    }
  }

  return (
    <ListScreen
      eyebrow="Wasserbuch"
      title="Zählerwechsel"
      noun={['Zählerwechsel', 'Zählerwechsel', 'Zählerwechseln']}
      query={{
        data: rows,
        error: query.error,
        isLoading: query.isLoading,
        mutate: () => query.mutate().then(() => rows),
      }}
      canEdit={canEdit}
      onNew={() => setDialog({ kind: 'neu' })}
      newLabel="Neuer Zählerwechsel"
      empty={{
        title: 'Noch keine Zählerwechsel',
        text: 'Tragen Sie den ersten Zählerwechsel ein – oder importieren Sie eine Excel-Liste.',
        textReadOnly: 'Es wurden noch keine Zählerwechsel eingetragen.',
        action: 'Zählerwechsel eintragen',
      }}
      columns={COLUMNS}
      defaultSort={{ column: 'datum', direction: 'descending' }}
      searchText={(r) => `${r.parzelleNummer} ${r.adresseName ?? ''} ${r.alteNummer} ${r.neueNummer} ${r.plombe}`}
      searchDescription="Parzelle, Name oder Zählernummer"
      filters={
        <>
          <DateFilter label="Von" value={filter.von} onChange={filter.setVon} />
          <DateFilter label="Bis" value={filter.bis} onChange={filter.setBis} />
          <PlotFilter plots={plots.data} value={filter.parzelleId} onChange={filter.setParzelle} />
        </>
      }
      filtered={filtered}
      filterEmpty="Keine Zählerwechsel in diesem Zeitraum oder bei dieser Parzelle. Leeren Sie die Filter, um alle zu sehen."
      exportable={false}
      toolbar={
        <>
          <ActionButton onPress={() => void printProtokoll()} isDisabled={!rows?.length}>
            <Print />
            <Text>Protokoll drucken</Text>
          </ActionButton>
          <ActionButton onPress={() => void downloadExport(period).catch(showErrorToast)}>
            <Download />
            <Text>Exportieren</Text>
          </ActionButton>
          {canEdit ? (
            <ActionButton onPress={() => setDialog({ kind: 'import' })}>
              <Import />
              <Text>Importieren</Text>
            </ActionButton>
          ) : null}
        </>
      }
      actionsWidth={70}
      actions={(row) => (
        <RowAction
          label={`Protokoll Parzelle ${row.parzelleNummer} vom ${formatGermanDate(row.datum)} drucken`}
          icon={<Print />}
          onPress={() => void printProtokoll(row.datum)}
        />
      )}
      height="60vh"
    >
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'neu' ? <ZaehlerwechselDialog /> : dialog?.kind === 'import' ? <ImportDialog /> : null}
      </DialogContainer>
    </ListScreen>
  );
}
