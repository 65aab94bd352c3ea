import { Item, Picker } from '@adobe/react-spectrum';
import { useQueryParam } from '../app/useQueryParam';

// The filter pickers of the Stammdaten list screens (ListScreen's `filters`): the choice lives in
// the URL like the search, so a filtered list can be bookmarked and survives a reload.

export interface FilterOption<K extends string> {
  key: K;
  label: string;
}

/** ?name=… with one of the options' keys; anything else (or nothing) is the fallback, which stays out of the URL. */
export function useFilterParam<K extends string>(
  name: string,
  options: readonly FilterOption<K>[],
  fallback: K,
): [K, (value: K) => void] {
  const [raw, setRaw] = useQueryParam(name);
  const value = options.find((option) => option.key === raw)?.key ?? fallback;
  return [value, (next: K) => setRaw(next === fallback ? '' : next)];
}

export interface FilterPickerProps<K extends string> {
  label: string;
  options: readonly FilterOption<K>[];
  value: K;
  onChange: (value: K) => void;
}

/** A Picker over the filter's options ("Aktiv / Ehemalig / Alle"). */
export function FilterPicker<K extends string>({ label, options, value, onChange }: FilterPickerProps<K>) {
  return (
    <Picker
      label={label}
      items={options}
      selectedKey={value}
      onSelectionChange={(key) => {
        const option = options.find((o) => o.key === key);
        if (option) onChange(option.key);
      }}
      width="size-2000"
    >
      {(option) => <Item key={option.key}>{option.label}</Item>}
    </Picker>
  );
}

/** The label of the chosen option, for sentences such as „Keine Funktionäre mit Status „Ehemalig““. */
export function labelOf<K extends string>(options: readonly FilterOption<K>[], value: K): string {
  return options.find((option) => option.key === value)?.label ?? value;
}

/**
 * "Status: Ehemalig": a filter's choice in words for an export's heading (ListScreen's filterText);
 * null when the value is `omit` (typically "Alle", which narrows nothing).
 */
export function filterText<K extends string>(
  label: string,
  options: readonly FilterOption<K>[],
  value: K,
  omit?: K,
): string | null {
  return value === omit ? null : `${label}: ${labelOf(options, value)}`;
}
