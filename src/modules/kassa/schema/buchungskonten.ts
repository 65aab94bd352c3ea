import { z } from 'zod';
import { isoDate, queryBool, queryInt, readOnly, strict } from '../../../platform/validation';
import { bool, int, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';
import { STEUERSAETZE, type Steuersatz } from './steuersatz';

// Request and answer schemas of the booking accounts (Kassa controller, docs/api/kassa.md
// "Buchungskonten und Kostenstellen").

export const BUCHUNGSKONTO_ARTEN = ['einnahme', 'ausgabe'] as const;
export type BuchungskontoArt = (typeof BUCHUNGSKONTO_ARTEN)[number];

export const periodeQuery = z.object({ kassaabrechnungID: queryInt.optional() });
export const buchungskontenQuery = z.object({
  kassaabrechnungID: queryInt.optional(),
  showDeleted: queryBool.optional(),
  nummer: z.string().optional(),
  name: z.string().optional(),
  art: z.enum(BUCHUNGSKONTO_ARTEN, { error: 'Erlaubt sind einnahme oder ausgabe.' }).optional(),
});
export const buchungskontoQuery = z.object({ id: queryInt, kassaabrechnungID: queryInt.optional() });
export const vonBisQuery = z.object({ von: isoDate.optional(), bis: isoDate.optional() });
export const steuersatzFlagQuery = z.object({ pachtabrechnungID: queryInt.optional() });
export const parzellenKontenQuery = z.object({ id: queryInt, kassaabrechnungID: queryInt.optional() });

export const buchungskontoBody = strict({
  id: saveId,
  version,
  nummer: requiredText(20, 'Bitte geben Sie eine Nummer an.'),
  name: requiredText(200, 'Bitte geben Sie einen Namen an.'),
  art: z.enum(BUCHUNGSKONTO_ARTEN, {
    error: (i) => (i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erlaubt sind einnahme oder ausgabe.'),
  }),
  steuersatz: z
    .number({ error: 'Steuersatz muss 0, 10, 20 oder 100 % sein.' })
    .refine((n): n is Steuersatz => (STEUERSAETZE as readonly number[]).includes(n), {
      message: 'Steuersatz muss 0, 10, 20 oder 100 % sein.',
    })
    .transform((n) => n as Steuersatz),
  parzellenspezifisch: bool(false),
  jahresbetragCent: int(0, 100_000_000, 'Erlaubt sind 0 bis 100000000 Cent (ganze Cent).')
    .nullish()
    .transform((v) => v ?? 0),
  kassaabrechnungId: readOnly,
  geloescht: readOnly,
  klaerung: readOnly,
  anzahlBuchungen: readOnly,
  anzahlParzellen: readOnly,
});
export type BuchungskontoInput = z.output<typeof buchungskontoBody>;

export const parzellenZuordnungBody = strict({
  buchungskontoId: int(1, 2_147_483_647, 'Bitte wählen Sie ein Buchungskonto.'),
  parzellenIds: z.array(int(1, 2_147_483_647, 'Bitte wählen Sie eine Parzelle.'), {
    error: 'Erwartet wird eine Liste von Parzellen.',
  }),
  nummer: readOnly,
  name: readOnly,
  jahresbetragCent: readOnly,
});
export type ParzellenZuordnungInput = z.output<typeof parzellenZuordnungBody>;

// ---- Answers ----

export const buchungskontoResponse = z.object({
  id: z.number(),
  kassaabrechnungId: z.number(),
  nummer: z.string(),
  name: z.string(),
  art: z.enum(BUCHUNGSKONTO_ARTEN),
  steuersatz: z.union([z.literal(0), z.literal(10), z.literal(20), z.literal(100)]),
  parzellenspezifisch: z.boolean(),
  jahresbetragCent: z.number(),
  geloescht: z.boolean(),
  /** The period's "offen/zu klären" account (bank imports land here). */
  klaerung: z.boolean(),
  anzahlBuchungen: z.number(),
  anzahlParzellen: z.number(),
  version: z.number(),
});
export type Buchungskonto = z.infer<typeof buchungskontoResponse>;

/** DeleteBuchungsKonto: false = used, only marked deleted. */
export type BuchungskontoEntfernt = { entfernt: boolean };
/** CheckActiveBuchungskonten / CheckDeletedBuchungskonten. */
export type BuchungskontenVorhanden = { vorhanden: boolean; anzahl: number };

/** Kassa/Buchungskonten and Common/Buchungskonten (dropdowns; not deleted). */
export type BuchungskontoLookup = {
  id: number;
  nummer: string;
  name: string;
  art: BuchungskontoArt;
  steuersatz: Steuersatz;
  kassaabrechnungId: number;
  klaerung: boolean;
};
/** GetBuchungsKontenParzellenspezifischLookup. */
export type ParzellenspezifischesBuchungskonto = { id: number; nummer: string; name: string; jahresbetragCent: number };
/** GetBuchungsKontenParzellenspezifischWithParzellen / UpdateBuchungskontenParzellenspezifischParzellen. */
export type BuchungskontoParzellen = {
  buchungskontoId: number;
  nummer: string;
  name: string;
  jahresbetragCent: number;
  parzellenIds: number[];
};
/** Stammdaten/GetParzellenspezifischeKonten: the plot-specific accounts a plot is assigned to. */
export type ParzellenspezifischesKonto = {
  buchungskontoId: number;
  kassaabrechnungId: number;
  nummer: string;
  name: string;
  jahresbetragCent: number;
};
