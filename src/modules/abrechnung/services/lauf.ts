import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, nowDb, toIso } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { conflict } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { legeRechnungenAn, type NeueRechnung, verrechneGuthaben } from '../../rechnungspruefung/services';
import type { EinbuchenResponse, LaufArt, LaufStatus, ZvEintrag, ZvPosition } from '../schema/zvData';
import type { AbrechnungslaufRow } from '../tables';

// A billing run booked: the run row (one per kind, year and key — `abrechnungslaeufe_einmal`), a
// receivable per letter (or per booking account with `rechnungenTeilen`) through Rechnungspruefung,
// and a 'gebucht' protocol line per receivable; all in the caller's transaction, so a failure in
// the middle leaves nothing. Every ForderungenEinbuchen* call goes through `bucheLauf`.

export const LAUF_HISTORY_TYPE = 'Abrechnungslauf';

// With its verb: the other runs are plural („Die Gruppenrechnungen sind …“).
const ART_TEXT: Record<LaufArt, string> = {
  Zahlungsvorschreibung: 'Die Zahlungsvorschreibung ist',
  Gruppenrechnung: 'Die Gruppenrechnungen sind',
  WeitereMitgliedschaft: 'Die Rechnungen der weiteren Mitgliedschaften sind',
  Wasserrechnung: 'Die Wasserrechnungen sind',
};

export type LaufSchluessel = { art: LaufArt; pachtabrechnungId: number; schluessel?: string };

export type BucheLaufInput = LaufSchluessel & {
  /** The letters' date (YYYY-MM-DD); the receivables' date and numbering year. */
  datum: string;
  faelligAm: string;
  interimBilling?: boolean;
  rechnungenTeilen?: boolean;
  /** The letters as ZvData computed them (checked beforehand: problems stop the run before this). */
  eintraege: readonly ZvEintrag[];
  /** The group a letter's receivable belongs to (Gruppenrechnungen); absent: none. */
  gruppeIdVon?: (e: ZvEintrag) => number | null;
};

/** The booked run of that kind, year and key, or undefined. */
export async function findeLauf(db: Db, k: LaufSchluessel): Promise<AbrechnungslaufRow | undefined> {
  return db('abrechnungslaeufe')
    .where({ art: k.art, pachtabrechnung_id: k.pachtabrechnungId, schluessel: k.schluessel ?? '' })
    .first();
}

const bereitsGebucht = (k: LaufSchluessel, lauf: Pick<AbrechnungslaufRow, 'gebucht_am' | 'gebucht_von'> | undefined) =>
  conflict(
    `${ART_TEXT[k.art]} bereits gebucht${
      lauf ? ` (am ${formatGermanDate(String(toIso(lauf.gebucht_am)).slice(0, 10))} von ${lauf.gebucht_von})` : ''
    }. Ein Lauf wird nur einmal gebucht.`,
    undefined,
    'lauf_bereits_gebucht',
  );

/** 409 `lauf_bereits_gebucht` when that run is booked. */
export async function assertNichtGebucht(db: Db, k: LaufSchluessel): Promise<void> {
  const lauf = await findeLauf(db, k);
  if (lauf) throw bereitsGebucht(k, lauf);
}

/** The booked-or-not state of a run (the guided run's first screen). */
export async function laufStatus(db: Db, k: LaufSchluessel): Promise<LaufStatus> {
  const lauf = await findeLauf(db, k);
  return {
    art: k.art,
    pachtabrechnungId: k.pachtabrechnungId,
    gebucht: Boolean(lauf),
    laufId: lauf ? Number(lauf.id) : null,
    datum: lauf ? String(lauf.datum).slice(0, 10) : null,
    faelligAm: lauf ? String(lauf.faellig_am).slice(0, 10) : null,
    gebuchtAm: lauf ? toIso(lauf.gebucht_am) : null,
    gebuchtVon: lauf ? lauf.gebucht_von : null,
    anzahl: lauf ? Number(lauf.anzahl) : 0,
    summeCent: lauf ? Number(lauf.summe_cent) : 0,
  };
}

/** The receivables of one letter: one, or with `teilen` one per booking account (in order of appearance). */
function rechnungenDesBriefs(
  e: ZvEintrag,
  base: Omit<NeueRechnung, 'adresseId' | 'adresseName' | 'positionen' | 'parzelleId'>,
  teilen: boolean,
): NeueRechnung[] {
  const zeilen = e.parzellen.flatMap((p) =>
    p.positionen.map((pos: ZvPosition) => ({
      parzelleId: p.parzelleId,
      parzelleNummer: p.nummer,
      art: pos.art,
      text: pos.text,
      menge: pos.menge ?? null,
      satz: pos.satz ?? null,
      betragCent: pos.betragCent,
      steuersatz: pos.steuersatz,
      buchungskontoId: pos.buchungskontoId,
    })),
  );
  // The receivable names the letter's first plot (a holder's several plots share one letter).
  const parzelleId = e.parzellen[0]?.parzelleId ?? null;
  return rechnungsTeile(zeilen, teilen).map((positionen) => ({
    ...base,
    adresseId: e.adresseId,
    adresseName: e.name,
    parzelleId,
    positionen,
  }));
}

/**
 * A letter's positions as its receivables take them: all in one, or with `teilen` one per booking
 * account (in order of appearance); a part adding up to 0,00 € gets no receivable. The Excel list
 * shows the would-be receivables through this too, so it matches what booking writes.
 */
export function rechnungsTeile<T extends { betragCent: number; buchungskontoId: number | null }>(
  positionen: readonly T[],
  teilen: boolean,
): T[][] {
  const gruppen = new Map<string, T[]>();
  for (const p of positionen) {
    const key = teilen ? String(p.buchungskontoId ?? '') : '';
    gruppen.set(key, [...(gruppen.get(key) ?? []), p]);
  }
  return [...gruppen.values()].filter((teil) => teil.reduce((s, p) => s + p.betragCent, 0) !== 0);
}

/**
 * Books a run: 409 `lauf_bereits_gebucht` when that kind, year and key is booked already (also when
 * two board members press "Buchen" at once: the unique key decides). Letters adding up to 0,00 € get
 * no receivable. Answers the contract's `{ anzahl, summeCent, rechnungen }` (+ laufId).
 */
export async function bucheLauf(db: Db, actor: Actor, input: BucheLaufInput): Promise<EinbuchenResponse> {
  const k: LaufSchluessel = {
    art: input.art,
    pachtabrechnungId: input.pachtabrechnungId,
    schluessel: input.schluessel ?? '',
  };
  await assertNichtGebucht(db, k);
  const now = nowDb();
  let laufId: number;
  try {
    const [id] = await db('abrechnungslaeufe').insert({
      art: k.art,
      pachtabrechnung_id: k.pachtabrechnungId,
      schluessel: k.schluessel ?? '',
      datum: input.datum,
      faellig_am: input.faelligAm,
      interim_billing: Boolean(input.interimBilling),
      rechnungen_teilen: Boolean(input.rechnungenTeilen),
      anzahl: 0,
      summe_cent: 0,
      gebucht_von: actor.name,
      gebucht_am: now,
    });
    laufId = Number(id ?? (await findeLauf(db, k))?.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw bereitsGebucht(k, await findeLauf(db, k));
    throw err;
  }
  const neue = input.eintraege.flatMap((e) =>
    rechnungenDesBriefs(
      e,
      {
        art: k.art,
        gruppeId: input.gruppeIdVon?.(e) ?? null,
        pachtabrechnungId: k.pachtabrechnungId,
        laufId,
        datum: input.datum,
        faelligAm: input.faelligAm,
      },
      Boolean(input.rechnungenTeilen),
    ),
  );
  const angelegt = await legeRechnungenAn(db, neue);
  // A member's credit (an overpayment, an open credit note) pays the new receivables first (issue 15).
  await verrechneGuthaben(
    db,
    actor,
    angelegt.map((r) => r.id),
  );
  const summeCent = angelegt.reduce((s, r) => s + r.betragCent, 0);
  await db('abrechnungslaeufe').where({ id: laufId }).update({ anzahl: angelegt.length, summe_cent: summeCent });
  await insertInChunks(
    db,
    'versandprotokoll',
    angelegt.map((r, i) => ({
      lauf_id: laufId,
      rechnung_id: r.id,
      adresse_id: r.adresseId,
      adresse_name: neue[i]!.adresseName,
      aktion: 'gebucht',
      status: 'ok',
      empfaenger: '',
      fehler: null,
      benutzer: actor.name,
      zeitpunkt: now,
    })),
  );
  await recordHistory(db, actor, {
    entityType: LAUF_HISTORY_TYPE,
    entityId: laufId,
    action: 'create',
    after: {
      art: k.art,
      pachtabrechnungId: k.pachtabrechnungId,
      schluessel: k.schluessel,
      anzahl: angelegt.length,
      summeCent,
    },
  });
  return { laufId, anzahl: angelegt.length, summeCent, rechnungen: angelegt };
}
