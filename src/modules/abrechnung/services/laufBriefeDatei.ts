import type { Db } from '../../../platform/db/db';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import type { AppServices } from '../../../platform/services';
import type { LaufArt, ZvEintrag } from '../schema/zvData';
import { briefePdf } from './briefe';
import { laufDefinition } from './laeufe';
import { findeLauf } from './lauf';
import type { LaufParams } from './laufDefinition';

// The letters of the Gruppenrechnung and Weitere Mitgliedschaften runs as one PDF for the GET calls:
// drafts before booking (ENTWURF, no QR), the booked letters with number, reference and slip after.

export async function laufBriefePdf(
  services: AppServices,
  db: Db,
  art: LaufArt,
  params: LaufParams,
  eintraege: readonly ZvEintrag[],
  dateiName: string,
): Promise<FileResult> {
  const lauf = await findeLauf(db, { art, pachtabrechnungId: params.pachtabrechnungId, schluessel: params.schluessel });
  const pdf = await briefePdf(services, eintraege, {
    titel: laufDefinition(art).titel(params),
    datum: lauf ? String(lauf.datum).slice(0, 10) : params.datum,
    entwurf: !lauf,
    art,
    db,
  });
  return pdfFile(pdf, `${dateiName}.pdf`);
}
