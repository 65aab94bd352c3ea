import type { Actor } from '../../../platform/auth/principal';
import { todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import type { Eintrag, StornoInput } from '../schema/kassabuch';
import { bucheEintraege } from './buchen';
import { EINTRAG_NICHT_GEFUNDEN } from './kassabuch';
import { ladeEintrag } from './kassabuchLesen';
import { nachStorno } from './kassabuchZuordnungen';
import { periodeFuerDatum } from './periode';
import type { Steuersatz } from './steuer';

// StornoKassabuch: the correction of an entry (also a checked one) is a new entry with the negated
// amount on the same accounts that names the original (`storno_von_id`). An entry is reversed at
// most once, and a reversal is not reversed again (book the entry anew instead).

/** POST Kassa/StornoKassabuch → the reversal entry. */
export async function storniere(db: Db, actor: Actor, input: StornoInput): Promise<Eintrag> {
  // The period rows first, as CloseFilteredEntries and every booking lock them (else a check holding
  // them and waiting for the original would deadlock with this reversal waiting for its period);
  // then the original (MariaDB), so two reversals of it at once are served one after the other.
  await db('kassaabrechnungen').select('id').forUpdate();
  const original = await db('kassabuch').where({ id: input.id }).forUpdate().first();
  if (!original) throw notFound(EINTRAG_NICHT_GEFUNDEN);
  if (original.storno_von_id != null) {
    throw conflict(
      `Beleg ${original.belegnummer} ist selbst eine Stornobuchung und kann nicht storniert werden.`,
      undefined,
      'kassabuch_storno',
    );
  }
  const schon = await db('kassabuch').where({ storno_von_id: original.id }).first('belegnummer');
  if (schon) {
    throw conflict(
      `Beleg ${original.belegnummer} ist bereits storniert (Beleg ${schon.belegnummer}).`,
      undefined,
      'kassabuch_storniert',
    );
  }
  const datum = input.datum ?? todayIso();
  const periode = await periodeFuerDatum(db, datum);
  let buchungskontoId = Number(original.buchungskonto_id);
  let kostenstelleId = original.kostenstelle_id == null ? null : Number(original.kostenstelle_id);
  if (Number(periode.id) !== Number(original.kassaabrechnung_id)) {
    // Reversed in a later period: the accounts of the same number there (GetNewKassaabrechnung copies them).
    const bk = await db('buchungskonten').where({ id: buchungskontoId }).first('nummer', 'name');
    const gleich = await db('buchungskonten')
      .where({ kassaabrechnung_id: periode.id, nummer: bk?.nummer ?? '', geloescht: false })
      .first('id');
    if (!gleich) {
      throw validationFailed({
        datum: [
          `In der Kassaabrechnung „${periode.bezeichnung}“ gibt es kein Buchungskonto ${bk?.nummer ?? ''} „${bk?.name ?? ''}“ für die Stornobuchung.`,
        ],
      });
    }
    buchungskontoId = Number(gleich.id);
    if (kostenstelleId != null) {
      const ks = await db('kostenstellen').where({ id: kostenstelleId }).first('nummer');
      const ksNeu = await db('kostenstellen')
        .where({ kassaabrechnung_id: periode.id, nummer: ks?.nummer ?? '' })
        .first('id');
      kostenstelleId = ksNeu ? Number(ksNeu.id) : null;
    }
  }
  const text = input.text ?? `Storno Beleg ${original.belegnummer}: ${original.text}`.slice(0, 500);
  const [row] = await bucheEintraege(db, actor, [
    {
      datum,
      betragCent: -Number(original.betrag_cent),
      kontoId: Number(original.konto_id),
      buchungskontoId,
      kostenstelleId,
      steuersatz: Number(original.steuersatz) as Steuersatz,
      text,
      kommentar: original.kommentar,
      rechnungsdatum: original.rechnungsdatum == null ? null : String(original.rechnungsdatum).slice(0, 10),
      parzelleId: original.parzelle_id == null ? null : Number(original.parzelle_id),
      adresseId: original.adresse_id == null ? null : Number(original.adresse_id),
      stornoVonId: Number(original.id),
    },
  ]);
  await nachStorno(db, actor, Number(original.id), Number(row?.id));
  return (await ladeEintrag(db, Number(row?.id))) as Eintrag;
}
