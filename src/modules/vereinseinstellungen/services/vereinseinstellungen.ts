import type { Db } from '../../../platform/db/db';
import type { AppServices } from '../../../platform/services';
import { getSetting } from '../../../platform/settings/settings';
import type { IconFile, MfaLevel, Vereinseinstellungen } from '../schema';
import { fromStored, loadSections, SECTIONS, type SectionKey, type SectionValue } from './sections';
import { sectionVersions } from './sectionVersions';
import { MAIL_SECTION, mailInfo } from './smtp';

export const LOGO_SECTION = 'IconFile';
export const LOGO_URL = '/api/Common/GetLogo';

/**
 * Every section with its defaults filled in, read in one query. Pass the transaction as `db` when
 * called inside one (on SQLite the pool has a single connection).
 */
export async function getVereinseinstellungen(
  services: AppServices,
  db: Db = services.db,
): Promise<Vereinseinstellungen> {
  const keys = Object.keys(SECTIONS) as SectionKey[];
  const rows = await loadSections(db, [...keys.map((k) => SECTIONS[k].section), MAIL_SECTION, LOGO_SECTION]);
  const versionOf = await sectionVersions(db);
  const read = <K extends SectionKey>(k: K) => ({
    ...(fromStored(SECTIONS[k].defaults, rows.get(SECTIONS[k].section) ?? {}) as SectionValue<K>),
    version: versionOf(SECTIONS[k].section),
  });
  const optionen = read('optionen');
  return {
    adresse: read('adresse'),
    kontakt: read('kontakt'),
    bank: read('bank'),
    mail: { ...mailInfo({ ...services, db }, rows.get(MAIL_SECTION) ?? {}), version: versionOf(MAIL_SECTION) },
    texte: read('texte'),
    texte2: read('texte2'),
    anzahl: read('anzahl'),
    optionen,
    iconFile: await iconFile(db, rows.get(LOGO_SECTION)?.fileId ?? null),
    optionenWasser: read('optionenWasser'),
    optionenAbrechnung: read('optionenAbrechnung'),
    optionenKassa: read('optionenKassa'),
    mfa: optionen.mfa,
  };
}

/** The logo's file id, or null when none is set or its file was deleted (GetLogo then shows the banner). */
async function iconFile(db: Db, raw: string | null): Promise<IconFile> {
  const id = Number(raw);
  if (!raw || !Number.isSafeInteger(id) || id <= 0) return { fileId: null, url: LOGO_URL };
  const exists = await db('files').where({ id }).first('id');
  return { fileId: exists ? id : null, url: LOGO_URL };
}

function mfaLevel(raw: string | null): MfaLevel {
  return raw === '1' ? 1 : raw === '2' ? 2 : 0;
}

/**
 * The club's MFA level (0 off, 1 optional, 2 required), cached under `mfaLevel` for the per-request
 * check of the HTTP layer. With a transaction as `db` it reads through that transaction, uncached.
 */
export async function getMfaLevel(services: AppServices, db?: Db): Promise<MfaLevel> {
  if (db && db !== services.db) return mfaLevel(await getSetting(db, SECTIONS.optionen.section, 'mfa'));
  return services.cache.get('mfaLevel', async () =>
    mfaLevel(await getSetting(services.db, SECTIONS.optionen.section, 'mfa')),
  );
}
