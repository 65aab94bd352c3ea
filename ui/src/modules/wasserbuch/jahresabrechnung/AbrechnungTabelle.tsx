import { useMemo, useState } from 'react';
import {
  cubicColumn,
  exportColumns,
  type ListColumn,
  ListTable,
  type SortDescriptor,
} from '../../../components/ListTable';
import { compareValues } from '../../../lib/format';
import { downloadListExport, type ExportFormat } from '../../../lib/listExport';
import type { AbrechnungSummen, AbrechnungZeile } from './api';
import { Differenz, differenzText, euro } from './betrag';

/** A plot's row, or the totals row (always last, whatever the sort). */
export interface TabellenZeile {
  id: string;
  summe: boolean;
  parzelleNummer: string;
  adresseName: string;
  verbrauch: string;
  schwund: string;
  verbrauchCent: number;
  schwundCent: number;
  grundgebuehrCent: number;
  korrekturCent: number;
  betragCent: number;
  akontoCent: number;
  differenzCent: number;
  zeile: AbrechnungZeile | null;
}

export function tabellenZeilen(zeilen: readonly AbrechnungZeile[], summen: AbrechnungSummen): TabellenZeile[] {
  return [
    ...zeilen.map((z) => ({
      id: String(z.parzelleId),
      summe: false,
      parzelleNummer: z.parzelleNummer,
      adresseName: z.adresseName ?? '',
      verbrauch: z.verbrauch,
      schwund: z.schwund,
      verbrauchCent: z.verbrauchCent,
      schwundCent: z.schwundCent,
      grundgebuehrCent: z.grundgebuehrCent,
      korrekturCent: z.korrekturCent,
      betragCent: z.betragCent,
      akontoCent: z.akontoCent,
      differenzCent: z.differenzCent,
      zeile: z,
    })),
    {
      id: 'summe',
      summe: true,
      parzelleNummer: 'Summe',
      adresseName: `${zeilen.length} ${zeilen.length === 1 ? 'Parzelle' : 'Parzellen'}`,
      ...summen,
      zeile: null,
    },
  ];
}

const money = (
  key: keyof TabellenZeile & `${string}Cent`,
  name: string,
  minWidth = 120,
): ListColumn<TabellenZeile> => ({
  key,
  name,
  align: 'end',
  minWidth,
  sortValue: (r) => r[key],
  text: (r) => euro(r[key]),
  export: { typ: 'cent', value: (r) => r[key] },
});

function columns(mitKorrektur: boolean): ListColumn<TabellenZeile>[] {
  return [
    {
      key: 'parzelleNummer',
      name: 'Parzelle',
      rowHeader: true,
      minWidth: 100,
      sortValue: (r) => r.parzelleNummer,
      text: (r) => r.parzelleNummer,
      render: (r) => (r.summe ? <strong>{r.parzelleNummer}</strong> : r.parzelleNummer),
    },
    { key: 'adresseName', name: 'Name', minWidth: 180, sortValue: (r) => r.adresseName, text: (r) => r.adresseName },
    cubicColumn('verbrauch', 'Verbrauch m³', (r) => r.verbrauch),
    cubicColumn('schwund', 'Schwund m³', (r) => r.schwund, { minWidth: 120 }),
    money('verbrauchCent', 'Verbrauch €'),
    money('schwundCent', 'Schwund €'),
    money('grundgebuehrCent', 'Grundgebühr', 140),
    ...(mitKorrektur ? [money('korrekturCent', 'Korrektur')] : []),
    {
      ...money('betragCent', 'Betrag'),
      render: (r) => <strong>{euro(r.betragCent)}</strong>,
    },
    money('akontoCent', 'Akonto'),
    {
      key: 'differenzCent',
      name: 'Differenz',
      align: 'end',
      minWidth: 190,
      sortValue: (r) => r.differenzCent,
      text: (r) => differenzText(r.differenzCent),
      render: (r) => <Differenz cents={r.differenzCent} />,
      export: { typ: 'cent', value: (r) => r.differenzCent, name: 'Differenz (+ Nachzahlung, − Guthaben)' },
    },
  ];
}

/** The table as Excel or PDF (Common/ListExport): every plot in plot order, the totals row last. */
export function exportAbrechnung(
  format: ExportFormat,
  titel: string,
  untertitel: string,
  zeilen: readonly AbrechnungZeile[],
  summen: AbrechnungSummen,
) {
  const rows = tabellenZeilen(
    [...zeilen].sort((a, b) => compareValues(a.parzelleNummer, b.parzelleNummer)),
    summen,
  );
  return downloadListExport(format, {
    titel,
    untertitel,
    columns: exportColumns(columns(zeilen.some((z) => z.korrekturCent !== 0))),
    rows,
  });
}

export interface AbrechnungTabelleProps {
  label: string;
  zeilen: readonly AbrechnungZeile[];
  summen: AbrechnungSummen;
  /** A plot's row pressed: its drill-down. */
  onOpen?: (zeile: AbrechnungZeile) => void;
  /** A plot's row actions (Details, Korrektur …). */
  actions?: (zeile: AbrechnungZeile) => React.ReactNode;
  actionsWidth?: number;
}

/** Per plot: volumes, money, akonto and the difference, with the totals row always at the bottom. */
export function AbrechnungTabelle({ label, zeilen, summen, onOpen, actions, actionsWidth }: AbrechnungTabelleProps) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'parzelleNummer', direction: 'ascending' });
  const mitKorrektur = zeilen.some((z) => z.korrekturCent !== 0);
  const cols = useMemo(() => columns(mitKorrektur), [mitKorrektur]);
  const rows = useMemo(() => {
    const all = tabellenZeilen(zeilen, summen);
    const total = all.pop();
    const sortValue = cols.find((c) => c.key === sort.column)?.sortValue;
    const factor = sort.direction === 'descending' ? -1 : 1;
    const sorted = sortValue ? all.sort((a, b) => factor * compareValues(sortValue(a), sortValue(b))) : all;
    return total ? [...sorted, total] : sorted;
  }, [zeilen, summen, sort, cols]);
  const byId = new Map(zeilen.map((z) => [String(z.parzelleId), z]));

  return (
    <ListTable
      label={label}
      columns={cols}
      rows={rows}
      sort={sort}
      onSortChange={setSort}
      onAction={
        onOpen
          ? (key) => {
              const zeile = byId.get(String(key));
              if (zeile) onOpen(zeile);
            }
          : undefined
      }
      actions={actions ? (row) => (row.zeile ? actions(row.zeile) : null) : undefined}
      actionsWidth={actionsWidth}
      emptyState={() => <span>Keine Parzelle mit Ablesungen in diesem Zeitraum.</span>}
    />
  );
}
