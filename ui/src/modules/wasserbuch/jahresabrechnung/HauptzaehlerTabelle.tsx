import { Cell, Column, Row, StatusLight, TableBody, TableHeader, TableView, Text } from '@adobe/react-spectrum';
import { useMemo } from 'react';
import { formatPercent } from '../../../../../src/platform/money';
import type { HauptzaehlerBilanz } from './api';
import { m3 } from './betrag';

/** Whether a main meter's loss is above the warning threshold (both percent strings with a dot). */
export function schwundZuHoch(h: HauptzaehlerBilanz, warnProzent: string | undefined): boolean {
  return warnProzent !== undefined && Number(h.schwundProzent) > Number(warnProzent);
}

export interface HauptzaehlerTabelleProps {
  hauptwasserzaehler: readonly HauptzaehlerBilanz[];
  /** The year's schwundWarnungProzent; above it a meter is flagged. */
  warnProzent: string | undefined;
}

/** Per main meter: what it measured, what its plots used together, the loss in m³ and %. */
export function HauptzaehlerTabelle({ hauptwasserzaehler, warnProzent }: HauptzaehlerTabelleProps) {
  // Spectrum caches a row by its item: new items when the threshold arrives, so the flag follows
  // without remounting the table (a remount moves the page under a pressing hand) — and only then,
  // so a re-render of the page (a dialog opening) does not rebuild and re-measure the rows.
  const rows = useMemo(
    () => hauptwasserzaehler.map((h) => ({ ...h, hoch: schwundZuHoch(h, warnProzent) })),
    [hauptwasserzaehler, warnProzent],
  );
  if (hauptwasserzaehler.length === 0) {
    return <Text>Keine Parzelle hängt an einem Hauptwasserzähler: es gibt keinen Schwund zu verteilen.</Text>;
  }
  return (
    <TableView aria-label="Hauptwasserzähler und Schwund" density="compact" maxWidth="100%">
      <TableHeader>
        <Column key="nummer" isRowHeader minWidth={190}>
          Hauptwasserzähler
        </Column>
        <Column key="verbrauch" align="end" minWidth={140}>
          Verbrauch
        </Column>
        <Column key="summe" align="end" minWidth={160}>
          Summe Parzellen
        </Column>
        <Column key="schwund" align="end" minWidth={140}>
          Schwund m³
        </Column>
        <Column key="prozent" align="end" minWidth={110}>
          Schwund %
        </Column>
        <Column key="hinweis" minWidth={260}>
          Hinweis
        </Column>
      </TableHeader>
      <TableBody items={rows}>
        {(h) => {
          const hoch = h.hoch;
          const prozent = formatPercent(h.schwundProzent, 2, { nbsp: false });
          return (
            <Row key={h.id ?? h.nummer}>
              <Cell>{h.nummer}</Cell>
              <Cell>{m3(h.verbrauch)}</Cell>
              <Cell>{m3(h.summeParzellen)}</Cell>
              <Cell>{m3(h.schwund)}</Cell>
              <Cell>{prozent}</Cell>
              <Cell textValue={hoch ? 'Schwund über der Warnschwelle' : 'in Ordnung'}>
                {hoch ? (
                  <StatusLight variant="negative">
                    Schwund über {formatPercent(warnProzent ?? '0', 2, { nbsp: false })} – Leck oder Zähler prüfen
                  </StatusLight>
                ) : (
                  <StatusLight variant="positive">in Ordnung</StatusLight>
                )}
              </Cell>
            </Row>
          );
        }}
      </TableBody>
    </TableView>
  );
}
