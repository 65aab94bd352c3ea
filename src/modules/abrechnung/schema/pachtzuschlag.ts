import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { int, refId, requiredText, saveId, version } from '../../stammdaten/schema/abstellplaetze';
import { decimalText, optionalKonto, pachtSteuersatz } from './pachtberechnung';

// Request and answer schemas of the Pachtzuschlag calls (surcharges on the lease; docs/api/abrechnung.md
// "Pachtzuschläge"). `wert` is € per m², € per plot or a percentage, as a decimal string.

export const PACHTZUSCHLAG_ARTEN = ['proM2', 'proParzelle', 'prozent'] as const;
export type PachtzuschlagArt = (typeof PACHTZUSCHLAG_ARTEN)[number];
export const PACHTZUSCHLAG_BASEN = ['pachtzins', 'gemeinschaftsflaeche', 'grundsteuer'] as const;
export type PachtzuschlagBasisArt = (typeof PACHTZUSCHLAG_BASEN)[number];

/** German labels (dropdowns, lists). */
export const PACHTZUSCHLAG_ART_LABEL: Record<PachtzuschlagArt, string> = {
  proM2: 'pro m²',
  proParzelle: 'pro Parzelle',
  prozent: 'Prozent',
};
export const PACHTZUSCHLAG_BASIS_LABEL: Record<PachtzuschlagBasisArt, string> = {
  pachtzins: 'Pachtzins',
  gemeinschaftsflaeche: 'Gemeinschaftsflächenanteil',
  grundsteuer: 'Grundsteuer',
};

export const pachtzuschlaegeQuery = z.object({ pachtabrechnungID: queryInt.optional() });
export const pachtzuschlagEidQuery = z.object({ eid: queryInt });
export const pachtzuschlagIdQuery = z.object({ id: queryInt });

export const pachtzuschlagBody = strict({
  /** 0 or absent: a new surcharge. */
  id: saveId,
  version,
  /** Absent: the newest billing year. */
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.').optional(),
  /** Absent: after the last one. */
  sortierung: int(0, 100_000).optional(),
  bezeichnung: requiredText(200, 'Bitte geben Sie eine Bezeichnung an.'),
  art: z.enum(PACHTZUSCHLAG_ARTEN, {
    error: (i) =>
      i.input === undefined ? 'Dieses Feld ist erforderlich.' : 'Erlaubt sind proM2, proParzelle oder prozent.',
  }),
  wert: decimalText(4, '14.5'),
  /** For 'prozent' (required there, non-empty): the positions it is a percentage of. */
  basis: z
    .array(z.enum(PACHTZUSCHLAG_BASEN, { error: 'Erlaubt sind pachtzins, gemeinschaftsflaeche oder grundsteuer.' }), {
      error: 'Erwartet wird eine Liste.',
    })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  /** Only plots with this flag bit (1 ständig wohnen, 2 größer bauen, 4 Kanalanschluss); null: any plot. */
  parzellenFlag: int(1, 1_073_741_824, 'Erwartet wird ein Parzellen-Merkmal (1, 2, 4 …).')
    .nullish()
    .transform((v) => v ?? null),
  /** Only these plots; null: every plot. */
  parzellenIds: z
    .array(refId('Bitte wählen Sie eine Parzelle.'), { error: 'Erwartet wird eine Liste von Parzellen.' })
    .nullish()
    .transform((v) => (v ? [...new Set(v)] : null)),
  buchungskontoId: optionalKonto,
  steuersatz: pachtSteuersatz.nullish().transform((v) => v ?? 0),
  anzahlParzellen: readOnly,
});
export type PachtzuschlagInput = z.output<typeof pachtzuschlagBody>;

// ---- Answers ----

export const pachtzuschlagResponse = z.object({
  id: z.number(),
  version: z.number(),
  pachtabrechnungId: z.number(),
  sortierung: z.number(),
  bezeichnung: z.string(),
  art: z.enum(PACHTZUSCHLAG_ARTEN),
  wert: z.string(),
  basis: z.array(z.enum(PACHTZUSCHLAG_BASEN)),
  parzellenFlag: z.number().nullable(),
  parzellenIds: z.array(z.number()).nullable(),
  buchungskontoId: z.number().nullable(),
  steuersatz: z.number(),
  /** The active plots it applies to. */
  anzahlParzellen: z.number(),
});
export type Pachtzuschlag = z.infer<typeof pachtzuschlagResponse>;

/** Common/Pachtzuschlaege. */
export type PachtzuschlagLookup = { id: number; bezeichnung: string };
