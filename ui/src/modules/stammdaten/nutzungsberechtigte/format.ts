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
