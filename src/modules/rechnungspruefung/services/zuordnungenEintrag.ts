import type { Knex } from 'knex';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import type { RechnungenKassabuch, ZahlungEintrag, Zuordnung } from '../schema/zahlungen';
import { type Gutschrift, ladeKandidaten, vorschlaegeFuer } from './vorschlaege';
import { EINTRAG_FEHLT } from './zuordnungen';

// The entry's side of payments: GetRechnungenKassabuch (the entry, its allocations, suggestions for
// its rest) and the rows ZuKlaeren lists. Reads Kassa's table `kassabuch` directly (documented in
// CONTEXT.md as a read across the module boundary: Kassa's public face has no lister of raw rows).

type EintragRoh = {
  id: number;
  belegnummer: number;
  datum: string;
  betrag_cent: number | string;
  text: string;
  bank_name: string | null;
  bank_iban: string | null;
  bank_referenz: string | null;
  bank_verwendungszweck: string | null;
  konto_id: number;
  bk_nummer: string;
  ohne_forderung: boolean | number;
  zugeordnet: number | string | null;
};

/** The entries (joined with their booking account and their allocated sum). */
export function eintragAbfrage(db: Db): Knex.QueryBuilder {
  return db('kassabuch as k')
    .join('buchungskonten as b', 'b.id', 'k.buchungskonto_id')
    .select(
      'k.id',
      'k.belegnummer',
      'k.datum',
      'k.betrag_cent',
      'k.text',
      'k.bank_name',
      'k.bank_iban',
      'k.bank_referenz',
      'k.bank_verwendungszweck',
      'k.konto_id',
      'b.nummer as bk_nummer',
      'k.ohne_forderung',
      db.raw('(SELECT SUM(zz.betrag_cent) FROM zuordnungen zz WHERE zz.kassabuch_id = k.id) AS zugeordnet'),
    );
}

export function presentZahlungEintrag(r: EintragRoh): ZahlungEintrag & { gutschrift: Gutschrift } {
  const betragCent = Number(r.betrag_cent);
  const zugeordnetCent = Number(r.zugeordnet ?? 0);
  const eintrag = {
    id: Number(r.id),
    belegnummer: Number(r.belegnummer),
    datum: String(r.datum).slice(0, 10),
    betragCent,
    text: r.text,
    bankName: r.bank_name,
    bankIban: r.bank_iban,
    kontoId: Number(r.konto_id),
    buchungskontoNummer: String(r.bk_nummer),
    zugeordnetCent,
    restCent: betragCent - zugeordnetCent,
    ohneForderung: r.ohne_forderung === true || Number(r.ohne_forderung) === 1,
  };
  return {
    ...eintrag,
    gutschrift: {
      id: eintrag.id,
      restCent: eintrag.restCent,
      text: r.text,
      bankName: r.bank_name,
      bankIban: r.bank_iban,
      bankReferenz: r.bank_referenz,
      bankVerwendungszweck: r.bank_verwendungszweck,
    },
  };
}

/** The allocations of these entries by entry id (with the receivable's number and the name). */
export async function zuordnungenVon(
  db: Db,
  kassabuchIds: readonly number[] | null,
): Promise<Map<number, Zuordnung[]>> {
  const q = db('zuordnungen as z')
    .leftJoin('rechnungen as r', 'r.id', 'z.rechnung_id')
    .leftJoin('adressen as a', 'a.id', 'z.adresse_id')
    .whereNotNull('z.kassabuch_id')
    .orderBy('z.id')
    .select(
      'z.id',
      'z.kassabuch_id',
      'z.rechnung_id',
      'z.betrag_cent',
      'z.art',
      'z.quelle',
      'r.nummer',
      'r.adresse_name',
      'a.vorname',
      'a.nachname',
    );
  if (kassabuchIds) q.whereIn('z.kassabuch_id', kassabuchIds.length ? [...kassabuchIds] : [0]);
  const out = new Map<number, Zuordnung[]>();
  for (const z of await q) {
    const id = Number(z.kassabuch_id);
    const list = out.get(id) ?? [];
    list.push({
      id: Number(z.id),
      rechnungId: z.rechnung_id == null ? null : Number(z.rechnung_id),
      nummer: z.nummer ?? null,
      adresseName: z.adresse_name ?? ([z.nachname, z.vorname].filter(Boolean).join(' ') || null),
      betragCent: Number(z.betrag_cent),
      art: z.art,
      quelle: z.quelle,
    });
    out.set(id, list);
  }
  return out;
}

/** GET GetRechnungenKassabuch: the entry, its allocations and the receivables that could take its rest. */
export async function ladeRechnungenKassabuch(db: Db, kassabuchId: number): Promise<RechnungenKassabuch> {
  const roh = (await eintragAbfrage(db).where('k.id', kassabuchId).first()) as EintragRoh | undefined;
  if (!roh) throw notFound(EINTRAG_FEHLT);
  const { gutschrift, ...eintrag } = presentZahlungEintrag(roh);
  const zuordnungen = (await zuordnungenVon(db, [kassabuchId])).get(kassabuchId) ?? [];
  // A reversal or a reversed entry pays nothing more (Zuordnen answers 409): nothing to suggest.
  const stornoPaar = await db('kassabuch')
    .where((q) => q.where('id', kassabuchId).whereNotNull('storno_von_id'))
    .orWhere('storno_von_id', kassabuchId)
    .first('id');
  const vorschlaege = eintrag.restCent > 0 && !stornoPaar ? vorschlaegeFuer(gutschrift, await ladeKandidaten(db)) : [];
  return { eintrag, zuordnungen, vorschlaege };
}

export type { EintragRoh };
