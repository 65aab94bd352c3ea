import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { bool, int, optionalText, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';

// Request and answer schemas of the accounts (bank accounts and the cash box; Kassa controller,
// docs/api/kassa.md "Konten"). Balances are of one period (default GetKassaabrechnungDatum's).

export const KONTO_ARTEN = ['bank', 'kassa'] as const;
export type KontoArt = (typeof KONTO_ARTEN)[number];

export const kontenQuery = z.object({ kassaabrechnungID: queryInt.optional() });
export const kontoQuery = z.object({ id: queryInt, kassaabrechnungID: queryInt.optional() });

const nullableId = int(1, 2_147_483_647)
  .nullish()
  .transform((v) => v ?? null);

export const kontoBody = strict({
  id: saveId,
  version,
  name: requiredText(200, 'Bitte geben Sie einen Namen an.'),
  art: z.enum(KONTO_ARTEN, {
    error: (i) => (i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erlaubt sind bank oder kassa.'),
  }),
  /** Checked with ibantools in the service (spaces allowed here, stored without). */
  iban: optionalText(50),
  bic: optionalText(11),
  aktiv: bool(true),
  /** Opening balance in the period `kassaabrechnungId` (default the screens' default period). */
  anfangsbestandCent: int(-2_000_000_000, 2_000_000_000, 'Erlaubt sind ganze Cent.').optional(),
  kassaabrechnungId: nullableId,
  bankMappingId: nullableId,
  saldoCent: readOnly,
  anzahlBuchungen: readOnly,
});
export type KontoInput = z.output<typeof kontoBody>;

// ---- Answers ----

export const kontoResponse = z.object({
  id: z.number(),
  name: z.string(),
  art: z.enum(KONTO_ARTEN),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  aktiv: z.boolean(),
  /** Of the period asked. */
  anfangsbestandCent: z.number(),
  /** Opening balance + the period's entries on this account. */
  saldoCent: z.number(),
  bankMappingId: z.number().nullable(),
  /** Entries of the period asked. */
  anzahlBuchungen: z.number(),
  version: z.number(),
});
export type Konto = z.infer<typeof kontoResponse>;

/** Common/Konten (dropdowns). */
export type KontoLookup = { id: number; name: string; art: KontoArt; aktiv: boolean; iban: string | null };
