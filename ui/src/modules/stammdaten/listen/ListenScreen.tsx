import {
  Button,
  Cell,
  Checkbox,
  Column,
  Flex,
  Heading,
  Item,
  type Key,
  Link,
  Picker,
  ProgressCircle,
  Row,
  TableBody,
  TableHeader,
  TableView,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import type { Summenblatt } from '../../../../../src/modules/stammdaten/schema/listen';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatDecimal } from '../../../../../src/platform/money';
import { describeError } from '../../../api/errors';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { useGruppen } from '../../../api/stammdaten/gruppen';
import { usePageTitle } from '../../../app/usePageTitle';
import { MessageBanner } from '../../../components/MessageBanner';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';

export type ListKind = 'Geburtstagsliste' | 'Jubilaeumsliste' | 'Unterschriftenliste' | 'Summenblatt';

const KINDS: { id: ListKind; name: string }[] = [
  { id: 'Geburtstagsliste', name: 'Geburtstagsliste' },
  { id: 'Jubilaeumsliste', name: 'Jubiläumsliste' },
  { id: 'Unterschriftenliste', name: 'Unterschriftenliste' },
  { id: 'Summenblatt', name: 'Summenblatt' },
];

export interface ListParams {
  date: string;
  weiterePersonen: boolean;
  zeitungsfilter: boolean;
  fifties: boolean;
  title: string;
  nurMitglieder: boolean;
  gruppenFilter: string;
  /** Summenblatt: the chosen billing year; undefined = the newest. */
  pachtabrechnungID?: number | undefined;
}

type Format = 'json' | 'pdf' | 'xlsx';

/** The server URL of a list in one format; the screen, PDF and Excel share its parameters. */
export function listUrl(kind: ListKind, p: ListParams, format: Format): string {
  const base = `/api/Stammdaten/${kind}`;
  switch (kind) {
    case 'Geburtstagsliste':
      return withQuery(base, {
        date: p.date,
        weiterePersonen: p.weiterePersonen,
        zeitungsfilter: p.zeitungsfilter,
        fifties: p.fifties,
        format,
      });
    case 'Jubilaeumsliste':
      return withQuery(base, { date: p.date, format });
    case 'Unterschriftenliste':
      return withQuery(base, {
        title: p.title.trim() || undefined,
        nurMitglieder: p.nurMitglieder,
        gruppenFilter: p.gruppenFilter || undefined,
        format,
      });
    default:
      return withQuery(base, { pachtabrechnungID: p.pachtabrechnungID, format });
  }
}

/** A count as "1.200", a decimal string ("41250.50") as "41.250,50" (dot grouping as UI.md asks), exactly. */
function deValue(value: string | number): string {
  if (typeof value === 'number') return formatDecimal(value, 0);
  return /^-?\d+(\.\d+)?$/.test(value) ? formatDecimal(value, 2) : value;
}

type ColumnDef = {
  key: string;
  name: string;
  align?: 'start' | 'end';
  render: (row: Record<string, unknown>) => string;
};

const COLUMNS: Record<ListKind, ColumnDef[]> = {
  Geburtstagsliste: [
    { key: 'geburtsdatum', name: 'Geburtsdatum', render: (r) => formatGermanDate(r.geburtsdatum as string, '–') },
    { key: 'name', name: 'Name', render: (r) => String(r.name ?? '') },
    { key: 'alter', name: 'Alter', align: 'end', render: (r) => String(r.alter ?? '') },
    { key: 'parzellen', name: 'Parzellen', render: (r) => String(r.parzellen || '–') },
  ],
  Jubilaeumsliste: [
    { key: 'jahre', name: 'Jahre', align: 'end', render: (r) => String(r.jahre ?? '') },
    { key: 'name', name: 'Name', render: (r) => String(r.name ?? '') },
    { key: 'eintrittsdatum', name: 'Eintritt', render: (r) => formatGermanDate(r.eintrittsdatum as string, '–') },
    { key: 'parzellen', name: 'Parzellen', render: (r) => String(r.parzellen || '–') },
  ],
  Unterschriftenliste: [
    { key: 'parzelle', name: 'Parzelle', render: (r) => String(r.parzelle ?? '') },
    { key: 'name', name: 'Name', render: (r) => String(r.name ?? '') },
  ],
  Summenblatt: [
    { key: 'bezeichnung', name: 'Bezeichnung', render: (r) => String(r.bezeichnung ?? '') },
    { key: 'wert', name: 'Wert', align: 'end', render: (r) => deValue(r.wert as string | number) },
  ],
};

type Result = { kind: ListKind; rows: Record<string, unknown>[]; subtitle?: string };

function GruppenPicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { data } = useGruppen();
  const items = [{ id: '', name: 'Alle Gruppen' }, ...(data ?? []).map((g) => ({ id: String(g.id), name: g.name }))];
  return (
    <Picker
      label="Gruppe"
      items={items}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => onChange(key == null ? '' : String(key))}
    >
      {(item) => <Item key={item.id}>{item.name}</Item>}
    </Picker>
  );
}

/** Spec §2 Stammdaten: the printable lists (Geburtstage, Jubiläen, Unterschriften, Summenblatt). */
export default function ListenScreen() {
  usePageTitle('Listen');
  const [kind, setKind] = useState<ListKind>('Geburtstagsliste');
  const [params, setParams] = useState<ListParams>(() => ({
    date: todayIso(),
    weiterePersonen: true,
    zeitungsfilter: false,
    fifties: false,
    title: '',
    nurMitglieder: false,
    gruppenFilter: '',
  }));
  const { pachtabrechnungID } = useSelectedYear();
  const urlParams: ListParams = { ...params, pachtabrechnungID };
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const set =
    <K extends keyof ListParams>(key: K) =>
    (value: ListParams[K]) =>
      setParams((p) => ({ ...p, [key]: value }));

  async function show() {
    setLoading(true);
    setError(null);
    try {
      const data = await apiFetch<unknown>(listUrl(kind, urlParams, 'json'));
      if (kind === 'Summenblatt') {
        // The server's answer type (schema/listen.ts), not a copy (ADR 0005).
        const s = data as Summenblatt;
        setResult({
          kind,
          rows: s.rows,
          subtitle: `Jahr ${s.pachtabrechnung.jahr}, Stichtag ${formatGermanDate(s.stichtag, '–')}`,
        });
      } else {
        setResult({ kind, rows: data as Record<string, unknown>[] });
      }
    } catch (e) {
      setError(e);
      setResult(null);
    } finally {
      setLoading(false);
    }
  }

  const columns = result ? COLUMNS[result.kind] : [];
  const rows = result ? result.rows.map((row, index) => ({ ...row, _key: String(index) })) : [];

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Stammdaten</Text>
        <Heading level={1} margin={0}>
          Listen
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <Picker
          label="Liste"
          items={KINDS}
          selectedKey={kind}
          onSelectionChange={(key: Key | null) => {
            if (key != null) {
              setKind(String(key) as ListKind);
              setResult(null);
            }
          }}
        >
          {(item) => <Item key={item.id}>{item.name}</Item>}
        </Picker>
        {kind === 'Geburtstagsliste' || kind === 'Jubilaeumsliste' ? (
          <TextField label="Stichtag" type="date" value={params.date} onChange={set('date')} />
        ) : null}
        {kind === 'Geburtstagsliste' ? (
          <>
            <Checkbox isSelected={params.weiterePersonen} onChange={set('weiterePersonen')}>
              Weitere Personen
            </Checkbox>
            <Checkbox isSelected={params.zeitungsfilter} onChange={set('zeitungsfilter')}>
              Nur mit Zeitungserlaubnis
            </Checkbox>
            <Checkbox isSelected={params.fifties} onChange={set('fifties')}>
              Nur runde Geburtstage
            </Checkbox>
          </>
        ) : null}
        {kind === 'Summenblatt' ? <YearPicker /> : null}
        {kind === 'Unterschriftenliste' ? (
          <>
            <TextField label="Titel" value={params.title} onChange={set('title')} placeholder="Unterschriftenliste" />
            <GruppenPicker value={params.gruppenFilter} onChange={set('gruppenFilter')} />
            <Checkbox isSelected={params.nurMitglieder} onChange={set('nurMitglieder')}>
              Nur Mitglieder
            </Checkbox>
          </>
        ) : null}
      </Flex>
      <Flex gap="size-200" alignItems="center">
        <Button variant="accent" onPress={() => void show()} isPending={loading}>
          Anzeigen
        </Button>
        <Link href={listUrl(kind, urlParams, 'pdf')} target="_blank" rel="noreferrer">
          PDF
        </Link>
        <Link href={listUrl(kind, urlParams, 'xlsx')} download>
          Excel
        </Link>
      </Flex>
      {error ? (
        <MessageBanner level="danger" title="Die Liste konnte nicht geladen werden." message={describeError(error)} />
      ) : null}
      {loading && !result ? <ProgressCircle aria-label="Die Liste wird geladen …" isIndeterminate /> : null}
      {result ? (
        <>
          {result.subtitle ? <Text>{result.subtitle}</Text> : null}
          {rows.length === 0 ? (
            <Text>Diese Liste ist leer – ändern Sie die Parameter und zeigen Sie sie erneut an.</Text>
          ) : (
            <TableView aria-label={KINDS.find((k) => k.id === result.kind)?.name} width="100%" maxHeight="size-6000">
              <TableHeader columns={columns}>
                {(column) => (
                  <Column key={column.key} align={column.align ?? 'start'}>
                    {column.name}
                  </Column>
                )}
              </TableHeader>
              <TableBody items={rows}>
                {(row) => (
                  <Row key={row._key}>
                    {(columnKey) => {
                      const text = columns.find((c) => c.key === columnKey)?.render(row) ?? '';
                      return <Cell textValue={text}>{text}</Cell>;
                    }}
                  </Row>
                )}
              </TableBody>
            </TableView>
          )}
          <Text aria-live="polite" UNSAFE_className="kgv-muted">
            {rows.length} {rows.length === 1 ? 'Eintrag' : 'Einträge'}
          </Text>
        </>
      ) : null}
    </Flex>
  );
}
