import {
  Cell,
  Column,
  Flex,
  type Key,
  Row,
  type SpectrumTableProps,
  TableBody,
  TableHeader,
  TableView,
} from '@adobe/react-spectrum';
import type { ReactElement, ReactNode } from 'react';
import type { ListExportTyp } from '../../../src/modules/common/schema';
import { formatCubic } from '../lib/format';
import type { ExportCell, ExportColumn } from '../lib/listExport';
import { useElementWidth } from '../lib/useElementWidth';
import './listKit.css';

// The table of ListScreen: sortable columns, the first one fixed while the table scrolls sideways,
// row actions that stay on screen, virtualised rows.

/** Enough for a date (15.01.2025), an amount (€ 1.234,56) or a short name with the cell padding. */
const DEFAULT_MIN_WIDTH = 120;

export type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;
type SortValue = string | number | boolean | null;

export interface ListColumn<T> {
  key: string;
  name: string;
  align?: 'start' | 'end';
  /** Sorting value; without it the column is not sortable. */
  sortValue?: (row: T) => SortValue;
  rowHeader?: boolean;
  width?: number;
  /** Narrowest width before the table scrolls sideways instead of cutting text (default 120 px). */
  minWidth?: number;
  /** The cell's text (for the table's type-ahead and screen readers). */
  text: (row: T) => string;
  /** The cell's content when more than its text (e.g. a StatusLight). */
  render?: (row: T) => ReactNode;
  /**
   * How the column goes into Excel and PDF: its type and the raw value (ISO date, integer cents, a
   * number), so the workbook holds real dates and amounts. Default: the cell's text; `false`
   * leaves the column out.
   */
  export?:
    | {
        typ: ListExportTyp;
        value: (row: T) => ExportCell /** The header when it needs the unit ("Fläche (m²)"). */;
        name?: string;
      }
    | false;
}

/**
 * A column of m³ (a reading or a volume, decimal string): right-aligned, sorted and exported as a
 * number, shown as "150,250 m³"; `leer` where a row has none.
 */
export function cubicColumn<T>(
  key: string,
  name: string,
  value: (row: T) => string | null | undefined,
  options: { minWidth?: number; leer?: string } = {},
): ListColumn<T> {
  const number = (row: T) => {
    const v = value(row);
    return v === null || v === undefined || v === '' ? null : Number(v);
  };
  return {
    key,
    name,
    align: 'end',
    minWidth: options.minWidth ?? 130,
    sortValue: number,
    text: (row) => formatCubic(value(row)) || (options.leer ?? ''),
    export: { typ: 'm3', value: number },
  };
}

/** The export columns of a list: the shown columns with their export type and value. */
export function exportColumns<T>(columns: readonly ListColumn<T>[]): ExportColumn<T>[] {
  return columns.flatMap((c): ExportColumn<T>[] =>
    c.export === false
      ? []
      : [
          c.export
            ? { name: c.export.name ?? c.name, typ: c.export.typ, align: c.align, value: c.export.value }
            : { name: c.name, typ: 'text', align: c.align, value: (row) => c.text(row) || null },
        ],
  );
}

export interface ListTableProps<T extends { id: number | string }> {
  /** The table's accessible name (the list's title). */
  label: string;
  columns: readonly ListColumn<T>[];
  /** The rows as shown: filtered, searched and sorted. */
  rows: readonly T[];
  sort: SortDescriptor;
  onSortChange: (sort: SortDescriptor) => void;
  onAction?: ((key: Key) => void) | undefined;
  /** The row's action buttons; undefined shows none. */
  actions?: ((row: T) => ReactNode) | undefined;
  actionsWidth?: number | undefined;
  wrap?: boolean | undefined;
  height?: string | undefined;
  /** What the table says when no row is left. */
  emptyState: () => ReactElement;
}

/** The list's table (Spectrum TableView) with ListScreen's column rules. */
export function ListTable<T extends { id: number | string }>(props: ListTableProps<T>) {
  const { columns, rows } = props;
  const showActions = Boolean(props.actions);
  const actionsWidth = props.actionsWidth ?? 110;
  // The table renders only the columns in view, so row actions at the far right of a table wider
  // than the screen would be out of reach until one scrolls. Then they follow the first column
  // (which stays in place), so the buttons are always on screen; when all fits they stay at the end.
  const [frame, frameWidth] = useElementWidth<HTMLDivElement>();
  const neededWidth =
    columns.reduce((sum, c) => sum + (c.width ?? c.minWidth ?? DEFAULT_MIN_WIDTH), 0) +
    (showActions ? actionsWidth : 0);
  const actionsEarly = showActions && frameWidth > 0 && neededWidth > frameWidth;
  const dataColumns = columns.map((c) => ({ key: c.key, name: c.name }));
  const actionsColumn = { key: '__aktionen', name: 'Aktionen' };
  const tableColumns = !showActions
    ? dataColumns
    : actionsEarly
      ? [...dataColumns.slice(0, 1), actionsColumn, ...dataColumns.slice(1)]
      : [...dataColumns, actionsColumn];
  const columnOf = new Map(columns.map((c) => [c.key, c]));
  // The first column stays put while the table scrolls sideways; Spectrum keeps a row header
  // column rendered at every scroll position, so it can be sticky (listKit.css).
  const firstIsRowHeader = columns[0] !== undefined && (columns[0].rowHeader || !columns.some((c) => c.rowHeader));
  const rowHeaderKey = columns.find((c) => c.rowHeader)?.key ?? columns[0]?.key;

  return (
    <div ref={frame} className="kgv-list-frame">
      <TableView
        aria-label={props.label}
        UNSAFE_className={firstIsRowHeader ? 'kgv-list-table kgv-list-table--sticky' : 'kgv-list-table'}
        sortDescriptor={props.sort}
        onSortChange={props.onSortChange}
        {...(props.onAction ? { onAction: props.onAction } : {})}
        {...(props.wrap ? { overflowMode: 'wrap' as const } : {})}
        width="100%"
        {...(props.height ? { height: props.height } : { maxHeight: 'size-6000' })}
        // Without rows the table would shrink to its header and hide the empty state's sentence.
        {...(rows.length === 0 ? { minHeight: 'size-3000' } : {})}
        renderEmptyState={props.emptyState}
      >
        <TableHeader columns={tableColumns}>
          {(column) => {
            const def = columnOf.get(column.key);
            const isActions = column.key === '__aktionen';
            return (
              <Column
                key={column.key}
                allowsSorting={Boolean(def?.sortValue)}
                align={isActions ? (actionsEarly ? 'start' : 'end') : (def?.align ?? 'start')}
                hideHeader={isActions}
                {...(column.key === rowHeaderKey ? { isRowHeader: true } : {})}
                {...(isActions
                  ? { width: actionsWidth }
                  : def?.width
                    ? { width: def.width }
                    : { minWidth: def?.minWidth ?? DEFAULT_MIN_WIDTH })}
              >
                {column.name}
              </Column>
            );
          }}
        </TableHeader>
        <TableBody items={rows}>
          {(row) => (
            <Row key={row.id}>
              {(columnKey) => {
                const def = columnOf.get(String(columnKey));
                if (!def) {
                  return (
                    <Cell textValue="Aktionen">
                      <Flex gap="size-50" justifyContent={actionsEarly ? 'start' : 'end'}>
                        {props.actions?.(row)}
                      </Flex>
                    </Cell>
                  );
                }
                const text = def.text(row);
                return <Cell textValue={text}>{def.render ? def.render(row) : text}</Cell>;
              }}
            </Row>
          )}
        </TableBody>
      </TableView>
    </div>
  );
}
