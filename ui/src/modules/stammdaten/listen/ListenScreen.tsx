import {
  Button,
  Checkbox,
  Flex,
  Heading,
  Item,
  type Key,
  Link,
  Picker,
  ProgressCircle,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import type { Summenblatt } from '../../../../../src/modules/stammdaten/schema/listen';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import { describeError } from '../../../api/errors';
import { apiFetch, withQuery } from '../../../api/fetcher';
import { useGruppen } from '../../../api/stammdaten/gruppen';
import { usePageTitle } from '../../../app/usePageTitle';
import { ListScreen } from '../../../components/listKit';
import { MessageBanner } from '../../../components/MessageBanner';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { COLUMNS, type ListRow, paramsText, str } from './listenColumns';

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

/** A shown list with the parameters it was made with (in words, for the export's heading). */
type Result = { kind: ListKind; rows: ListRow[]; subtitle?: string; title: string; selection: string[] };

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
  const gruppen = useGruppen();
  const gruppeName = gruppen.data?.find((g) => String(g.id) === params.gruppenFilter)?.name;
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
      const numbered = (rows: readonly object[]): ListRow[] => rows.map((row, id) => ({ ...row, id }));
      const name = KINDS.find((k) => k.id === kind)?.name ?? kind;
      const selection = [
        ...paramsText(kind, params),
        ...(kind === 'Unterschriftenliste' && gruppeName ? [`Gruppe: ${gruppeName}`] : []),
      ];
      if (kind === 'Summenblatt') {
        // The server's answer type (schema/listen.ts), not a copy (ADR 0005).
        const s = data as Summenblatt;
        setResult({
          kind,
          title: `${name} ${s.pachtabrechnung.jahr}`,
          rows: numbered(s.rows),
          selection,
          subtitle: `Jahr ${s.pachtabrechnung.jahr}, Stichtag ${formatGermanDate(s.stichtag, '–')}`,
        });
      } else {
        const title =
          kind === 'Unterschriftenliste'
            ? params.title.trim() || name
            : `${name} ${(params.date || todayIso()).slice(0, 4)}`;
        setResult({ kind, title, rows: numbered(data as object[]), selection });
      }
    } catch (e) {
      setError(e);
      setResult(null);
    } finally {
      setLoading(false);
    }
  }

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
        {/* The printed list as the server lays it out (signature rows, heading); "Export" below
            saves the shown list with its search and order. */}
        <Link href={listUrl(kind, urlParams, 'pdf')} target="_blank" rel="noreferrer">
          Druckfassung (PDF)
        </Link>
      </Flex>
      {error ? (
        <MessageBanner level="danger" title="Die Liste konnte nicht geladen werden." message={describeError(error)} />
      ) : null}
      {loading && !result ? <ProgressCircle aria-label="Die Liste wird geladen …" isIndeterminate /> : null}
      {result ? (
        <>
          {result.subtitle ? <Text>{result.subtitle}</Text> : null}
          <ListScreen<ListRow>
            key={`${result.kind}-${result.title}`}
            title={KINDS.find((k) => k.id === result.kind)?.name ?? result.kind}
            hideHeading
            exportTitle={result.title}
            noun={['Eintrag', 'Einträge', 'Einträgen']}
            query={{ data: result.rows, error: undefined, isLoading: false, mutate: async () => undefined }}
            canEdit={false}
            empty={{
              title: 'Keine Einträge',
              text: 'Diese Liste ist leer – ändern Sie die Parameter und zeigen Sie sie erneut an.',
              textReadOnly: 'Diese Liste ist leer – ändern Sie die Parameter und zeigen Sie sie erneut an.',
            }}
            columns={COLUMNS[result.kind]}
            // The server's order (by birthday, by years …) until a column header is pressed.
            defaultSort={{ column: '__server', direction: 'ascending' }}
            searchText={(row) => Object.values(row).map(str).join('\n')}
            filterText={[result.subtitle, ...result.selection]}
          />
        </>
      ) : null}
    </Flex>
  );
}
