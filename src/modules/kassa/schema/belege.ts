import { z } from 'zod';
import { queryBool, queryInt } from '../../../platform/validation';

// Receipts of Kassabuch entries (docs/api/kassa.md "Belege"). The answer type `Beleg` lives in
// schema/kassabuch.ts beside `Eintrag['belege']` and is re-exported here.

export { type Beleg, belegResponse } from './kassabuch';

/** Receipts are PDF, JPEG or PNG (recognised by content, platform/files/fileTypes). */
export const BELEG_DATEITYPEN = ['pdf', 'jpeg', 'png'] as const;

export const belegUploadQuery = z.object({ kassabuchID: queryInt });

export const belegIdQuery = z.object({
  belegID: queryInt,
  inline: queryBool.optional(),
});
