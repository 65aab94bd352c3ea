import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { listParzellen } from '../../stammdaten/services';
import type { Pachtzuschlag, PachtzuschlagInput, PachtzuschlagLookup } from '../schema/pachtzuschlag';
import type { PachtzuschlagRow } from '../tables';
import { assertBuchungskontenGibtEs } from './buchungskontenZuordnung';
import { assertZvNichtGebucht } from './jahrGesperrt';
import { zuschlagGilt } from './pacht';
import { resolveYear } from './pachtabrechnungen';
import { regelAus } from './pachtDaten';

// The surcharges on the lease of a year (Pachtzuschläge; docs/api/abrechnung.md "Pachtzuschläge").

export const PACHTZUSCHLAG_HISTORY_TYPE = 'Pachtzuschlag';
const NICHT_GEFUNDEN = 'Diesen Pachtzuschlag gibt es nicht (mehr).';

type AktivePlots = { id: number; flags: number }[];

const aktivePlots = async (db: Db, pachtabrechnungId: number): Promise<AktivePlots> =>
  (await listParzellen(db, { pachtabrechnungID: pachtabrechnungId, filter: 'aktiv' })).map((p) => ({
    id: p.id,
    flags: p.flags,
  }));

function present(r: PachtzuschlagRow, plots: AktivePlots): Pachtzuschlag {
  const regel = regelAus(r);
  return {
    id: regel.id,
    version: Number(r.version),
    pachtabrechnungId: Number(r.pachtabrechnung_id),
    sortierung: Number(r.sortierung),
    bezeichnung: regel.bezeichnung,
    art: regel.art,
    wert: regel.wert,
    basis: [...regel.basis],
    parzellenFlag: regel.parzellenFlag,
    parzellenIds: regel.parzellenIds ? [...regel.parzellenIds] : null,
    buchungskontoId: regel.buchungskontoId,
    steuersatz: regel.steuersatz,
    anzahlParzellen: plots.filter((p) => zuschlagGilt(regel, p)).length,
  };
}

/** Pachtzuschlaege: the year's surcharges in their order. */
export async function listPachtzuschlaege(db: Db, pachtabrechnungId?: number): Promise<Pachtzuschlag[]> {
  const year = await resolveYear(db, pachtabrechnungId);
  const rows = await db('pachtzuschlaege')
    .where({ pachtabrechnung_id: year.id })
    .orderBy([{ column: 'sortierung' }, { column: 'id' }]);
  const plots = await aktivePlots(db, year.id);
  return rows.map((r) => present(r, plots));
}

/** GetPachtzuschlag: one surcharge; 404 German. */
export async function getPachtzuschlag(db: Db, id: number): Promise<Pachtzuschlag> {
  const row = await db('pachtzuschlaege').where({ id }).first();
  if (!row) throw notFound(NICHT_GEFUNDEN);
  return present(row, await aktivePlots(db, Number(row.pachtabrechnung_id)));
}

/** Common/Pachtzuschlaege: id and name for dropdowns. */
export async function pachtzuschlaegeLookup(db: Db, pachtabrechnungId?: number): Promise<PachtzuschlagLookup[]> {
  const year = await resolveYear(db, pachtabrechnungId);
  const rows = await db('pachtzuschlaege')
    .where({ pachtabrechnung_id: year.id })
    .orderBy([{ column: 'sortierung' }, { column: 'id' }])
    .select('id', 'bezeichnung');
  return rows.map((r) => ({ id: Number(r.id), bezeichnung: r.bezeichnung }));
}

/** The checks a surcharge passes before it is stored (also the preview's draft): 422 per field. */
export async function pruefeZuschlag(db: Db, input: PachtzuschlagInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (input.art === 'prozent' && input.basis.length === 0)
    errors.basis = ['Bitte wählen Sie, wovon der Prozentsatz berechnet wird.'];
  if (input.art === 'prozent' && Number(input.wert) > 1000) errors.wert = ['Höchstens 1000 %.'];
  if (input.parzellenIds?.length) {
    const alle = new Set((await listParzellen(db, { filter: 'alle' })).map((p) => p.id));
    const fehlen = input.parzellenIds.filter((id) => !alle.has(id));
    if (fehlen.length) errors.parzellenIds = [`Diese Parzellen gibt es nicht: ${fehlen.join(', ')}.`];
  }
  if (Object.keys(errors).length) throw validationFailed(errors, 'Der Pachtzuschlag wurde nicht gespeichert.');
  await assertBuchungskontenGibtEs(
    db,
    [{ feld: 'buchungskontoId', id: input.buchungskontoId }],
    'Der Pachtzuschlag wurde nicht gespeichert.',
  );
}

/** The row's columns from a save. */
export const zuschlagSpalten = (input: PachtzuschlagInput) => ({
  bezeichnung: input.bezeichnung,
  art: input.art,
  wert: input.wert,
  basis: input.art === 'prozent' ? input.basis.join(',') : '',
  parzellen_flag: input.parzellenFlag,
  parzellen_ids: input.parzellenIds ? JSON.stringify(input.parzellenIds) : null,
  buchungskonto_id: input.buchungskontoId,
  steuersatz: input.steuersatz,
});

/** UpdatePachtzuschlag: creates (id 0) or changes a surcharge; 409 once the year's ZV is booked. */
export async function speicherePachtzuschlag(db: Db, actor: Actor, input: PachtzuschlagInput): Promise<Pachtzuschlag> {
  let before: Pachtzuschlag | undefined;
  let pachtabrechnungId: number;
  if (input.id) {
    const row = await db('pachtzuschlaege').where({ id: input.id }).first();
    if (!row) throw notFound(NICHT_GEFUNDEN);
    pachtabrechnungId = Number(row.pachtabrechnung_id);
  } else {
    pachtabrechnungId = (await resolveYear(db, input.pachtabrechnungId)).id;
  }
  await assertZvNichtGebucht(db, pachtabrechnungId);
  await pruefeZuschlag(db, input);
  const now = nowDb();
  let id = input.id;
  if (id) {
    await claimVersion(db, {
      table: 'pachtzuschlaege',
      id,
      expected: input.version,
      entityType: PACHTZUSCHLAG_HISTORY_TYPE,
      label: 'Der Pachtzuschlag',
      notFound: NICHT_GEFUNDEN,
    });
    before = await getPachtzuschlag(db, id);
    await db('pachtzuschlaege')
      .where({ id })
      .update({
        ...zuschlagSpalten(input),
        ...(input.sortierung !== undefined ? { sortierung: input.sortierung } : {}),
        updated_at: now,
      });
  } else {
    const letzte = await db('pachtzuschlaege')
      .where({ pachtabrechnung_id: pachtabrechnungId })
      .max({ m: 'sortierung' });
    const [neu] = await db('pachtzuschlaege').insert({
      version: 1,
      pachtabrechnung_id: pachtabrechnungId,
      sortierung: input.sortierung ?? Number(letzte[0]?.m ?? 0) + 1,
      ...zuschlagSpalten(input),
      created_at: now,
      updated_at: now,
    });
    id = Number(neu);
  }
  const after = await getPachtzuschlag(db, id);
  await recordHistory(db, actor, {
    entityType: PACHTZUSCHLAG_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

/** DeletePachtzuschlag; 409 once the year's ZV is booked. */
export async function loeschePachtzuschlag(db: Db, actor: Actor, id: number): Promise<void> {
  const before = await getPachtzuschlag(db, id);
  await assertZvNichtGebucht(db, before.pachtabrechnungId);
  await db('pachtzuschlaege').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: PACHTZUSCHLAG_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion(before),
  });
}
