/** "2025-01-15" → "15.01.2025"; empty for null. */
export function isoToDe(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/**
 * "15.1.2025" (also "15.01.25" and "2025-01-15") → "2025-01-15"; '' → null; undefined when the
 * text is no valid date.
 */
export function deToIso(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  let day: number;
  let month: number;
  let year: number;
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (de) {
    day = Number(de[1]);
    month = Number(de[2]);
    year = Number(de[3]);
    if (de[3]?.length === 2) year += year > (new Date().getFullYear() % 100) + 1 ? 1900 : 2000;
  } else if (iso) {
    year = Number(iso[1]);
    month = Number(iso[2]);
    day = Number(iso[3]);
  } else {
    return undefined;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const DATE_ERROR = 'Bitte geben Sie das Datum als TT.MM.JJJJ ein, z. B. 15.01.2025.';

const dateTime = new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short' });

/** "22.11.2026, 14:35". */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** "1,2 MB". */
export function formatSize(bytes: number): string {
  const number = new Intl.NumberFormat('de-AT', { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number.format(bytes / 1024)} KB`;
  return `${number.format(bytes / 1024 / 1024)} MB`;
}

export const ANREDEN = ['Herr', 'Frau', 'Divers', 'Familie', 'Firma'] as const;

/** The spec's address types (None, Wohnadresse, Parzelle, Sonstiges); 1 is the default. */
export const ADRESSTYPEN: readonly { key: string; label: string }[] = [
  { key: '0', label: 'Keine Angabe' },
  { key: '1', label: 'Wohnadresse' },
  { key: '2', label: 'Adresse auf der Parzelle' },
  { key: '3', label: 'Sonstiges' },
];
