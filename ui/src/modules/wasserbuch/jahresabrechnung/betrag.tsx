import { Text } from '@adobe/react-spectrum';
import { formatEuro } from '../../../../../src/platform/money';
import { formatCubic } from '../../../lib/format';

// How money and water read on the settlement screens: "€ 1.234,56", "150,000 m³", and the
// difference as the member understands it — Nachzahlung (pays more) or Guthaben (gets back).

export const euro = (cents: number) => formatEuro(cents);
export const m3 = (value: string | null | undefined) => formatCubic(value);

/** "Nachzahlung € 61,22" (> 0), "Guthaben € 32,44" (< 0), "ausgeglichen" (0). */
export function differenzText(cents: number): string {
  if (cents > 0) return `Nachzahlung ${formatEuro(cents)}`;
  if (cents < 0) return `Guthaben ${formatEuro(-cents)}`;
  return 'ausgeglichen';
}

const NACHZAHLUNG_COLOR = 'var(--spectrum-semantic-negative-color-text-small, #c9252d)';
const GUTHABEN_COLOR = 'var(--spectrum-semantic-positive-color-text-small, #12805c)';

/** The difference in words and colour: red for a Nachzahlung, green for a Guthaben. */
export function Differenz({ cents }: { cents: number }) {
  const color = cents > 0 ? NACHZAHLUNG_COLOR : cents < 0 ? GUTHABEN_COLOR : undefined;
  return (
    <Text UNSAFE_style={{ ...(color ? { color } : {}), fontWeight: cents === 0 ? undefined : 700 }}>
      {differenzText(cents)}
    </Text>
  );
}
