import { z } from 'zod';
import type { SchwundMethode } from './api';

// The body of Abrechnung/UpdateWassergrunddaten as docs/api/wasserbuch.md fixes it, with the
// server's rules and German messages, so the form says what is wrong before the round trip.
// TODO(issue 12): import the server's schema (src/modules/wasserbuch/schema) once it exists.

export const SCHWUND_METHODEN: readonly { key: SchwundMethode; name: string; text: string }[] = [
  {
    key: 'keine',
    name: 'Keine',
    text: 'Der Verein trägt den Schwund; jede Parzelle zahlt nur ihren eigenen Verbrauch.',
  },
  {
    key: 'proportional',
    name: 'Proportional',
    text: 'Die Parzellen zahlen den ganzen Hauptzähler-Verbrauch, aufgeteilt nach ihrem eigenen Verbrauch: wer mehr braucht, zahlt mehr Schwund.',
  },
  {
    key: 'gleichverteilt',
    name: 'Gleich verteilt',
    text: 'Jede Parzelle zahlt ihren eigenen Verbrauch und den gleichen Anteil am Schwund ihres Hauptzählers.',
  },
];

const decimal = (places: number) => new RegExp(`^\\d{1,6}(\\.\\d{1,${places}})?$`);
const cents = (what: string) =>
  z
    .number({ error: `${what} fehlt.` })
    .int(`${what} hat höchstens 2 Nachkommastellen.`)
    .min(0, `${what} darf nicht negativ sein.`)
    .max(100_000_000, `${what} ist zu groß.`);

/** A decimal string with a dot: required, not negative, at most `places` decimals, then `check`. */
function decimalText(
  places: number,
  messages: { empty: string; format: string; range: string },
  ok: (n: number) => boolean,
) {
  return z.string().superRefine((s, ctx) => {
    const message =
      s === ''
        ? messages.empty
        : s.startsWith('-')
          ? messages.range
          : !decimal(places).test(s)
            ? messages.format
            : !ok(Number(s))
              ? messages.range
              : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

const preisProM3 = decimalText(
  4,
  {
    empty: 'Bitte geben Sie den Preis pro m³ an.',
    format: 'Der Preis hat höchstens 4 Nachkommastellen.',
    range: 'Der Preis muss größer als 0 € sein.',
  },
  (n) => n > 0,
);

export const wassergrunddatenBody = z.strictObject({
  id: z.number().int().optional(),
  version: z.number().int().optional(),
  pachtabrechnungId: z.number({ error: 'Bitte wählen Sie ein Jahr.' }).int().min(1, 'Bitte wählen Sie ein Jahr.'),
  preisProM3,
  grundgebuehrCent: cents('Die Grundgebühr'),
  schwundMethode: z.enum(['keine', 'proportional', 'gleichverteilt'], {
    error: 'Bitte wählen Sie eine Schwundmethode.',
  }),
  akontoMindestCent: cents('Das Mindest-Akonto'),
  verbrauchsfaktorWarnung: decimalText(
    2,
    {
      empty: 'Bitte geben Sie einen Faktor an, z. B. 3.',
      format: 'Der Faktor hat höchstens 2 Nachkommastellen.',
      range: 'Der Faktor muss größer als 1 sein.',
    },
    (n) => n > 1,
  ),
  schwundWarnungProzent: decimalText(
    2,
    {
      empty: 'Bitte geben Sie einen Prozentsatz an, z. B. 30.',
      format: 'Der Prozentsatz hat höchstens 2 Nachkommastellen.',
      range: 'Erlaubt sind 0 bis 100 %.',
    },
    (n) => n <= 100,
  ),
});

export const gruppenpreisBody = z.strictObject({
  id: z.number().int().optional(),
  wasserberechnungID: z.number().int().min(1),
  gruppeId: z.number({ error: 'Bitte wählen Sie eine Gruppe.' }).int().min(1, 'Bitte wählen Sie eine Gruppe.'),
  preisProM3,
});

/**
 * A number from a NumberField as the decimal string the server takes ("2.1" → "2.1", NaN → "").
 * Rounded to `places` first: the float 2.1 is 2.1000000000000000888… and must not leak digits.
 */
export function numberToDecimal(value: number, places: number): string {
  if (!Number.isFinite(value)) return '';
  return value
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** "2.40" → 2.4 for a NumberField; NaN when empty. */
export function decimalToNumber(value: string | null | undefined): number {
  return value === null || value === undefined || value === '' ? Number.NaN : Number(value);
}
