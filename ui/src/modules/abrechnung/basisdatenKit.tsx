import { Item, Picker } from '@adobe/react-spectrum';
import type { Key } from 'react';
import { type BuchungskontoLookup, useBuchungskontenLookup, useKassaabrechnungen } from '../../api/kassa';
import { invalid } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';

// Pieces the three Basisdaten screens share: the booking accounts of the year's Kassaabrechnung,
// the tax rate and account pickers, the booked-year banner and the decimal conversions.

/** The tax rates a position can carry (Kassa's Steuersätze). */
export const STEUERSAETZE = [0, 10, 20] as const;

/** The booking accounts of the Kassaabrechnung whose year is `jahr` (none while it does not exist). */
export function useBuchungskontenDesJahres(jahr: number | undefined): {
  konten: BuchungskontoLookup[] | undefined;
  kassaabrechnungFehlt: boolean;
} {
  const { data: perioden } = useKassaabrechnungen();
  const periode = jahr === undefined ? undefined : perioden?.find((p) => p.jahr === jahr);
  const { data: konten } = useBuchungskontenLookup(periode?.id);
  return {
    konten: periode ? konten : perioden ? [] : undefined,
    kassaabrechnungFehlt: perioden !== undefined && periode === undefined,
  };
}

export interface BuchungskontoPickerProps {
  label: string;
  konten: BuchungskontoLookup[] | undefined;
  value: number | null;
  onChange: (id: number | null) => void;
  isDisabled?: boolean;
  width?: string;
  /** In a table row, where the column header is the visible label. */
  ariaLabel?: string;
  /** The server's refusal of this field (422 `errors`). */
  errorMessage?: string;
}

/** A visible label, or only an aria-label inside a table row. */
const labelProps = (label: string, ariaLabel: string | undefined) =>
  ariaLabel ? { 'aria-label': ariaLabel } : { label };

const KEIN_KONTO = 'kein';

/** A booking account of the year ("4010 Pachtzins") or none. */
export function BuchungskontoPicker({
  label,
  konten,
  value,
  onChange,
  isDisabled,
  width,
  ariaLabel,
  errorMessage,
}: BuchungskontoPickerProps) {
  const items = [
    { key: KEIN_KONTO, name: '– kein Buchungskonto –' },
    ...(konten ?? []).map((k) => ({ key: String(k.id), name: `${k.nummer} ${k.name}` })),
  ];
  return (
    <Picker
      {...labelProps(label, ariaLabel)}
      items={items}
      selectedKey={value === null ? KEIN_KONTO : String(value)}
      onSelectionChange={(key: Key | null) => onChange(key === null || key === KEIN_KONTO ? null : Number(key))}
      isDisabled={isDisabled ?? false}
      width={width ?? 'size-3600'}
      {...invalid(errorMessage)}
    >
      {(item) => <Item key={item.key}>{item.name}</Item>}
    </Picker>
  );
}

export interface SteuersatzPickerProps {
  label?: string;
  value: number;
  onChange: (satz: number) => void;
  isDisabled?: boolean;
  width?: string;
  ariaLabel?: string;
  /** The server's refusal of this field (422 `errors`). */
  errorMessage?: string;
}

export function SteuersatzPicker({
  label = 'Steuersatz',
  value,
  onChange,
  isDisabled,
  width,
  ariaLabel,
  errorMessage,
}: SteuersatzPickerProps) {
  return (
    <Picker
      {...labelProps(label, ariaLabel)}
      selectedKey={String(value)}
      onSelectionChange={(key: Key | null) => key !== null && onChange(Number(key))}
      isDisabled={isDisabled ?? false}
      width={width ?? 'size-1600'}
      {...invalid(errorMessage)}
    >
      {STEUERSAETZE.map((s) => (
        <Item key={String(s)}>{`${s} %`}</Item>
      ))}
    </Picker>
  );
}

/** The banner of a year whose Zahlungsvorschreibung is booked: its values can only be read. */
export function GebuchtBanner({ jahr, was = 'Sätze' }: { jahr: number; was?: string }) {
  return (
    <MessageBanner
      level="warning"
      title={`Zahlungsvorschreibung ${jahr} ist gebucht – ${was} nur lesbar`}
      message="Die Forderungen dieses Jahres sind schon gebucht; was sie berechnet hat, kann nicht mehr geändert werden."
    />
  );
}

/** "1.31" (server) → 1.31 for a NumberField; NaN for none. */
export function decimalToNumber(value: string | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  return Number(value);
}

/** A NumberField's value → the server's decimal string with at most `places` decimals ("" when empty). */
export function numberToDecimal(value: number, places: number): string {
  if (Number.isNaN(value)) return '';
  return String(Number(value.toFixed(places)));
}

/** m² with two decimals ("2.000,00"). */
export const AREA_FORMAT: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
/** € rates with up to 4 decimals ("€ 1,3125"). */
export const RATE_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
};

/** Integer cents of a decimal m² difference, to compare areas exactly (0.01 m² steps). */
export function hundredths(value: string | number): number {
  return Math.round(Number(value) * 100);
}
