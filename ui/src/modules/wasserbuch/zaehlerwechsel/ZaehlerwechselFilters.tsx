import { ComboBox, Item, type Key, TextField } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { useQueryParam } from '../../../app/useQueryParam';
import { invalid } from '../../../components/formKit';
import type { PlotLookup } from './zaehlerwechselApi';

// The list's filters (period and plot), kept in the URL (?von=2026-01-01&bis=…&parzelle=12) like
// every list filter, so a filtered list can be bookmarked and survives a reload.

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export function useZaehlerwechselFilter() {
  const [von, setVon] = useQueryParam('von');
  const [bis, setBis] = useQueryParam('bis');
  const [parzelle, setParzelle] = useQueryParam('parzelle');
  const parzelleId = /^\d+$/.test(parzelle) ? Number(parzelle) : undefined;
  return {
    von: ISO.test(von) ? von : undefined,
    bis: ISO.test(bis) ? bis : undefined,
    parzelleId,
    setVon,
    setBis,
    setParzelle: (id: number | undefined) => setParzelle(id === undefined ? '' : String(id)),
  };
}

/** A date filter typed as TT.MM.JJJJ; taken over when it is a date (or empty), on Enter or on leaving. */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (iso: string) => void;
}) {
  const [draft, setDraft] = useState(formatGermanDate(value));
  useEffect(() => setDraft(formatGermanDate(value)), [value]);
  const parsed = parseGermanDate(draft);
  const commit = () => {
    if (parsed !== undefined) onChange(parsed ?? '');
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
      description="TT.MM.JJJJ"
      inputMode="numeric"
      maxLength={10}
      width="size-1700"
      {...invalid(parsed === undefined ? 'Bitte als TT.MM.JJJJ eingeben.' : undefined)}
    />
  );
}

/** The plot filter: a combo box over every plot (also those given up since); empty = all plots. */
export function PlotFilter({
  plots,
  value,
  onChange,
}: {
  plots: readonly PlotLookup[] | undefined;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const name = plots?.find((p) => p.id === value)?.name ?? '';
  const [text, setText] = useState(name);
  useEffect(() => setText(name), [name]);
  const items = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase('de-AT');
    const all = plots ?? [];
    return needle === '' || needle === name.toLocaleLowerCase('de-AT')
      ? all
      : all.filter((p) => p.name.toLocaleLowerCase('de-AT').startsWith(needle));
  }, [plots, text, name]);
  return (
    <ComboBox
      label="Parzelle"
      items={items}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (next.trim() === '') onChange(undefined);
      }}
      selectedKey={value === undefined ? null : String(value)}
      onSelectionChange={(key: Key | null) => {
        const chosen = plots?.find((p) => String(p.id) === String(key));
        onChange(chosen?.id);
      }}
      menuTrigger="focus"
      description="leer: alle Parzellen"
      width="size-2000"
    >
      {(p) => <Item key={String(p.id)}>{p.name}</Item>}
    </ComboBox>
  );
}
