import { Flex, StatusLight, Text } from '@adobe/react-spectrum';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatPercent } from '../../../../../src/platform/money';
import { cubicColumn, type ListColumn } from '../../../components/ListTable';
import type { Ablesung, BilanzPunkt, ZaehlerEichung } from './bilanzApi';

// The columns of the Hauptwasserzähler screen's water parts: balance, readings, calibration.

const num = (value: string | null) => (value === null ? null : Number(value));

export type BilanzRow = BilanzPunkt & { id: string };

/** A volume of the period in m³; '–' where there is none (the first reading, plots without readings). */
const volume = (key: 'verbrauch' | 'summeParzellen' | 'schwund', name: string, minWidth: number) =>
  cubicColumn<BilanzRow>(key, name, (r) => r[key], { minWidth, leer: '–' });

export const BILANZ_COLUMNS: readonly ListColumn<BilanzRow>[] = [
  {
    key: 'datum',
    name: 'Datum',
    rowHeader: true,
    minWidth: 110,
    sortValue: (r) => r.datum,
    text: (r) => formatGermanDate(r.datum),
  },
  cubicColumn('stand', 'Stand', (r) => r.stand),
  volume('verbrauch', 'Verbrauch', 120),
  volume('summeParzellen', 'Summe Parzellen', 150),
  volume('schwund', 'Schwund m³', 120),
  {
    key: 'schwundProzent',
    name: 'Schwund %',
    align: 'end',
    minWidth: 110,
    sortValue: (r) => num(r.schwundProzent),
    // As the settlement's main-meter table shows it: the server's value, up to two decimals.
    text: (r) => (r.schwundProzent === null ? '–' : formatPercent(r.schwundProzent, 2, { nbsp: false })),
  },
  {
    key: 'hinweis',
    name: 'Hinweis',
    minWidth: 260,
    sortValue: (r) => r.warnung,
    text: (r) => [r.warnung ? 'über der Warnschwelle' : '', r.hinweis ?? ''].filter(Boolean).join(' · '),
    render: (r) => (
      <Flex alignItems="center" gap="size-100">
        {r.warnung ? <StatusLight variant="negative">über der Warnschwelle</StatusLight> : null}
        {r.hinweis ? <Text>{r.hinweis}</Text> : null}
      </Flex>
    ),
  },
];

const QUELLE: Readonly<Record<Ablesung['quelle'], string>> = { manuell: 'von Hand', funk: 'Funk', import: 'Import' };

export const ABLESUNG_COLUMNS: readonly ListColumn<Ablesung>[] = [
  {
    key: 'datum',
    name: 'Datum',
    rowHeader: true,
    minWidth: 110,
    sortValue: (r) => r.datum,
    text: (r) => formatGermanDate(r.datum),
  },
  {
    key: 'zaehlernummer',
    name: 'Zähler',
    minWidth: 120,
    sortValue: (r) => r.zaehlernummer,
    text: (r) => r.zaehlernummer,
  },
  cubicColumn('stand', 'Stand', (r) => r.stand, { leer: 'nicht abgelesen' }),
  {
    key: 'art',
    name: 'Art',
    minWidth: 150,
    sortValue: (r) => r.isZaehlerwechsel,
    text: (r) => (r.isZaehlerwechsel ? 'Endstand (Zählerwechsel)' : 'Ablesung'),
  },
  { key: 'quelle', name: 'Quelle', minWidth: 100, sortValue: (r) => r.quelle, text: (r) => QUELLE[r.quelle] },
  { key: 'notiz', name: 'Notiz', minWidth: 200, sortValue: (r) => r.notiz, text: (r) => r.notiz },
];

export type EichungRow = ZaehlerEichung & { id: string };

export const EICHUNG_COLUMNS: readonly ListColumn<EichungRow>[] = [
  {
    key: 'eichungFaelligAm',
    name: 'Eichung fällig am',
    rowHeader: true,
    minWidth: 220,
    sortValue: (r) => r.eichungFaelligAm,
    text: (r) => `${formatGermanDate(r.eichungFaelligAm, '–')}${overdue(r) ? ' überfällig' : ''}`,
    render: (r) => (
      <Flex alignItems="center" gap="size-100">
        <Text>{formatGermanDate(r.eichungFaelligAm, '–')}</Text>
        <StatusLight variant={overdue(r) ? 'negative' : 'notice'}>
          {overdue(r) ? 'überfällig' : 'bald fällig'}
        </StatusLight>
      </Flex>
    ),
  },
  {
    key: 'zaehler',
    name: 'Zähler',
    minWidth: 120,
    sortValue: (r) => r.zaehlernummer,
    text: (r) => r.zaehlernummer,
  },
  {
    key: 'ort',
    name: 'Parzelle / Hauptwasserzähler',
    minWidth: 220,
    sortValue: (r) => (r.art === 'parzelle' ? `Parzelle ${r.parzelleNummer ?? ''}` : 'Hauptwasserzähler'),
    text: (r) => (r.art === 'parzelle' ? `Parzelle ${r.parzelleNummer ?? ''}` : 'Hauptwasserzähler'),
  },
  {
    key: 'adresseName',
    name: 'Nutzungsberechtigte(r)',
    minWidth: 190,
    sortValue: (r) => r.adresseName,
    text: (r) => r.adresseName ?? '–',
  },
  {
    key: 'eingebautAm',
    name: 'Eingebaut am',
    minWidth: 120,
    sortValue: (r) => r.eingebautAm,
    text: (r) => formatGermanDate(r.eingebautAm, '–'),
  },
];

function overdue(r: ZaehlerEichung): boolean {
  return r.eichungFaelligAm !== null && r.eichungFaelligAm < todayIso();
}
