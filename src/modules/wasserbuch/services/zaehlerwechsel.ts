import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import { withoutVersion } from '../../../platform/db/optimisticLock';
import { validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { PARZELLE_HISTORY_TYPE, sameName } from '../../stammdaten/services';
import type { Ablesung, ZaehlerwechselInput } from '../schema/ablesungen';
import { ABLESUNG_HISTORY_TYPE, fromLiter, getAblesung, toLiter } from './readingRows';

export type ZaehlerwechselResult = {
  parzelleId: number;
  /** The plot's meter from now on. */
  wasserzaehlerNummer: string;
  /** The plot's new version (the change bumps it, so a dialog still open on the old meter gets 409). */
  version: number;
  endablesung: Ablesung;
  anfangsablesung: Ablesung;
};

/**
 * UpdateZaehlerwechsel (mirrors WechselHWZ): the old meter's final reading (isZaehlerwechsel) and
 * the new meter's first reading on `datum`, and `neueNummer` becomes the plot's meter, all in one
 * transaction. An empty row of a reading round for the old meter that day is filled, not doubled.
 */
export async function zaehlerwechselParzelle(
  db: Db,
  actor: Actor,
  data: ZaehlerwechselInput,
): Promise<ZaehlerwechselResult> {
  return inTransaction(db, async (trx) => {
    const plot = await trx('parzellen').where({ id: data.parzelleId }).first('id', 'nummer', 'wasserzaehler_nummer');
    if (!plot) throw validationFailed({ parzelleId: ['Diese Parzelle gibt es nicht.'] });
    const alt = plot.wasserzaehler_nummer ?? '';
    const key = `P${plot.id}`;
    const errors: Record<string, string[]> = {};
    if (!alt) {
      errors.parzelleId = [
        `Die Parzelle ${plot.nummer} hat noch keinen Wasserzähler; tragen Sie ihn in den Stammdaten ein.`,
      ];
    } else if (sameName(alt, data.neueNummer)) {
      errors.neueNummer = ['Der neue Zähler braucht eine andere Nummer als der alte.'];
    }
    const last = await trx('wasserablesungen')
      .where({ zaehler_key: key, zaehlernummer: alt })
      .whereNotNull('stand_liter')
      .orderBy([
        { column: 'datum', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first('datum', 'stand_liter');
    const lastDatum = last ? String(last.datum).slice(0, 10) : undefined;
    if (last && lastDatum && data.datum < lastDatum) {
      errors.datum = [`Der Wechsel darf nicht vor der letzten Ablesung (${formatGermanDate(lastDatum)}) liegen.`];
    }
    if (last?.stand_liter != null && toLiter(data.endstand) < Number(last.stand_liter)) {
      errors.endstand = [`Der Endstand darf nicht unter der letzten Ablesung (${fromLiter(last.stand_liter)}) liegen.`];
    }
    const neu = await trx('wasserablesungen')
      .where({ zaehler_key: key, zaehlernummer: data.neueNummer, datum: data.datum })
      .first('id');
    if (neu) errors.neueNummer = [`Für den Zähler „${data.neueNummer}“ gibt es an diesem Tag bereits eine Ablesung.`];
    if (Object.keys(errors).length) throw validationFailed(errors);

    const now = nowDb();
    const common = { datum: data.datum, parzelle_id: Number(plot.id), hauptwasserzaehler_id: null, zaehler_key: key };
    const roundRow = await trx('wasserablesungen')
      .where({ zaehler_key: key, zaehlernummer: alt, datum: data.datum })
      .first('id');
    // A row of the old meter that day (a round's empty row, or a reading typed in before the
    // change was recorded) becomes the final reading; its history shows what it was.
    const endBefore = roundRow ? await getAblesung(trx, Number(roundRow.id)) : undefined;
    let endId: number;
    if (roundRow) {
      endId = Number(roundRow.id);
      await trx('wasserablesungen')
        .where({ id: endId })
        .update({
          stand_liter: toLiter(data.endstand),
          is_zaehlerwechsel: true,
          updated_at: now,
          version: trx.raw('version + 1'),
        });
    } else {
      const values = { ...common, zaehlernummer: alt, stand_liter: toLiter(data.endstand), is_zaehlerwechsel: true };
      endId = Number(
        (await trx('wasserablesungen').insert({ ...values, quelle: 'manuell', created_at: now, updated_at: now }))[0],
      );
    }
    const [startId] = await trx('wasserablesungen').insert({
      ...common,
      zaehlernummer: data.neueNummer,
      stand_liter: toLiter(data.anfangsstand),
      is_zaehlerwechsel: false,
      quelle: 'manuell',
      notiz: data.plombe ? `Plombe ${data.plombe}` : null,
      created_at: now,
      updated_at: now,
    });
    await trx('parzellen')
      .where({ id: plot.id })
      .update({ wasserzaehler_nummer: data.neueNummer, updated_at: now, version: trx.raw('version + 1') });
    const endablesung = await getAblesung(trx, endId);
    const anfangsablesung = await getAblesung(trx, Number(startId));
    await recordHistory(trx, actor, {
      entityType: ABLESUNG_HISTORY_TYPE,
      entityId: endId,
      action: endBefore ? 'update' : 'create',
      before: withoutVersion(endBefore),
      after: withoutVersion(endablesung),
    });
    await recordHistory(trx, actor, {
      entityType: ABLESUNG_HISTORY_TYPE,
      entityId: anfangsablesung.id,
      action: 'create',
      after: withoutVersion(anfangsablesung),
    });
    await recordHistory(trx, actor, {
      entityType: PARZELLE_HISTORY_TYPE,
      entityId: Number(plot.id),
      action: 'zaehlerwechsel',
      before: { wasserzaehlerNummer: alt },
      after: {
        wasserzaehlerNummer: data.neueNummer,
        datum: data.datum,
        endstand: data.endstand,
        anfangsstand: data.anfangsstand,
        plombe: data.plombe,
      },
    });
    const version = await trx('parzellen').where({ id: plot.id }).first('version');
    return {
      parzelleId: Number(plot.id),
      wasserzaehlerNummer: data.neueNummer,
      version: Number(version?.version),
      endablesung,
      anfangsablesung,
    };
  });
}
