import type { Actor } from '../../../platform/auth/principal';
import { dateOf, formatGermanDate } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { conflict, notFound } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { formatEuro } from '../../../platform/money';
import { readSection } from '../../vereinseinstellungen/services';
import { MAHNSTUFE_TITEL } from '../schema/mahnungen';
import type { MahnungRow } from '../tables';
import {
  ladeMahnStaende,
  type MahnGebuehren,
  type MahnHindernis,
  type MahnPlan,
  type MahnStand,
  mahnHindernis,
  planeMahnung,
} from './mahnStand';

// A reminder raises the receivable's level, adds the level's fee and (calc) the interest as
// positions of the receivable — so they are owed, paid and shown like every other position — and
// keeps a row in `mahnungen` (the letter can be printed again from it). ResetMahnung sets the level
// back; the rows and positions stay.

export const RECHNUNG_HISTORY = 'Rechnung';

/** The fees of levels 2 and 3 from the settings (Vereinseinstellungen → Anzahl). */
export async function mahnGebuehren(db: Db): Promise<MahnGebuehren> {
  const a = await readSection(db, 'anzahl');
  return { stufe2Cent: a.mahngebuehrStufe2Cent ?? 0, stufe3Cent: a.mahngebuehrStufe3Cent ?? 0 };
}

/** The 409 of a receivable that cannot be reminded (GET Mahnungen). */
export function mahnKonflikt(s: MahnStand, grund: MahnHindernis, datum: string) {
  const nr = s.row.nummer;
  switch (grund) {
    case 'mahnsperre':
      return conflict(
        `Die Rechnung ${nr} hat eine Mahnsperre bis ${formatGermanDate(dateOf(s.row.mahnsperre_bis))}.`,
        undefined,
        'mahnsperre',
      );
    case 'hoechste_mahnstufe':
      return conflict(
        `Die Rechnung ${nr} hat bereits die letzte Mahnstufe (3). Danach folgt die Kündigung oder das Inkasso.`,
        undefined,
        'hoechste_mahnstufe',
      );
    case 'raten_nicht_faellig':
    case 'nicht_faellig':
      return conflict(
        `Die Rechnung ${nr} ist am ${formatGermanDate(datum)} nicht überfällig${
          grund === 'raten_nicht_faellig' ? ': die fälligen Raten sind bezahlt' : ''
        }; es gibt nichts zu mahnen.`,
        undefined,
        'nicht_faellig',
      );
  }
}

/** Reads one receivable's reminder state, locked for the rest of the transaction (404 when missing). */
export async function mahnStandGesperrt(db: Db, rechnungId: number): Promise<MahnStand> {
  await db('rechnungen').where({ id: rechnungId }).forUpdate().first('id');
  const [s] = await ladeMahnStaende(db, (q) => q.where('rechnungen.id', rechnungId));
  if (!s) throw notFound('Diese Rechnung gibt es nicht.');
  return s;
}

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

/** The text of the interest position: rate, days, period and principal (the letter prints it). */
export function zinsenText(z: NonNullable<MahnPlan['zinsen']>): string {
  return `Verzugszinsen ${z.satz.replace('.', ',')} % p. a. für ${z.tage} Tage (${formatGermanDate(
    z.von,
  )} bis ${formatGermanDate(z.bis)}) auf ${euro(z.kapitalCent)}`;
}

/** The text of the fee position; the preview's letter shows the same line the reminder then books. */
export const gebuehrText = (stufe: number, datum: string): string =>
  `Mahngebühr (${MAHNSTUFE_TITEL[stufe] ?? 'Mahnung'} vom ${formatGermanDate(datum)})`;

/**
 * Books the planned reminder of a locked receivable: positions for fee and interest, the new amount
 * and level, the `mahnungen` row, the history. Returns the new reminder's id.
 */
export async function bucheMahnung(
  db: Db,
  actor: Actor,
  s: MahnStand,
  plan: MahnPlan,
  datum: string,
  calc: boolean,
): Promise<number> {
  const letzte = (await db('rechnung_positionen').where({ rechnung_id: s.id }).max('sortierung as m').first()) as
    | { m: number | null }
    | undefined;
  let sortierung = Number(letzte?.m ?? 0);
  const titel = MAHNSTUFE_TITEL[plan.stufe] ?? 'Mahnung';
  const position = (art: string, text: string, betragCent: number) => ({
    rechnung_id: s.id,
    sortierung: ++sortierung,
    parzelle_id: null,
    parzelle_nummer: '',
    art,
    text,
    menge: null,
    satz: null,
    betrag_cent: betragCent,
    steuersatz: 0,
    buchungskonto_id: null,
  });
  const positionen = [];
  if (plan.gebuehrCent > 0) positionen.push(position('mahngebuehr', gebuehrText(plan.stufe, datum), plan.gebuehrCent));
  if (plan.zinsen) positionen.push(position('verzugszinsen', zinsenText(plan.zinsen), plan.zinsen.cent));
  if (positionen.length) await db('rechnung_positionen').insert(positionen);
  const zuschlag = plan.gebuehrCent + (plan.zinsen?.cent ?? 0);
  await db('rechnungen')
    .where({ id: s.id })
    .update({
      betrag_cent: s.betragCent + zuschlag,
      mahnstufe: plan.stufe,
      letzte_mahnung_am: datum,
      version: Number(s.row.version) + 1,
      updated_at: nowDb(),
    });
  const [mahnungId] = await db('mahnungen').insert({
    rechnung_id: s.id,
    stufe: plan.stufe,
    datum,
    offen_cent: plan.neuOffenCent,
    faellig_cent: plan.faelligCent,
    gebuehr_cent: plan.gebuehrCent,
    zinsen_cent: plan.zinsen?.cent ?? 0,
    // With calc the interest is settled up to the reminder's day even when it came to 0 cents.
    zinsen_bis: calc ? datum : null,
    benutzer: actor.name,
    created_at: nowDb(),
  });
  await recordHistory(db, actor, {
    entityType: RECHNUNG_HISTORY,
    entityId: s.id,
    action: 'mahnung',
    before: { mahnstufe: s.row.mahnstufe, betragCent: s.betragCent, letzteMahnungAm: dateOf(s.row.letzte_mahnung_am) },
    after: {
      mahnstufe: plan.stufe,
      betragCent: s.betragCent + zuschlag,
      letzteMahnungAm: datum,
      mahnung: titel,
      gebuehrCent: plan.gebuehrCent,
      zinsenCent: plan.zinsen?.cent ?? 0,
    },
  });
  return Number(mahnungId);
}

/**
 * GET Mahnungen: the next reminder of one receivable. `vorschau`: nothing is written and the letter
 * shows what the reminder would charge (`plan`). Otherwise the reminder is booked and its id
 * answered — unless the receivable was reminded on that very day already: a GET may be sent twice (a
 * double click, a reloaded PDF tab), so the day's reminder is answered again instead of raising the
 * level a second time (ResetMahnung clears the day, so a deliberate new reminder still works).
 */
export async function mahneRechnung(
  db: Db,
  actor: Actor,
  rechnungId: number,
  datum: string,
  calc: boolean,
  vorschau: boolean,
): Promise<{ stand: MahnStand; stufe: number; plan: MahnPlan | null; mahnungId: number | null }> {
  const s = await mahnStandGesperrt(db, rechnungId);
  if (!vorschau && dateOf(s.row.letzte_mahnung_am) === datum) {
    const heute = (await db('mahnungen')
      .where({ rechnung_id: rechnungId, datum, stufe: s.row.mahnstufe })
      .orderBy('id', 'desc')
      .first()) as MahnungRow | undefined;
    if (heute) return { stand: s, stufe: heute.stufe, plan: null, mahnungId: Number(heute.id) };
  }
  const hindernis = mahnHindernis(s, datum);
  if (hindernis) throw mahnKonflikt(s, hindernis, datum);
  const plan = planeMahnung(s, datum, calc, await mahnGebuehren(db));
  if (vorschau) return { stand: s, stufe: plan.stufe, plan, mahnungId: null };
  return { stand: s, stufe: plan.stufe, plan, mahnungId: await bucheMahnung(db, actor, s, plan, datum, calc) };
}

/** POST ResetMahnung: level 0 and no last reminder (the next run may remind at once); rows and positions stay. */
export async function resetMahnung(db: Db, actor: Actor, rechnungId: number): Promise<void> {
  const s = await mahnStandGesperrt(db, rechnungId);
  await db('rechnungen')
    .where({ id: rechnungId })
    .update({ mahnstufe: 0, letzte_mahnung_am: null, version: Number(s.row.version) + 1, updated_at: nowDb() });
  await recordHistory(db, actor, {
    entityType: RECHNUNG_HISTORY,
    entityId: rechnungId,
    action: 'mahnungReset',
    before: { mahnstufe: s.row.mahnstufe, letzteMahnungAm: dateOf(s.row.letzte_mahnung_am) },
    after: { mahnstufe: 0, letzteMahnungAm: null },
  });
}
