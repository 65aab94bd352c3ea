import { Checkbox, ComboBox, Flex, Item, type Key, Picker, TextField, ToggleButton } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import type { Lookup } from '../../../../../src/modules/stammdaten/schema/parzellen';
import type { RechnungStatusWert, Rechnungsuebersicht } from '../../../api/rechnungen';
import { useQueryParam } from '../../../app/useQueryParam';
import { invalid } from '../../../components/formKit';
import {
  ART_TEXT,
  ARTEN,
  datumAnzeige,
  datumWert,
  type FilterParam,
  MAHNSTUFE_TEXT,
  STATUS_WERTE,
  statusOf,
  statusParam,
} from './uebersichtFilter';

// The filter bar of the Rechnungsübersicht: every field writes its URL parameter (uebersichtFilter.ts).
// Text and dates are taken on Enter or when the field is left, so the list does not reload per keystroke.

/** A text or date field kept in the URL. */
function FilterFeld({
  param,
  label,
  art,
  width = 'size-1600',
  description,
}: {
  param: FilterParam;
  label: string;
  art: 'datum' | 'text';
  width?: string;
  description?: string;
}) {
  const [raw, setRaw] = useQueryParam(param);
  const anzeige = art === 'datum' ? datumAnzeige(raw) : raw;
  const [draft, setDraft] = useState(anzeige);
  const [fehler, setFehler] = useState<string>();
  // The URL changed from elsewhere (reset, back button): show it.
  useEffect(() => setDraft(anzeige), [anzeige]);
  const commit = () => {
    const result = art === 'datum' ? datumWert(draft) : { wert: draft.trim() };
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
      inputMode={art === 'datum' ? 'numeric' : undefined}
      {...(description ? { description } : {})}
      {...invalid(fehler)}
    />
  );
}

/** A plot or an address out of a long list: typed, then chosen; empty = all. */
function LookupFilter({
  param,
  label,
  items,
  width,
}: {
  param: FilterParam;
  label: string;
  items: readonly Lookup[] | undefined;
  width: string;
}) {
  const [raw, setRaw] = useQueryParam(param);
  const name = items?.find((i) => String(i.id) === raw)?.name ?? '';
  const [text, setText] = useState(name);
  useEffect(() => setText(name), [name]);
  const gezeigt = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase('de-AT');
    const all = items ?? [];
    return needle === '' || needle === name.toLocaleLowerCase('de-AT')
      ? all
      : all.filter((i) => i.name.toLocaleLowerCase('de-AT').includes(needle));
  }, [items, text, name]);
  return (
    <ComboBox
      label={label}
      items={gezeigt}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (next.trim() === '') setRaw('');
      }}
      selectedKey={raw === '' ? null : raw}
      onSelectionChange={(key: Key | null) => setRaw(key === null ? '' : String(key))}
      menuTrigger="focus"
      width={width}
    >
      {(i) => <Item key={String(i.id)}>{i.name}</Item>}
    </ComboBox>
  );
}

function ArtFilter() {
  const [raw, setRaw] = useQueryParam('art');
  const options = [{ key: '', label: 'alle' }, ...ARTEN.map((a) => ({ key: a, label: ART_TEXT[a] }))];
  return (
    <Picker
      label="Art"
      items={options}
      selectedKey={options.some((o) => o.key === raw) ? raw : ''}
      onSelectionChange={(key: Key | null) => setRaw(key === null ? '' : String(key))}
      width="size-2400"
    >
      {(o) => <Item key={o.key}>{o.label}</Item>}
    </Picker>
  );
}

function MahnstufeFilter() {
  const [raw, setRaw] = useQueryParam('mahnstufe');
  const options = [
    { key: '', label: 'alle' },
    ...[0, 1, 2, 3].map((n) => ({ key: String(n), label: MAHNSTUFE_TEXT[n] ?? String(n) })),
  ];
  return (
    <Picker
      label="Mahnstufe"
      items={options}
      selectedKey={options.some((o) => o.key === raw) ? raw : ''}
      onSelectionChange={(key: Key | null) => setRaw(key === null ? '' : String(key))}
      width="size-2400"
    >
      {(o) => <Item key={o.key}>{o.label}</Item>}
    </Picker>
  );
}

function FaelligFilter() {
  const [raw, setRaw] = useQueryParam('faellig');
  return (
    <Checkbox isSelected={raw === '1'} onChange={(on) => setRaw(on ? '1' : '')}>
      nur fällige
    </Checkbox>
  );
}

const STATUS_LABEL: Readonly<Record<RechnungStatusWert, string>> = {
  offen: 'offen',
  teilbezahlt: 'teilbezahlt',
  bezahlt: 'bezahlt',
};

/**
 * The status chips with their counts over the other filters: each toggles its status in or out of
 * the list; the last one stays on (an empty choice would show nothing).
 */
export function StatusChips({ jeStatus }: { jeStatus: Rechnungsuebersicht['jeStatus'] | undefined }) {
  const [raw, setRaw] = useQueryParam('status');
  const chosen = statusOf(new URLSearchParams(raw ? `status=${raw}` : ''));
  return (
    <fieldset aria-label="Status" className="kgv-ru-chips">
      {STATUS_WERTE.map((s) => {
        const an = chosen.includes(s);
        const anzahl = jeStatus?.[s]?.anzahl;
        return (
          <ToggleButton
            key={s}
            isSelected={an}
            isEmphasized
            onChange={(next) => {
              const rest = next ? [...chosen, s] : chosen.filter((c) => c !== s);
              if (rest.length === 0) return;
              setRaw(statusParam(rest));
            }}
          >
            {anzahl === undefined ? STATUS_LABEL[s] : `${STATUS_LABEL[s]} (${anzahl})`}
          </ToggleButton>
        );
      })}
    </fieldset>
  );
}

export interface FilterLeisteProps {
  parzellen: readonly Lookup[] | undefined;
  /** Without the Stammdaten right there is no address list: no address filter. */
  adressen: readonly Lookup[] | undefined;
}

/** Search, dates, plot and address; then kind, reminder level and "nur fällige". */
export function FilterLeiste({ parzellen, adressen }: FilterLeisteProps) {
  return (
    <Flex direction="column" gap="size-100">
      {/* Top-aligned: the search's hint below it must not lift its box above the others. */}
      <Flex gap="size-200" wrap alignItems="start">
        <FilterFeld
          param="suche"
          label="Suche"
          art="text"
          width="size-3000"
          description="Nummer, Name oder Text einer Position"
        />
        <FilterFeld param="von" label="Datum von" art="datum" />
        <FilterFeld param="bis" label="Datum bis" art="datum" />
        <LookupFilter param="parzelle" label="Parzelle" items={parzellen} width="size-1600" />
        {adressen ? <LookupFilter param="adresse" label="Adresse" items={adressen} width="size-3000" /> : null}
      </Flex>
      <Flex gap="size-200" wrap alignItems="end">
        <ArtFilter />
        <MahnstufeFilter />
        <FaelligFilter />
      </Flex>
    </Flex>
  );
}
