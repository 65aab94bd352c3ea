import type { Actor } from '../../../platform/auth/principal';
import { inTransaction } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { FileResult, pdfFile } from '../../../platform/files/fileResult';
import type { AppServices } from '../../../platform/services';
import { readSection } from '../../vereinseinstellungen/services';
import type { ZvSortBy } from '../schema/briefe';
import type { LaufArt, ZvEintrag } from '../schema/zvData';
import { briefePdf, briefeZip } from './briefe';
import { sortiereEintraege } from './briefSortierung';
import { eintraegeDesLaufs, laufDefinition } from './laeufe';
import { findeLauf } from './lauf';
import type { LaufParams } from './laufDefinition';
import { protokolliereGedruckt } from './protokoll';

// The print call of every run (POST Zahlungsvorschreibung, POST LaufBriefe): the run's letters —
// drafts before booking, the booked receivables after — sorted, optionally only those for the post,
// as one PDF or a ZIP of one PDF per address. Printing a booked run notes 'gedruckt' per receivable
// in the run's protocol, so the board sees whose letter went out.

export const ZIP_TYPE = 'application/zip';

export type BriefAuswahl = {
  sortBy?: ZvSortBy;
  /** Leave out addresses that prefer e-mail. */
  nurPost?: boolean;
  zip?: boolean;
};

/** A file name part without characters a file system refuses. */
const dateiTeil = (text: string) => text.replace(/[^\p{L}\p{N}._-]+/gu, '_');

/**
 * Reads with services.db and prints outside any transaction (printing 2,000 letters takes minutes
 * and must not hold SQLite's write lock); the protocol lines are written in a short one afterwards.
 */
export async function laufBriefe(
  services: AppServices,
  actor: Actor,
  art: LaufArt,
  params: LaufParams,
  auswahl: BriefAuswahl,
): Promise<FileResult> {
  const db = services.db;
  const def = laufDefinition(art);
  const lauf = await findeLauf(db, { art, pachtabrechnungId: params.pachtabrechnungId, schluessel: params.schluessel });
  let eintraege: ZvEintrag[] = await eintraegeDesLaufs(db, art, params);
  if (auswahl.nurPost) eintraege = eintraege.filter((e) => !e.bevorzugtEmail);
  const sortBy = auswahl.sortBy ?? (await readSection(db, 'optionenAbrechnung')).zvSortierung;
  eintraege = sortiereEintraege(eintraege, sortBy);
  if (eintraege.length === 0) {
    throw validationFailed(
      { adressen: ['Für diese Auswahl gibt es keine Briefe.'] },
      'Es gibt keine Briefe zu drucken.',
    );
  }
  const titel = def.titel(params);
  const datum = lauf ? String(lauf.datum).slice(0, 10) : params.datum;
  const opts = { titel, datum, entwurf: !lauf, art };
  const name = `${dateiTeil(titel)}${lauf ? '' : '_Entwurf'}`;
  const datei = auswahl.zip
    ? new FileResult(await briefeZip(services, eintraege, opts), ZIP_TYPE, `${name}.zip`, false)
    : pdfFile(await briefePdf(services, eintraege, opts), `${name}.pdf`);
  if (lauf) {
    const laufId = Number(lauf.id);
    await inTransaction(db, (trx) => protokolliereGedruckt(trx, actor, laufId, eintraege));
  }
  return datei;
}
