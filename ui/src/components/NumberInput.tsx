import { NumberField, type SpectrumNumberFieldProps } from '@adobe/react-spectrum';

export type NumberInputProps = Omit<SpectrumNumberFieldProps, 'minValue' | 'maxValue' | 'step'>;

/**
 * A number field that never changes a value silently. Spectrum's NumberField clamps to
 * minValue/maxValue and snaps to `step` when the field loses focus, so "0 Tage" would become
 * "1 Tag" and be saved without a word. This one takes neither: what the user typed stays, and the
 * form's schema says at the field what is wrong ("Mindestens 1 Tag."). An empty field is NaN.
 */
export function NumberInput(props: NumberInputProps) {
  return <NumberField {...props} />;
}

/** An empty NumberInput (NaN) as null, for schema fields where empty means "none" or the default. */
export function emptyAsNull(value: number): number | null {
  return Number.isNaN(value) ? null : value;
}
