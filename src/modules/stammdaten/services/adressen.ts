import { z } from 'zod';
import { dateOf, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import type { FileRecord } from '../../../platform/files/fileStore';
import type { AppServices } from '../../../platform/services';
import type { Adresse, AdresseDetail, AdresseLookup, AdresseParzelle, PersonLookup } from '../schema/adressen';
import type { AdresseRow } from '../tables';
import { ADRESSE_HISTORY_TYPE } from './adresseHistory';
import { adresseJahr } from './adresseJahr';
import { compareNames, displayName, isActive } from './names';
import { pachtverhaeltnisseOn } from './pachtverhaeltnisse';
import { listAllWeiterePersonen, listWeiterePersonen } from './weiterePersonen';

export { ADRESSE_FILE_KINDS, ADRESSE_FILE_MAX_BYTES, type AdresseUpload, readAdresseRequest } from './adresseRequest';
export type { Adresse, AdresseDetail, PersonLookup };
export { ADRESSE_HISTORY_TYPE };
export const ADRESSE_FILE_OWNER = 'Adresse';
export const ADRESSEN_TABLE = 'adressen';
export const ADRESSE_NOT_FOUND = 'Die Adresse wurde nicht gefunden.';
const KGV_MITGLIED = 256;

/** The one way an Adresse is answered: its row, its current leases, active as of `today`. */
export function presentAdresse(r: AdresseRow, parzellen: AdresseParzelle[], today: string): Adresse {
  const austrittsdatum = dateOf(r.austrittsdatum);
  return {
    id: Number(r.id),
    version: Number(r.version),
    anrede: r.anrede,
    titel: r.titel,
    vorname: r.vorname,
    nachname: r.nachname,
    strasse: r.strasse,
    plz: r.plz,
    ort: r.ort,
    land: r.land,
    telefon: r.telefon,
    mobil: r.mobil,
    email: r.email,
    geburtsdatum: dateOf(r.geburtsdatum),
    eintrittsdatum: dateOf(r.eintrittsdatum),
    austrittsdatum,
    flags: Number(r.flags),
    adresstyp: Number(r.adresstyp),
    iban: r.iban,
    zeitungErlaubt: Boolean(r.zeitung_erlaubt),
    notiz: r.notiz ?? '',
    name: displayName(r),
    aktiv: isActive(austrittsdatum, today),
    parzellen,
  };
}

/** A current lease joined with its plot. */
const currentPachtverhaeltnisRow = z.object({
  adresse_id: z.coerce.number(),
  id: z.coerce.number(),
  nummer: z.string(),
  von: z.string(),
});

/** Current leases (von ≤ today, no end or an end from today on) per address. */
async function currentPachtverhaeltnisse(
  db: Db,
  today: string,
  adresseId?: number,
): Promise<Map<number, AdresseParzelle[]>> {
  const query = pachtverhaeltnisseOn(db, today)
    .join('parzellen as p', 'p.id', 'pv.parzelle_id')
    .select('pv.adresse_id', 'p.id', 'p.nummer', 'pv.von');
  if (adresseId !== undefined) query.andWhere('pv.adresse_id', adresseId);
  const rows = z.array(currentPachtverhaeltnisRow).parse(await query);
  const map = new Map<number, AdresseParzelle[]>();
  for (const r of rows) {
    const list = map.get(Number(r.adresse_id)) ?? [];
    list.push({ id: Number(r.id), nummer: r.nummer, von: dateOf(r.von) });
    map.set(Number(r.adresse_id), list);
  }
  for (const list of map.values()) list.sort((a, b) => compareNames(a.nummer, b.nummer));
  return map;
}

const sortAdressen = <T extends { name: string; id: number }>(list: T[]) =>
  list.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);

/** Every table listAdressen reads: a kept list answer (platform/db/answerCache) lasts until one changes. */
export const ADRESSEN_LIST_TABLES = ['adressen', 'pachtverhaeltnisse', 'parzellen'] as const;

export type AdressenFilter = { search?: string; filter?: 'aktiv' | 'ehemalig' | 'alle'; mitglied?: 'ja' | 'nein' };

/** ActiveAdressen: addresses by name, filtered by membership state and a search over name, place and e-mail. */
export async function listAdressen(db: Db, options: AdressenFilter = {}): Promise<Adresse[]> {
  const today = todayIso();
  const [rows, leases] = await Promise.all([db(ADRESSEN_TABLE).select(), currentPachtverhaeltnisse(db, today)]);
  const filter = options.filter ?? 'aktiv';
  const needle = (options.search ?? '').trim().toLocaleLowerCase('de-AT');
  const list = rows
    .map((r) => presentAdresse(r, leases.get(Number(r.id)) ?? [], today))
    .filter((a) => filter === 'alle' || (filter === 'aktiv' ? a.aktiv : !a.aktiv))
    .filter((a) => !options.mitglied || ((a.flags & KGV_MITGLIED) !== 0) === (options.mitglied === 'ja'))
    .filter(
      (a) =>
        !needle ||
        [a.name, `${a.vorname} ${a.nachname}`, a.ort, a.email].some((s) =>
          s.toLocaleLowerCase('de-AT').includes(needle),
        ),
    );
  return sortAdressen(list);
}

export async function getAdresse(db: Db, id: number): Promise<Adresse> {
  const row = await db(ADRESSEN_TABLE).where({ id }).first();
  if (!row) throw notFound(ADRESSE_NOT_FOUND);
  const today = todayIso();
  const leases = await currentPachtverhaeltnisse(db, today, id);
  return presentAdresse(row, leases.get(id) ?? [], today);
}

/** GetAdresse: the address with its further persons, files and the plots of the year. */
export async function getAdresseDetail(
  services: AppServices,
  db: Db,
  id: number,
  pachtabrechnungId?: number,
): Promise<AdresseDetail> {
  const adresse = await getAdresse(db, id);
  return {
    ...adresse,
    weiterePersonen: await listWeiterePersonen(db, id),
    dateien: await services.files.listByOwner(db, ADRESSE_FILE_OWNER, id),
    jahr: await adresseJahr(db, id, pachtabrechnungId),
  };
}

export async function filesByAdresse(services: AppServices, db: Db, id: number): Promise<FileRecord[]> {
  await getAdresse(db, id);
  return services.files.listByOwner(db, ADRESSE_FILE_OWNER, id);
}

/** Common/Addressen and Common/AlleAdressen: every address by name. */
export async function adressenLookup(db: Db): Promise<AdresseLookup[]> {
  const rows = await db(ADRESSEN_TABLE).select('id', 'titel', 'vorname', 'nachname', 'ort');
  return sortAdressen(rows.map((r) => ({ id: Number(r.id), name: displayName(r), ort: r.ort })));
}

/** Common/Personen (all) and Common/ActivePersonen: addresses and their further persons. */
export async function personenLookup(db: Db, onlyActive: boolean): Promise<PersonLookup[]> {
  const today = todayIso();
  const rows = await db(ADRESSEN_TABLE).select('id', 'titel', 'vorname', 'nachname', 'austrittsdatum');
  const kept = rows.filter((r) => !onlyActive || isActive(dateOf(r.austrittsdatum), today));
  const ids = new Set(kept.map((r) => Number(r.id)));
  const out: PersonLookup[] = kept.map((r) => ({
    id: Number(r.id),
    name: displayName(r),
    typ: 'Adresse',
    adresseId: Number(r.id),
  }));
  for (const p of await listAllWeiterePersonen(db)) {
    if (ids.has(p.adresseId))
      out.push({ id: p.id, name: displayName(p), typ: 'WeiterePerson', adresseId: p.adresseId });
  }
  return out.sort((a, b) => compareNames(a.name, b.name) || a.typ.localeCompare(b.typ) || a.id - b.id);
}
