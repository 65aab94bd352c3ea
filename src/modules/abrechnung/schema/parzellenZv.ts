import { z } from 'zod';
import { queryInt, strict } from '../../../platform/validation';
import { refId } from '../../stammdaten/schema/abstellplaetze';
import { decimalText } from './pachtberechnung';
import { pachtzuschlagBody } from './pachtzuschlag';
import { zvPosition } from './zvData';

// The common-area shares and the lease per plot (GetParzellenForZV, UpdateGemeinschaftsflaeche,
// PachtVorschau; docs/api/abrechnung.md "Gemeinschaftsfläche und Vorschau").

export const parzellenForZvQuery = z.object({ pachtabrechnungID: queryInt.optional() });

export const gemeinschaftsflaecheBody = strict({
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.').optional(),
  /** The shares to store (null: back to the default share). */
  anteile: z
    .array(
      strict({
        parzelleId: refId('Bitte wählen Sie eine Parzelle.'),
        anteil: z.preprocess((v) => (v === '' || v === undefined ? null : v), decimalText(2, '100.00').nullable()),
      }),
      { error: 'Erwartet wird eine Liste von Anteilen.' },
    )
    .optional(),
  /** true: store the default shares for every active plot. */
  standard: z.boolean({ error: 'Erwartet wird true oder false.' }).optional(),
});
export type GemeinschaftsflaecheInput = z.output<typeof gemeinschaftsflaecheBody>;

export const pachtVorschauBody = strict({
  pachtabrechnungId: refId('Bitte wählen Sie ein Abrechnungsjahr.').optional(),
  parzelleId: refId('Bitte wählen Sie eine Parzelle.'),
  /** A surcharge being edited (not saved): replaces the stored one with its id, or is added (id 0). */
  zuschlag: pachtzuschlagBody.optional(),
});
export type PachtVorschauInput = z.output<typeof pachtVorschauBody>;

// ---- Answers ----

export const parzelleZvResponse = z.object({
  parzelleId: z.number(),
  nummer: z.string(),
  flaeche: z.string(),
  flags: z.number(),
  /** The share that applies: the stored one, else the default. */
  anteil: z.string(),
  anteilGespeichert: z.string().nullable(),
  anteilStandard: z.string(),
  /** Today's holder. */
  nutzungsberechtigter: z.object({ adresseId: z.number(), name: z.string() }).nullable(),
  /** The lease positions only (pachtzins, gemeinschaftsflaeche, grundsteuer, pachtzuschlag). */
  positionen: z.array(zvPosition),
  summeCent: z.number(),
});
export type ParzelleZv = z.infer<typeof parzelleZvResponse>;

export const parzellenForZvResponse = z.object({
  pachtabrechnungId: z.number(),
  jahr: z.number(),
  /** The year's common area (m²). */
  gemeinschaftsflaeche: z.string(),
  /** m² of the active plots. */
  summeFlaeche: z.string(),
  /** The effective shares added up (equals gemeinschaftsflaeche when consistent). */
  summeAnteile: z.string(),
  parzellen: z.array(parzelleZvResponse),
});
export type ParzellenForZv = z.infer<typeof parzellenForZvResponse>;

export const pachtVorschauResponse = z.object({
  parzelleId: z.number(),
  nummer: z.string(),
  positionen: z.array(zvPosition),
  summeCent: z.number(),
  /** Whether the draft surcharge applies to this plot (false without a draft). */
  zuschlagGilt: z.boolean(),
});
export type PachtVorschau = z.infer<typeof pachtVorschauResponse>;
