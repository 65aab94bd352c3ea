import { Content, Heading, IllustratedMessage } from '@adobe/react-spectrum';
import { useMemo, useState } from 'react';
import { type ListColumn, ListTable, type SortDescriptor } from '../../../components/ListTable';
import { compareValues } from '../../../lib/format';

/** A read-only table with the list kit's columns and sorting, for the parts of a record screen. */
export function SimpleTable<T extends { id: number | string }>(props: {
  label: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  defaultSort: SortDescriptor;
  empty: string;
  height?: string;
}) {
  const [sort, setSort] = useState<SortDescriptor>(props.defaultSort);
  const sorted = useMemo(() => {
    const value = props.columns.find((c) => c.key === sort.column)?.sortValue;
    if (!value) return props.rows;
    const factor = sort.direction === 'descending' ? -1 : 1;
    return [...props.rows].sort((a, b) => factor * compareValues(value(a), value(b)));
  }, [props.rows, props.columns, sort]);
  return (
    <ListTable
      label={props.label}
      columns={props.columns}
      rows={sorted}
      sort={sort}
      onSortChange={setSort}
      height={props.height}
      emptyState={() => (
        <IllustratedMessage>
          <Heading>Keine Einträge</Heading>
          <Content>{props.empty}</Content>
        </IllustratedMessage>
      )}
    />
  );
}
