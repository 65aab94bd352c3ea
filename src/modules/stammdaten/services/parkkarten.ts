import { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import { collator } from '../../../platform/collation';
import { dateOf, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { claimVersion, INITIAL_VERSION, withoutVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { getSetting } from '../../../platform/settings/settings';
import { findYear, resolveYear } from '../../abrechnung/services';
import type { ParkkartenInfo } from '../schema/abstellplaetze';
import { type Parkkarte, Parkkarten, parkkartenCss } from '../templates/Parkkarten';
import { nutzungsberechtigteOn } from './pachtverhaeltnisse';

export const PARKKARTEN_HISTORY_TYPE = 'Parkkarten';

/** What is stored per year (and what the history records). */
type StoredInfo = {
  pachtabrechnungId: number;
  /** Optimistic lock; 1 while the year has no stored info. */
  version: number;
  jahr: number;
  gebuehrCent: number;
  gueltigBis: string | null;
  hinweis: string;
};

export type { ParkkartenInfo };

/** The cards of a year and the plots they are for (read-only, left out of the history). */
type Counts = Pick<ParkkartenInfo, 'anzahlKarten' | 'anzahlParzellen'>;

/** The one way the Parkkarten info of a year is answered: the stored values with the year's counts. */
export function presentParkkartenInfo(stored: StoredInfo, counts: Counts): ParkkartenInfo {
  return { ...stored, ...counts };
}

type Pachtabrechnung = { id: number; jahr: number };

/** The year asked for (404 when unknown), or the newest (the current one is created when there is none). */
export async function resolvePachtabrechnung(db: Db, id?: number): Promise<Pachtabrechnung> {
  const { id: paId, jahr } = await resolveYear(db, id);
  return { id: paId, jahr };
}

/** The stored values of the year, or the defaults: no fee, valid until 31 December, no note. */
async function storedInfo(db: Db, pachtabrechnungId?: number): Promise<StoredInfo> {
  const pa = await resolvePachtabrechnung(db, pachtabrechnungId);
  const row = await db('parkkarten_info').where({ pachtabrechnung_id: pa.id }).first();
  if (!row)
    return {
      pachtabrechnungId: pa.id,
      version: INITIAL_VERSION,
      jahr: pa.jahr,
      gebuehrCent: 0,
      gueltigBis: `${pa.jahr}-12-31`,
      hinweis: '',
    };
  return {
    pachtabrechnungId: pa.id,
    version: Number(row.version),
    jahr: pa.jahr,
    gebuehrCent: Number(row.gebuehr_cent),
    gueltigBis: dateOf(row.gueltig_bis),
    hinweis: row.hinweis ?? '',
  };
}

/**
 * How many cards the PDF of the year holds and for how many plots. Joined with `parzellen` and
 * filtered like {@link parkkartenPdf}, so the screen never promises cards the PDF leaves out.
 */
// MariaDB answers SUM as a DECIMAL string and COUNT as a BIGINT; SQLite as numbers.
const countsRow = z
  .object({ karten: z.coerce.number().nullable(), parzellen: z.coerce.number().nullable() })
  .optional();

async function countCards(db: Db, pachtabrechnungId: number): Promise<Counts> {
  const row = countsRow.parse(
    await db('parzelle_jahr as j')
      .join('parzellen as p', 'p.id', 'j.parzelle_id')
      .where('j.pachtabrechnung_id', pachtabrechnungId)
      .where('j.anzahl_parkkarten', '>', 0)
      .first(db.raw('COALESCE(SUM(j.anzahl_parkkarten), 0) as karten'), db.raw('COUNT(*) as parzellen')),
  );
  return { anzahlKarten: row?.karten ?? 0, anzahlParzellen: row?.parzellen ?? 0 };
}

/** The year's info with the number of cards and plots. */
export async function getParkkartenInfo(db: Db, pachtabrechnungId?: number): Promise<ParkkartenInfo> {
  const info = await storedInfo(db, pachtabrechnungId);
  return presentParkkartenInfo(info, await countCards(db, info.pachtabrechnungId));
}

/** What a ParkkartenInfo save takes. */
type ParkkartenInfoInput = {
  pachtabrechnungId: number;
  version?: number;
  gebuehrCent: number;
  gueltigBis: string | null;
  hinweis: string;
};

export async function saveParkkartenInfo(db: Db, actor: Actor, input: ParkkartenInfoInput): Promise<ParkkartenInfo> {
  return inTransaction(db, (trx) => saveParkkartenInfoInTransaction(trx, actor, input));
}

async function saveParkkartenInfoInTransaction(
  db: Db,
  actor: Actor,
  input: ParkkartenInfoInput,
): Promise<ParkkartenInfo> {
  const pa = await findYear(db, input.pachtabrechnungId);
  if (!pa) throw validationFailed({ pachtabrechnungId: ['Dieses Abrechnungsjahr gibt es nicht.'] });
  const key = { pachtabrechnung_id: input.pachtabrechnungId };
  const exists = Boolean(await db('parkkarten_info').where(key).first('pachtabrechnung_id'));
  // A year without stored info reads as version 1 with the defaults: store exactly that first (a
  // concurrent first save waits on the key, then finds version 2), then claim the version.
  if (!exists) {
    await db('parkkarten_info')
      .insert({ ...key, gebuehr_cent: 0, gueltig_bis: `${pa.jahr}-12-31`, hinweis: '', updated_at: nowDb() })
      .onConflict('pachtabrechnung_id')
      .ignore();
  }
  await claimVersion(db, {
    table: 'parkkarten_info',
    idColumn: 'pachtabrechnung_id',
    id: input.pachtabrechnungId,
    expected: input.version,
    entityType: PARKKARTEN_HISTORY_TYPE,
    label: 'Die Parkkarten-Information des Jahres',
  });
  // The history compares the stored values only: the counts change with the plots, not here.
  const before = await storedInfo(db, input.pachtabrechnungId);
  await db('parkkarten_info').where(key).update({
    gebuehr_cent: input.gebuehrCent,
    gueltig_bis: input.gueltigBis,
    hinweis: input.hinweis,
    updated_at: nowDb(),
  });
  const after = await storedInfo(db, input.pachtabrechnungId);
  await recordHistory(db, actor, {
    entityType: PARKKARTEN_HISTORY_TYPE,
    entityId: input.pachtabrechnungId,
    action: exists ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return presentParkkartenInfo(after, await countCards(db, input.pachtabrechnungId));
}

/** A plot with its cards of the year (parzellen joined with parzelle_jahr). */
const plotRow = z.object({ id: z.coerce.number(), nummer: z.string(), anzahl_parkkarten: z.coerce.number() });

/**
 * The parking cards of a year as one PDF: per plot as many cards as `parzelle_jahr.anzahl_parkkarten`
 * says, for one plot (`parzelle` = its id or number) or all. The holder is today's Nutzungsberechtigter.
 */
export async function parkkartenPdf(
  services: AppServices,
  db: Db,
  query: { parzelle?: string; pachtabrechnungID?: number },
): Promise<{ pdf: Buffer; fileName: string }> {
  const info = await storedInfo(db, query.pachtabrechnungID);
  const q = db('parzellen as p')
    .join('parzelle_jahr as j', function () {
      this.on('j.parzelle_id', '=', 'p.id').andOn('j.pachtabrechnung_id', '=', db.raw('?', [info.pachtabrechnungId]));
    })
    .where('j.anzahl_parkkarten', '>', 0)
    .select('p.id', 'p.nummer', 'j.anzahl_parkkarten');
  const parzelle = query.parzelle?.trim();
  if (parzelle) {
    const byNummer = await db('parzellen').where({ nummer: parzelle }).first('id');
    const byId = /^\d+$/.test(parzelle)
      ? await db('parzellen')
          .where({ id: Number(parzelle) })
          .first('id')
      : undefined;
    const id = byId?.id ?? byNummer?.id;
    if (!id) throw notFound('Die Parzelle wurde nicht gefunden.');
    q.where('p.id', id);
  }
  const plots = z.array(plotRow).parse(await q);
  if (!plots.length) {
    throw validationFailed({
      parzelle: [
        parzelle
          ? `Für diese Parzelle sind ${info.jahr} keine Parkkarten vorgesehen.`
          : `Für keine Parzelle sind ${info.jahr} Parkkarten vorgesehen.`,
      ],
    });
  }
  const today = todayIso();
  const holders = await nutzungsberechtigteOn(
    db,
    today,
    plots.map((p) => p.id),
  );
  plots.sort((a, b) => collator.compare(a.nummer, b.nummer));
  const verein = (await getSetting(db, 'Adresse', 'name'))?.trim() || 'Kleingartenverein';
  const cards: Parkkarte[] = [];
  for (const p of plots) {
    const n = Number(p.anzahl_parkkarten);
    for (let i = 1; i <= n; i++) {
      cards.push({
        verein,
        jahr: info.jahr,
        parzelle: p.nummer,
        name: holders.get(Number(p.id))?.name ?? '',
        gueltigBis: info.gueltigBis,
        hinweis: info.hinweis,
        nr: i,
        von: n,
      });
    }
  }
  const pdf = await services.pdf.renderElement(Parkkarten({ cards }), {
    title: `Parkkarten ${info.jahr}`,
    css: parkkartenCss,
    pageNumbers: 'multiPage',
  });
  const fileName = parzelle
    ? `Parkkarten_${info.jahr}_Parzelle_${plots[0]!.nummer}.pdf`
    : `Parkkarten_${info.jahr}.pdf`;
  return { pdf, fileName };
}
