import { formatGermanDate } from '../../../src/platform/dates';

/**
 * Dates a form accepts but a person rarely means: a birth date more than 110 years ago or in the
 * future, an event (Eintritt, Gartenwechsel, Eichdatum …) more than 5 years ahead or more than
 * 100 years back. The form asks before it saves such a date (useZodForm's `plausibility`).
 */
export type Plausibility = { date: 'birth' | 'event' };

export const BIRTH_MAX_YEARS = 110;
export const EVENT_FUTURE_YEARS = 5;
export const EVENT_PAST_YEARS = 100;

export interface PlausibilityIssue {
  field: string;
  label: string;
  /** The German sentence for the confirm dialog. */
  message: string;
}

function isoOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? value : undefined;
}

function shiftYears(today: Date, years: number): string {
  const d = new Date(Date.UTC(today.getFullYear() + years, today.getMonth(), today.getDate()));
  return d.toISOString().slice(0, 10);
}

function todayOf(today: Date): string {
  return shiftYears(today, 0);
}

/** Why `value` (a date YYYY-MM-DD) is implausible for its kind, or undefined when it is fine. */
export function implausibleDate(value: unknown, rule: Plausibility, today = new Date()): string | undefined {
  const iso = isoOf(value);
  if (!iso) return undefined;
  const shown = formatGermanDate(iso);
  if (rule.date === 'birth') {
    if (iso > todayOf(today)) return `${shown} liegt in der Zukunft.`;
    if (iso < shiftYears(today, -BIRTH_MAX_YEARS)) return `${shown} liegt mehr als ${BIRTH_MAX_YEARS} Jahre zurück.`;
    return undefined;
  }
  if (iso > shiftYears(today, EVENT_FUTURE_YEARS))
    return `${shown} liegt mehr als ${EVENT_FUTURE_YEARS} Jahre in der Zukunft.`;
  if (iso < shiftYears(today, -EVENT_PAST_YEARS)) return `${shown} liegt mehr als ${EVENT_PAST_YEARS} Jahre zurück.`;
  return undefined;
}

/** The implausible dates of a body, in the order of `rules`. */
export function plausibilityIssues(
  body: unknown,
  rules: Readonly<Record<string, Plausibility | undefined>>,
  labels: Readonly<Record<string, string | undefined>>,
  today = new Date(),
): PlausibilityIssue[] {
  if (typeof body !== 'object' || body === null) return [];
  const issues: PlausibilityIssue[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (!rule) continue;
    const why = implausibleDate((body as Record<string, unknown>)[field], rule, today);
    if (why) {
      const label = labels[field] ?? field;
      issues.push({ field, label, message: `${label}: ${why}` });
    }
  }
  return issues;
}
