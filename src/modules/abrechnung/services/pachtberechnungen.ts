import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { decimalString, roundDecimal, sumDecimals } from '../../../platform/money';
import { listParzellen } from '../../stammdaten/services';
import { readSection } from '../../vereinseinstellungen/services';
import type { Pachtberechnung, PachtberechnungId, PachtberechnungInput } from '../schema/pachtberechnung';
import type { PachtabrechnungRow, PachtberechnungRow } from '../tables';
import { assertBuchungskontenGibtEs } from './buchungskontenZuordnung';
import { assertZvNichtGebucht } from './jahrGesperrt';
import { findeLauf } from './lauf';
import { findYear } from './pachtabrechnungen';

// The rates of a billing year (Pachtberechnung, 1:1 with the Pachtabrechnung; docs/api/abrechnung.md
// "Pachtberechnung"). A year without a row answers the defaults; the first save creates the row.

export const PACHTBERECHNUNG_HISTORY_TYPE = 'Pachtberechnung';

const NICHT_GEFUNDEN = 'Diese Pachtberechnung (dieses Abrechnungsjahr) gibt es nicht (mehr).';

/** The Pachtberechnung of a year; 404 German when the year does not exist. */
export async function ladePachtberechnung(db: Db, pachtabrechnungId: number): Promise<Pachtberechnung> {
  const year = await db('pachtabrechnungen').where({ id: pachtabrechnungId }).first();
  if (!year) throw notFound(NICHT_GEFUNDEN);
  return (await presentAll(db, [year]))[0] as Pachtberechnung;
}

/** Every year's Pachtberechnung, newest first. */
export async function listPachtberechnungen(db: Db): Promise<Pachtberechnung[]> {
  return presentAll(db, await db('pachtabrechnungen').orderBy('jahr', 'desc'));
}

/** GetAllPachtberechnungIDs: the years, newest first. */
export async function allePachtberechnungIds(db: Db): Promise<PachtberechnungId[]> {
  const rows = await db('pachtabrechnungen').orderBy('jahr', 'desc').select('id', 'jahr');
  return rows.map((r) => ({ id: Number(r.id), jahr: Number(r.jahr) }));
}

async function presentAll(db: Db, years: PachtabrechnungRow[]): Promise<Pachtberechnung[]> {
  if (!years.length) return [];
  const ids = years.map((y) => Number(y.id));
  const rows = new Map(
    (await db('pachtberechnungen').whereIn('pachtabrechnung_id', ids)).map((r) => [Number(r.pachtabrechnung_id), r]),
  );
  const zuschlaege = new Map(
    (
      await db('pachtzuschlaege')
        .whereIn('pachtabrechnung_id', ids)
        .groupBy('pachtabrechnung_id')
        .select('pachtabrechnung_id')
        .count({ n: '*' })
    ).map((r) => [Number(r.pachtabrechnung_id), Number(r.n)]),
  );
  const gebucht = new Set(
    (
      await db('abrechnungslaeufe')
        .whereIn('pachtabrechnung_id', ids)
        .where({ art: 'Zahlungsvorschreibung', schluessel: '' })
        .select('pachtabrechnung_id')
    ).map((r) => Number(r.pachtabrechnung_id)),
  );
  const settingsTage = (await readSection(db, 'anzahl')).zahlungszielTage;
  // The active plots are the same in every year (a plot is active or not, not per year).
  const aktive = await listParzellen(db, { pachtabrechnungID: ids[0], filter: 'aktiv' });
  const summeFlaeche = sumDecimals(
    aktive.map((p) => p.flaeche),
    2,
  );
  return years.map((y) => {
    const id = Number(y.id);
    const r = rows.get(id);
    const tage = r?.zahlungsziel_tage == null ? null : Number(r.zahlungsziel_tage);
    const steuersatz = Number(r?.pacht_steuersatz ?? 0);
    return {
      id,
      pachtabrechnungId: id,
      version: Number(r?.version ?? 1),
      jahr: Number(y.jahr),
      bezeichnung: y.bezeichnung,
      pachtzinsProM2: r ? decimalString(r.pachtzins_pro_m2) : '0.00',
      grundsteuerProM2: r?.grundsteuer_pro_m2 == null ? null : decimalString(r.grundsteuer_pro_m2),
      gemeinschaftsflaeche: r ? roundDecimal(r.gemeinschaftsflaeche, 2) : '0.00',
      zahlungszielTage: tage,
      zahlungszielTageWirksam: tage ?? settingsTage,
      pachtSteuersatz: (steuersatz === 10 || steuersatz === 20 ? steuersatz : 0) as 0 | 10 | 20,
      buchungskonten: {
        pachtzins: r?.bk_pachtzins_id == null ? null : Number(r.bk_pachtzins_id),
        gemeinschaftsflaeche: r?.bk_gemeinschaftsflaeche_id == null ? null : Number(r.bk_gemeinschaftsflaeche_id),
        grundsteuer: r?.bk_grundsteuer_id == null ? null : Number(r.bk_grundsteuer_id),
      },
      summeFlaeche,
      anzahlParzellen: aktive.length,
      anzahlZuschlaege: zuschlaege.get(id) ?? 0,
      gebucht: gebucht.has(id),
    };
  });
}

/** The row's columns from a save (the year's bezeichnung lives on the Pachtabrechnung). */
export function pachtberechnungSpalten(input: Omit<PachtberechnungInput, 'id' | 'version' | 'bezeichnung'>) {
  return {
    pachtzins_pro_m2: input.pachtzinsProM2,
    grundsteuer_pro_m2: input.grundsteuerProM2,
    gemeinschaftsflaeche: roundDecimal(input.gemeinschaftsflaeche, 2),
    zahlungsziel_tage: input.zahlungszielTage,
    pacht_steuersatz: input.pachtSteuersatz,
    bk_pachtzins_id: input.buchungskonten.pachtzins,
    bk_gemeinschaftsflaeche_id: input.buchungskonten.gemeinschaftsflaeche,
    bk_grundsteuer_id: input.buchungskonten.grundsteuer,
  } satisfies Partial<PachtberechnungRow>;
}

/** UpdatePachtberechnung: saves the year's rates (creates the row on the first save); 409 once the ZV is booked. */
export async function speicherePachtberechnung(
  db: Db,
  actor: Actor,
  input: PachtberechnungInput,
): Promise<Pachtberechnung> {
  const year = await findYear(db, input.id);
  if (!year) throw notFound(NICHT_GEFUNDEN);
  await assertZvNichtGebucht(db, year.id);
  await assertBuchungskontenGibtEs(
    db,
    [
      { feld: 'buchungskonten.pachtzins', id: input.buchungskonten.pachtzins },
      { feld: 'buchungskonten.gemeinschaftsflaeche', id: input.buchungskonten.gemeinschaftsflaeche },
      { feld: 'buchungskonten.grundsteuer', id: input.buchungskonten.grundsteuer },
    ],
    'Die Pachtberechnung wurde nicht gespeichert.',
  );
  const version = await claimVersion(db, {
    table: 'pachtberechnungen',
    idColumn: 'pachtabrechnung_id',
    id: year.id,
    expected: input.version,
    entityType: PACHTBERECHNUNG_HISTORY_TYPE,
    label: `Die Pachtberechnung ${year.jahr}`,
  });
  // No row yet: a reader saw version 1, so a save sending another version is stale.
  if (version === null && input.version != null && input.version !== 1) {
    throw conflict(
      `Die Pachtberechnung ${year.jahr} wurde inzwischen geändert. Bitte laden Sie die Daten neu.`,
      undefined,
      'version_conflict',
    );
  }
  const before = await ladePachtberechnung(db, year.id);
  const now = nowDb();
  const spalten = pachtberechnungSpalten(input);
  if (version === null) {
    await db('pachtberechnungen').insert({
      pachtabrechnung_id: year.id,
      version: 1,
      ...spalten,
      created_at: now,
      updated_at: now,
    });
  } else {
    await db('pachtberechnungen')
      .where({ pachtabrechnung_id: year.id })
      .update({ ...spalten, updated_at: now });
  }
  if (input.bezeichnung && input.bezeichnung !== year.bezeichnung) {
    await db('pachtabrechnungen').where({ id: year.id }).update({ bezeichnung: input.bezeichnung, updated_at: now });
  }
  const after = await ladePachtberechnung(db, year.id);
  await recordHistory(db, actor, {
    entityType: PACHTBERECHNUNG_HISTORY_TYPE,
    entityId: year.id,
    action: version === null ? 'create' : 'update',
    before: withoutVersion(before),
    after: withoutVersion(after),
  });
  return after;
}

/** Whether the year's Zahlungsvorschreibung is booked. */
export async function istZvGebucht(db: Db, pachtabrechnungId: number): Promise<boolean> {
  return Boolean(await findeLauf(db, { art: 'Zahlungsvorschreibung', pachtabrechnungId }));
}
