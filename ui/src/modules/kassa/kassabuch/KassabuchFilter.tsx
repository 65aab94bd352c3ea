import { Flex, Item, type Key, Picker, TextField } from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { KassabuchFilterInput, KontoOption } from '../../../../../src/modules/kassa/schema/kassabuch';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { parseGermanAmount } from '../../../../../src/platform/money';
import type { BuchungskontoLookup, KontoLookup, KostenstelleLookup } from '../../../api/kassa';
import { useQueryParam } from '../../../app/useQueryParam';
import { invalid } from '../../../components/formKit';
import { betragText, wahlText } from './buchungEingabe';

// The filters of spec §3 for the Kassabuch, each kept in the URL (a filtered book can be
// bookmarked, and the Belegsuche links to one entry with ?entryID=). URL names are short German
// words; the query to the server uses the contract's names (filterOf).

/** URL parameter → the filter field it sets. */
export const FILTER_PARAMS = {
  von: 'kassabuchFilterVon',
  bis: 'kassabuchFilterBis',
  belegVon: 'BelegnummerFilterVon',
  belegBis: 'BelegnummerFilterBis',
  betragVon: 'BetragFilterVon',
  betragBis: 'BetragFilterBis',
  rechnungVon: 'RechnungsdatumFilterVon',
  rechnungBis: 'RechnungsdatumFilterBis',
  kategorie: 'Kategorie',
  kostenstelle: 'Kostenstelle',
  text: 'Bezeichnung',
  kommentar: 'Kommentar',
  konto: 'SelectedKonto',
  status: 'kontoOption',
  entryID: 'entryID',
} as const;
export type FilterParam = keyof typeof FILTER_PARAMS;

const ZAHL_FELDER = new Set<FilterParam>([
  'belegVon',
  'belegBis',
  'betragVon',
  'betragBis',
  'kategorie',
  'kostenstelle',
  'konto',
  'entryID',
]);

export const STATUS_OPTIONEN: readonly { key: KontoOption; label: string }[] = [
  { key: 'alle', label: 'Alle Buchungen' },
  { key: 'ungeprueft', label: 'nur ungeprüfte' },
  { key: 'geprueft', label: 'nur geprüfte' },
  { key: 'klaerung', label: 'zu klären' },
];

/** The filter of the URL's query `search` (the period comes from the picker). */
export function filterOf(search: string): KassabuchFilterInput {
  const params = new URLSearchParams(search);
  const filter: Record<string, string | number> = {};
  for (const [param, field] of Object.entries(FILTER_PARAMS) as [FilterParam, string][]) {
    const raw = params.get(param)?.trim();
    if (!raw) continue;
    if (ZAHL_FELDER.has(param)) {
      const n = Number(raw);
      if (Number.isInteger(n) && n >= 0) filter[field] = n;
    } else if (param === 'status') {
      if (STATUS_OPTIONEN.some((o) => o.key === raw)) filter[field] = raw;
    } else filter[field] = raw;
  }
  return filter as KassabuchFilterInput;
}

/** How many filters are set (for "Filter zurücksetzen" and the empty-list sentence). */
export function anzahlFilter(search: string): number {
  const params = new URLSearchParams(search);
  return (Object.keys(FILTER_PARAMS) as FilterParam[]).filter((p) => params.get(p)).length;
}

/** The filter of the current URL. */
export function useKassabuchFilter(): { filter: KassabuchFilterInput; anzahl: number } {
  const search = useSearch();
  return { filter: filterOf(search), anzahl: anzahlFilter(search) };
}

/** How a search field is typed and kept in the URL: ISO date, cents, a whole number or text. */
export type FilterArt = 'datum' | 'betrag' | 'zahl' | 'text';

/** A URL value as the field shows it ("15.03.2026", "12,50"). */
export const filterAnzeige = (art: FilterArt, raw: string) =>
  art === 'datum' ? formatGermanDate(raw) : art === 'betrag' && raw ? betragText(Number(raw)) : raw;

/** A typed value → its URL value, or the German hint at the field. An amount is searched without its sign. */
export function filterWert(art: FilterArt, text: string): { wert: string } | { fehler: string } {
  const t = text.trim();
  if (t === '') return { wert: '' };
  if (art === 'datum') {
    const iso = parseGermanDate(t);
    return iso ? { wert: iso } : { fehler: 'TT.MM.JJJJ' };
  }
  if (art === 'betrag') {
    const cents = parseGermanAmount(t.replace(/^[-\u2212]/, ''));
    return cents === null ? { fehler: 'Betrag wie 12,50' } : { wert: String(cents) };
  }
  if (art === 'zahl') return /^\d{1,9}$/.test(t) ? { wert: t } : { fehler: 'Eine ganze Zahl' };
  return { wert: t };
}

/** A filter field: typed freely, taken into the URL on Enter or when left. */
function FilterFeld({
  param,
  label,
  art,
  width = 'size-1600',
}: {
  param: FilterParam;
  label: string;
  art: FilterArt;
  width?: string;
}) {
  const [raw, setRaw] = useQueryParam(param);
  const [draft, setDraft] = useState(() => filterAnzeige(art, raw));
  const [fehler, setFehler] = useState<string>();
  // The URL changed from elsewhere (reset, back button): show it.
  useEffect(() => setDraft(filterAnzeige(art, raw)), [art, raw]);
  const commit = () => {
    const result = filterWert(art, draft);
    if ('fehler' in result) {
      setFehler(result.fehler);
      return;
    }
    setFehler(undefined);
    if (result.wert !== raw) setRaw(result.wert);
  };
  return (
    <TextField
      label={label}
      value={draft}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        else event.continuePropagation();
      }}
      width={width}
      inputMode={art === 'text' ? undefined : art === 'betrag' ? 'decimal' : 'numeric'}
      {...invalid(fehler)}
    />
  );
}

function FilterPicker<T extends { id: number }>({
  param,
  label,
  items,
  text,
}: {
  param: FilterParam;
  label: string;
  items: readonly T[];
  text: (item: T) => string;
}) {
  const [raw, setRaw] = useQueryParam(param);
  const options = [{ key: '', label: 'alle' }, ...items.map((i) => ({ key: String(i.id), label: text(i) }))];
  return (
    <Picker
      label={label}
      items={options}
      selectedKey={options.some((o) => o.key === raw) ? raw : ''}
      onSelectionChange={(key: Key | null) => setRaw(key === null ? '' : String(key))}
      width="size-2400"
    >
      {(o) => <Item key={o.key}>{o.label}</Item>}
    </Picker>
  );
}

export function StatusPicker() {
  const [raw, setRaw] = useQueryParam('status');
  return (
    <Picker
      label="Prüfstatus"
      items={STATUS_OPTIONEN}
      selectedKey={STATUS_OPTIONEN.some((o) => o.key === raw) ? raw : 'alle'}
      onSelectionChange={(key: Key | null) => setRaw(key === null || key === 'alle' ? '' : String(key))}
      width="size-2000"
    >
      {(o) => <Item key={o.key}>{o.label}</Item>}
    </Picker>
  );
}

export interface KassabuchFilterFelderProps {
  konten: readonly KontoLookup[];
  buchungskonten: readonly BuchungskontoLookup[];
  kostenstellen: readonly KostenstelleLookup[];
}

/** The always-visible filters: account and text. */
export function HauptFilter({ konten }: Pick<KassabuchFilterFelderProps, 'konten'>) {
  return (
    <>
      <FilterPicker param="konto" label="Konto" items={konten} text={(k) => k.name} />
      <FilterFeld param="text" label="Text enthält" art="text" width="size-2400" />
    </>
  );
}

/** The further filters (in "Weitere Filter"). */
export function WeitereFilter({ buchungskonten, kostenstellen }: Omit<KassabuchFilterFelderProps, 'konten'>) {
  return (
    <Flex direction="column" gap="size-100">
      <Flex gap="size-200" wrap alignItems="end">
        <FilterFeld param="von" label="Datum von" art="datum" />
        <FilterFeld param="bis" label="Datum bis" art="datum" />
        <FilterFeld param="belegVon" label="Beleg-Nr. von" art="zahl" width="size-1250" />
        <FilterFeld param="belegBis" label="Beleg-Nr. bis" art="zahl" width="size-1250" />
        <FilterFeld param="betragVon" label="Betrag von" art="betrag" width="size-1500" />
        <FilterFeld param="betragBis" label="Betrag bis" art="betrag" width="size-1500" />
      </Flex>
      <Flex gap="size-200" wrap alignItems="end">
        <FilterFeld param="rechnungVon" label="Rechnungsdatum von" art="datum" />
        <FilterFeld param="rechnungBis" label="Rechnungsdatum bis" art="datum" />
        <FilterPicker param="kategorie" label="Buchungskonto" items={buchungskonten} text={wahlText} />
        <FilterPicker param="kostenstelle" label="Kostenstelle" items={kostenstellen} text={wahlText} />
        <FilterFeld param="kommentar" label="Kommentar enthält" art="text" width="size-2400" />
      </Flex>
    </Flex>
  );
}
