import { z } from 'zod';
import { isoDate, queryInt } from '../../../platform/validation';
import type { Vorschlag, ZahlungEintrag } from './zahlungen';

// GET Rechnungspruefung/ZuKlaeren: the bank credits no receivable was found for (docs/api/rechnungspruefung.md
// "Bankabgleich und „Zu klären“"). The UI imports the types with `import type` (ADR 0005).

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const zuKlaerenQuery = z.object({
  kontoId: z.preprocess(blankToUndefined, queryInt.optional()),
  von: z.preprocess(blankToUndefined, isoDate.optional()),
  bis: z.preprocess(blankToUndefined, isoDate.optional()),
});
export type ZuKlaerenFilter = z.output<typeof zuKlaerenQuery>;

/** One open bank credit with the receivables that could take it, best first. */
export type ZuKlaerenZeile = { eintrag: ZahlungEintrag; vorschlaege: Vorschlag[] };
