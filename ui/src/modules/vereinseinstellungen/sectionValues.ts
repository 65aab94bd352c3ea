import {
  centsToEuro,
  compactIban,
  decimalToDisplay,
  decimalToWire,
  euroToCents,
  formatIban,
  isDecimal,
} from '../../lib/fieldFormats';
import { schemaErrors } from '../../lib/schemaErrors';
import { moneyRangeMessage } from './moneyRangeMessage';
import type { FieldDef, FormValue, FormValues, SectionDef } from './sections';

/** The server's value of one field → what the form shows. */
export function toFormValue(field: FieldDef, raw: unknown): FormValue {
  switch (field.kind) {
    case 'money':
      return centsToEuro(raw);
    case 'integer':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw : Number.NaN;
    case 'decimal':
      return decimalToDisplay(raw);
    case 'iban':
      return formatIban(raw);
    case 'switch':
      return raw === true;
    case 'picker': {
      const match = field.options?.find((option) => String(option.value) === String(raw));
      return match?.key ?? field.options?.[0]?.key ?? '';
    }
    default:
      return typeof raw === 'string' ? raw : raw === null || raw === undefined ? '' : String(raw);
  }
}

/** What the form shows → the server's value. */
export function toWireValue(field: FieldDef, value: FormValue): unknown {
  switch (field.kind) {
    case 'money':
      return euroToCents(Number(value));
    case 'integer':
      return Number(value);
    case 'decimal':
      return decimalToWire(String(value));
    case 'iban':
      return compactIban(String(value));
    case 'switch':
      return value === true;
    case 'picker':
      return field.options?.find((option) => option.key === value)?.value ?? value;
    case 'textarea':
      return String(value);
    default:
      return String(value).trim();
  }
}

export function toFormValues(section: SectionDef, data: object | null | undefined): FormValues {
  const source = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(section.fields.map((field) => [field.key, toFormValue(field, source[field.key])]));
}

/** The section's object for the server: the saved one with the form's fields on top (keeps e.g. flags). */
export function toPayload(section: SectionDef, saved: object | null | undefined, values: FormValues) {
  const payload: Record<string, unknown> = { ...(saved ?? {}) };
  for (const field of section.fields) {
    const value = values[field.key];
    if (value !== undefined) payload[field.key] = toWireValue(field, value);
  }
  return payload;
}

/** What the form could not turn into a value for the server: empty numbers, decimals mistyped. */
export function inputError(field: FieldDef, value: FormValue | undefined): string | undefined {
  switch (field.kind) {
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Bitte geben Sie einen Betrag ein.';
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'Bitte geben Sie eine Zahl ein.';
    case 'decimal': {
      const text = String(value ?? '').trim();
      if (text === '') return undefined;
      return isDecimal(text)
        ? undefined
        : 'Bitte geben Sie eine Zahl mit höchstens zwei Nachkommastellen ein, z. B. 3,0.';
    }
    default:
      return undefined;
  }
}

/**
 * The section's errors as the server would answer them: first what the form could not convert,
 * then the server's own schema on the body the save would send.
 */
export function validateValues(section: SectionDef, values: FormValues, saved?: object | null): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of section.fields) {
    const message = inputError(field, values[field.key]);
    if (message) errors[field.key] = message;
  }
  const keys = section.fields.map((field) => field.key);
  const checked = schemaErrors(section.schema, toPayload(section, saved, values), keys);
  for (const field of section.fields) {
    const message = checked.fields[field.key];
    if (!message || errors[field.key]) continue;
    errors[field.key] = field.kind === 'money' ? (moneyRangeMessage(section.schema, field.key) ?? message) : message;
  }
  return errors;
}

/** Compares form values; NaN equals NaN (two empty number fields). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (!Object.is(a[key], b[key])) return false;
  }
  return true;
}
