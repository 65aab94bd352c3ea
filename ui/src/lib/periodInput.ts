import { parseGermanDate } from '../../../src/platform/dates';

/**
 * What a von/bis pair typed as TT.MM.JJJJ sends and what it cannot convert: von is required, an
 * empty bis means open-ended. Shared by the forms of periods (Funktionäre, Abstellplatz-Zuordnungen)
 * for useZodForm's `toBody` and `inputErrors`.
 */
export const periodToBody = (v: { von: string; bis: string }) => ({
  von: parseGermanDate(v.von) ?? '',
  bis: parseGermanDate(v.bis) ?? null,
});

export const periodInputErrors = (v: { von: string; bis: string }) => ({
  von: parseGermanDate(v.von) ? undefined : 'Bitte geben Sie den Beginn als TT.MM.JJJJ ein.',
  bis:
    parseGermanDate(v.bis) === undefined
      ? 'Bitte geben Sie das Ende als TT.MM.JJJJ ein oder lassen Sie es leer.'
      : undefined,
});
