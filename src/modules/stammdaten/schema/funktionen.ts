import { z } from 'zod';
import { queryInt, readOnly, strict } from '../../../platform/validation';
import { bool, date, int, optionalDate, optionalText, refId, requiredText, saveId, version } from './abstellplaetze';

export const funktionBody = strict({
  id: saveId,
  version,
  name: requiredText(100, 'Bitte geben Sie den Namen der Funktion an.'),
  sortierung: int(-1_000_000, 1_000_000)
    .nullish()
    .transform((v) => v ?? 0),
  pflicht: bool(false),
});

export const funktionaerBody = strict({
  id: saveId,
  version,
  funktionId: refId('Bitte wählen Sie eine Funktion.'),
  adresseId: refId('Bitte wählen Sie eine Adresse.'),
  von: date,
  bis: optionalDate,
  notiz: optionalText(5000, true),
  funktionName: readOnly,
  adresseName: readOnly,
}).refine((v) => v.bis === null || v.bis >= v.von, {
  message: 'Das Ende darf nicht vor dem Beginn liegen.',
  path: ['bis'],
});

export const funktionaerListQuery = z.object({
  funktionId: queryInt.optional(),
  adresseId: queryInt.optional(),
});
