import { Flex, Heading, Item, Picker, TabList, TabPanels, Tabs, Text, View } from '@adobe/react-spectrum';
import { useEffect, useMemo, useRef } from 'react';
import { collator } from '../../../../../src/platform/collation';
import type { Hauptwasserzaehler } from '../../../api/stammdaten/hauptwasserzaehler';
import { useQueryParam } from '../../../app/useQueryParam';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { BilanzChart } from './BilanzChart';
import { useBilanz, useEichung, useHwzAblesungen } from './bilanzApi';
import { ABLESUNG_COLUMNS, BILANZ_COLUMNS, EICHUNG_COLUMNS } from './bilanzColumns';
import { SimpleTable } from './SimpleTable';

// The water book's parts of the Hauptwasserzähler screen (issue 12, "Beyond the spec"): for the
// chosen main meter its balance (chart and table) and its readings; below, the meters whose
// calibration is due within 90 days, where the Wasserwart looks after the main meters anyway.
// ?id=<hauptwasserzaehlerId> chooses the meter (the Fehlersuche links here).

export const EICHUNG_TAGE = 90;

export interface HauptwasserzaehlerWasserbuchProps {
  zaehler: readonly Hauptwasserzaehler[] | undefined;
  /** The readings are the water book's (Wasser rights); balance and calibration read with Stammdaten too. */
  canSeeReadings: boolean;
}

export function HauptwasserzaehlerWasserbuch({ zaehler, canSeeReadings }: HauptwasserzaehlerWasserbuchProps) {
  const [idParam, setIdParam] = useQueryParam('id');
  const sorted = useMemo(() => [...(zaehler ?? [])].sort((a, b) => collator.compare(a.nummer, b.nummer)), [zaehler]);
  const chosen = sorted.find((z) => String(z.id) === idParam) ?? sorted.find((z) => z.aktiv) ?? sorted[0];
  const section = useRef<HTMLDivElement>(null);
  // A deep link lands on the balance, not on the list above it.
  const linked = useRef(idParam !== '');
  useEffect(() => {
    if (linked.current && chosen) {
      linked.current = false;
      section.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [chosen]);

  if (!zaehler || zaehler.length === 0) return <EichungSection />;
  return (
    <>
      <div ref={section}>
        <View borderTopWidth="thin" borderTopColor="default" paddingTop="size-200">
          <Flex gap="size-200" alignItems="end" wrap>
            <Heading level={2} margin={0}>
              Bilanz und Ablesungen
            </Heading>
            <Picker
              label="Hauptwasserzähler"
              items={sorted}
              selectedKey={chosen ? String(chosen.id) : null}
              onSelectionChange={(key) => setIdParam(String(key))}
              width="size-3000"
            >
              {(z) => (
                <Item key={String(z.id)} textValue={`${z.nummer} ${z.bezeichnung}`}>
                  {z.bezeichnung ? `${z.nummer} – ${z.bezeichnung}` : z.nummer}
                </Item>
              )}
            </Picker>
          </Flex>
          {chosen ? <ZaehlerTabs id={chosen.id} nummer={chosen.nummer} canSeeReadings={canSeeReadings} /> : null}
        </View>
      </div>
      <EichungSection />
    </>
  );
}

function ZaehlerTabs({ id, nummer, canSeeReadings }: { id: number; nummer: string; canSeeReadings: boolean }) {
  if (!canSeeReadings) return <BilanzPart id={id} nummer={nummer} />;
  return (
    <Tabs aria-label={`Hauptwasserzähler ${nummer}`} marginTop="size-200">
      <TabList>
        <Item key="bilanz">Bilanz</Item>
        <Item key="ablesungen">Ablesungen</Item>
      </TabList>
      <TabPanels>
        <Item key="bilanz">
          <BilanzPart id={id} nummer={nummer} />
        </Item>
        <Item key="ablesungen">
          <AblesungenPart id={id} nummer={nummer} />
        </Item>
      </TabPanels>
    </Tabs>
  );
}

function BilanzPart({ id, nummer }: { id: number; nummer: string }) {
  const query = useBilanz(id);
  const rows = useMemo(() => query.data?.punkte.map((p) => ({ ...p, id: p.datum })) ?? [], [query.data]);
  if (!query.data) {
    return query.error ? (
      <LoadFailed
        title="Die Bilanz konnte nicht geladen werden."
        error={query.error}
        onRetry={() => void query.mutate()}
      />
    ) : (
      <Loading label="Bilanz wird geladen …" />
    );
  }
  const warnungen = rows.filter((r) => r.warnung).length;
  return (
    <Flex direction="column" gap="size-200" marginTop="size-200">
      <Text>
        {`Schwund = Verbrauch des Hauptwasserzählers minus Summe seiner Parzellen im selben Zeitraum. Warnschwelle: ${query.data.warnProzent.replace('.', ',')} %.`}
        {warnungen > 0
          ? ` ${warnungen === 1 ? 'Ein Zeitraum liegt' : `${warnungen} Zeiträume liegen`} darüber – bitte auf Leck oder stehenden Zähler prüfen.`
          : ''}
      </Text>
      {rows.length > 1 ? <BilanzChart bilanz={query.data} /> : null}
      <SimpleTable
        label={`Bilanz ${nummer}`}
        columns={BILANZ_COLUMNS}
        rows={rows}
        defaultSort={{ column: 'datum', direction: 'ascending' }}
        empty="Noch keine Ablesung dieses Hauptwasserzählers. Die Bilanz entsteht mit den Ablesungsrunden."
      />
    </Flex>
  );
}

function AblesungenPart({ id, nummer }: { id: number; nummer: string }) {
  const query = useHwzAblesungen(id);
  if (!query.data) {
    return query.error ? (
      <LoadFailed
        title="Die Ablesungen konnten nicht geladen werden."
        error={query.error}
        onRetry={() => void query.mutate()}
      />
    ) : (
      <Loading label="Ablesungen werden geladen …" />
    );
  }
  return (
    <Flex direction="column" gap="size-100" marginTop="size-200">
      <SimpleTable
        label={`Ablesungen ${nummer}`}
        columns={ABLESUNG_COLUMNS}
        rows={query.data}
        defaultSort={{ column: 'datum', direction: 'descending' }}
        empty="Noch keine Ablesung dieses Hauptwasserzählers."
      />
      <Text>{query.data.length === 1 ? '1 Ablesung' : `${query.data.length} Ablesungen`}</Text>
    </Flex>
  );
}

/** Plot and main meters whose calibration is due within 90 days or overdue. */
function EichungSection() {
  const query = useEichung(EICHUNG_TAGE);
  const rows = useMemo(
    () =>
      (query.data ?? [])
        .filter((r) => r.faellig)
        .map((r) => ({ ...r, id: `${r.art}-${r.parzelleId ?? r.hauptwasserzaehlerId}-${r.zaehlernummer}` })),
    [query.data],
  );
  return (
    <View borderTopWidth="thin" borderTopColor="default" paddingTop="size-200">
      <Heading level={2} marginTop={0}>
        Eichung fällig
      </Heading>
      {!query.data ? (
        query.error ? (
          <LoadFailed
            title="Die Eichliste konnte nicht geladen werden."
            error={query.error}
            onRetry={() => void query.mutate()}
          />
        ) : (
          <Loading label="Eichliste wird geladen …" />
        )
      ) : (
        <Flex direction="column" gap="size-100">
          <Text>
            {`Zähler der Parzellen und Hauptwasserzähler, deren Eichung in den nächsten ${EICHUNG_TAGE} Tagen fällig wird oder schon abgelaufen ist (Eichfrist 5 Jahre). Nach dem Tausch eines Parzellenzählers („Zählerwechsel“) ist er nicht mehr fällig.`}
          </Text>
          <SimpleTable
            label="Eichung fällig"
            columns={EICHUNG_COLUMNS}
            rows={rows}
            defaultSort={{ column: 'eichungFaelligAm', direction: 'ascending' }}
            empty={`Kein Zähler wird in den nächsten ${EICHUNG_TAGE} Tagen fällig.`}
          />
          <Text>{rows.length === 1 ? '1 Zähler' : `${rows.length} Zähler`}</Text>
        </Flex>
      )}
    </View>
  );
}
