import type { LaufDefinition } from './laufDefinition';

// The Zahlungsvorschreibung run (issue 14, part S3 fills it in; docs/api/abrechnung.md). Until then it has no
// letters and refuses to book.
export const zahlungsvorschreibungLauf: LaufDefinition = {
  art: 'Zahlungsvorschreibung',
  titel: (p) => `Zahlungsvorschreibung ${p.jahr}`,
  berechne: async () => [],
  pruefe: async () => [
    { art: 'sonstiges', text: 'Dieser Lauf ist noch nicht verfügbar.', parzelleId: null, adresseId: null },
  ],
  faelligAm: async (_db, p) => p.datum,
};
