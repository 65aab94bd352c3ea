import { MessageBanner } from './MessageBanner';

export interface FormSummaryProps {
  form: {
    errors: Partial<Record<string, string>>;
    otherErrors: readonly string[];
    labels: Partial<Record<string, string>>;
    summaryId: string;
  };
}

/** "2 Felder sind nicht richtig ausgefüllt: Nachname, PLZ" (German, by label). */
export function summaryText(fieldLabels: readonly string[]): string {
  const n = fieldLabels.length;
  const head = n === 1 ? '1 Feld ist nicht richtig ausgefüllt' : `${n} Felder sind nicht richtig ausgefüllt`;
  return `${head}: ${fieldLabels.join(', ')}`;
}

/**
 * The short summary at the top of a form after a failed save: which fields are wrong (by label),
 * and the messages that belong to no field. Nothing while the form has no errors.
 */
export function FormSummary({ form }: FormSummaryProps) {
  const keys = Object.keys(form.errors).filter((key) => form.errors[key] !== undefined);
  const other = form.otherErrors;
  if (keys.length === 0 && other.length === 0) return null;
  const lines = [...(keys.length > 0 ? [summaryText(keys.map((key) => form.labels[key] ?? key))] : []), ...other];
  return (
    <div id={form.summaryId} tabIndex={-1} style={{ marginBottom: 'var(--spectrum-global-dimension-size-200)' }}>
      <MessageBanner level="danger" title="Nicht gespeichert" message={lines.join('\n')} />
    </div>
  );
}
