import type { z } from 'zod';

const EURO = new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' });

/** The bounds of a number in a zod object schema (through optional/default wrappers). */
export function numberBounds(schema: z.ZodType, key: string): { min?: number; max?: number } {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  let inner: unknown = shape?.[key];
  // Optional, default and nullable wrappers keep the number in `def.innerType`.
  for (let i = 0; i < 5 && inner; i++) {
    const def = (inner as { def?: { innerType?: unknown } }).def;
    if (!def?.innerType) break;
    inner = def.innerType;
  }
  const number = inner as { minValue?: number | null; maxValue?: number | null } | undefined;
  return {
    ...(typeof number?.minValue === 'number' && Number.isFinite(number.minValue) ? { min: number.minValue } : {}),
    ...(typeof number?.maxValue === 'number' && Number.isFinite(number.maxValue) ? { max: number.maxValue } : {}),
  };
}

/**
 * The server counts money in cents ("Erlaubt sind 0 bis 100000 Cent"); the form shows euros, so a
 * range error of a money field is said in euros, with the schema's own bounds.
 */
export function moneyRangeMessage(schema: z.ZodType, key: string): string | undefined {
  const { min, max } = numberBounds(schema, key);
  if (min === undefined || max === undefined) return undefined;
  return `Erlaubt sind ${EURO.format(min / 100)} bis ${EURO.format(max / 100)}.`;
}
