import { Button, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import { type Query, withQuery } from '../../../api/fetcher';
import { Geld } from '../Geld';
import './berichte.css';

// The pieces the five report screens share: an amount cell, a table with a sum row, and the
// "PDF"/"Excel" buttons that open the same report URL the screen reads as JSON.

export const KASSA_API = '/api/Kassa';

export type BerichtFormat = 'json' | 'pdf' | 'xlsx';

/** The report's URL in a format; parameters without a value are left out. */
export function berichtUrl(name: string, params: Query, format: BerichtFormat): string {
  return withQuery(`${KASSA_API}/${name}`, { ...params, format });
}

/** A column: text, or an amount in cents (right-aligned). */
export type Spalte<T> = { titel: string } & (
  | { text: (row: T) => ReactNode; cent?: never }
  | { cent: (row: T) => number | null; text?: never }
);

export interface BerichtTabelleProps<T> {
  /** The table's caption and accessible name. */
  titel: string;
  spalten: readonly Spalte<T>[];
  zeilen: readonly T[];
  zeilenKey: (row: T, index: number) => string | number;
  /** The sum row: one cell per column (null = empty; a number is an amount). */
  summe?: readonly (number | string | null)[];
  leer?: string;
}

/** A report table as the PDF prints it: header, rows, the sum row in the footer. */
export function BerichtTabelle<T>({ titel, spalten, zeilen, zeilenKey, summe, leer }: BerichtTabelleProps<T>) {
  return (
    <div className="kgv-bericht-frame">
      <table className="kgv-bericht-table">
        <caption>{titel}</caption>
        <thead>
          <tr>
            {spalten.map((s) => (
              <th key={s.titel} scope="col" className={s.cent ? 'kgv-bericht-num' : undefined}>
                {s.titel}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {zeilen.length === 0 ? (
            <tr>
              <td colSpan={spalten.length}>{leer ?? 'Keine Einträge.'}</td>
            </tr>
          ) : (
            zeilen.map((row, index) => (
              <tr key={zeilenKey(row, index)}>
                {spalten.map((s) =>
                  s.cent ? (
                    <td key={s.titel} className="kgv-bericht-num">
                      <Geld cent={s.cent(row)} />
                    </td>
                  ) : (
                    <td key={s.titel}>{s.text?.(row)}</td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
        {summe ? (
          <tfoot>
            <tr>
              {spalten.map((s, i) => {
                const value = summe[i] ?? null;
                return typeof value === 'number' ? (
                  <td key={s.titel} className="kgv-bericht-num">
                    <Geld cent={value} />
                  </td>
                ) : (
                  <td key={s.titel}>{value}</td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** The buttons that open the report as a file in a new tab (the browser saves or shows it). */
export function DownloadButtons({
  pdf,
  excel,
  extra,
  isDisabled,
}: {
  pdf: string;
  excel: string;
  extra?: ReactNode;
  isDisabled?: boolean;
}) {
  return (
    <Flex gap="size-100" alignItems="end" wrap>
      <Button variant="secondary" elementType="a" href={pdf} target="_blank" rel="noreferrer" isDisabled={isDisabled}>
        PDF
      </Button>
      <Button variant="secondary" elementType="a" href={excel} target="_blank" rel="noreferrer" isDisabled={isDisabled}>
        Excel
      </Button>
      {extra}
    </Flex>
  );
}

/** The screen's head: the area word, the title and what the report shows. */
export function BerichtKopf({ titel, beschreibung }: { titel: string; beschreibung: string }) {
  return (
    <View>
      <Text UNSAFE_className="kgv-eyebrow">Berichte</Text>
      <Heading level={1} margin={0}>
        {titel}
      </Heading>
      <Text>{beschreibung}</Text>
    </View>
  );
}
