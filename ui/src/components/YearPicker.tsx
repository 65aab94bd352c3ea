import { Item, Picker } from '@adobe/react-spectrum';
import { type Key, useCallback } from 'react';
import { type Pachtabrechnung, usePachtabrechnungen } from '../api/stammdaten/pachtabrechnungen';
import { useQueryParam } from '../app/useQueryParam';

export const YEAR_PARAM = 'jahr';

export interface SelectedYear {
  /** The chosen Pachtabrechnung id; undefined = the newest (the server's default too). */
  pachtabrechnungID: number | undefined;
  /** The chosen year's record once the list is loaded (the newest when none is chosen). */
  year: Pachtabrechnung | undefined;
  years: Pachtabrechnung[] | undefined;
  setYear: (id: number | undefined) => void;
}

/** The year scope of a screen, kept in the URL query `jahr=<pachtabrechnungID>` (UI.md: filters in the URL). */
export function useSelectedYear(): SelectedYear {
  const [param, setParam] = useQueryParam(YEAR_PARAM);
  const { data: years } = usePachtabrechnungen();
  const raw = Number(param);
  const fromUrl = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const year = fromUrl === undefined ? years?.[0] : years?.find((y) => y.id === fromUrl);
  const setYear = useCallback((id: number | undefined) => setParam(id === undefined ? '' : String(id)), [setParam]);
  return { pachtabrechnungID: fromUrl, year, years, setYear };
}

export interface YearPickerProps {
  label?: string;
}

/** Picker of the billing years (GET Common/Pachtabrechnungen), newest first; the choice lives in `?jahr=`. */
export function YearPicker({ label = 'Jahr' }: YearPickerProps) {
  const { year, years, setYear } = useSelectedYear();
  const newest = years?.[0]?.id;
  return (
    <Picker
      label={label}
      items={years ?? []}
      selectedKey={year ? String(year.id) : null}
      isDisabled={!years || years.length === 0}
      onSelectionChange={(key: Key | null) => {
        if (key === null) return;
        const id = Number(key);
        // The newest year is the default: it needs no query parameter.
        setYear(id === newest ? undefined : id);
      }}
      width="size-2400"
    >
      {(item) => <Item key={String(item.id)}>{item.bezeichnung || String(item.jahr)}</Item>}
    </Picker>
  );
}
