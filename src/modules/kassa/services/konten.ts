import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion, withoutVersion } from '../../../platform/db/optimisticLock';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '../../../platform/payment/iban';
import type { Konto, KontoArt, KontoInput, KontoLookup } from '../schema/konten';
import type { KontoRow } from '../tables';
import { assertOffen, ladePeriode } from './periode';
import { istWahr, periodeOderStandard, standardPeriodeOderNull } from './standardPeriode';

// Bank accounts and the cash box (Kassa controller). An account lives across periods; its opening
// balance is per period (konto_anfangsbestaende) and may only change while that period is open.

export const KONTO_HISTORY_TYPE = 'Konto';
const KONTO_NICHT_GEFUNDEN = 'Dieses Konto gibt es nicht (mehr).';

type Periodenwerte = { anfang: Map<number, number>; summe: Map<number, number>; anzahl: Map<number, number> };

async function periodenwerte(db: Db, periodeId: number | null): Promise<Periodenwerte> {
  const werte: Periodenwerte = { anfang: new Map(), summe: new Map(), anzahl: new Map() };
  if (periodeId == null) return werte;
  for (const r of await db('konto_anfangsbestaende').where({ kassaabrechnung_id: periodeId })) {
    werte.anfang.set(Number(r.konto_id), Number(r.anfangsbestand_cent));
  }
  const rows = (await db('kassabuch')
    .where({ kassaabrechnung_id: periodeId })
    .groupBy('konto_id')
    .select('konto_id')
    .sum({ s: 'betrag_cent' })
    .count({ n: '*' })) as unknown as { konto_id: number; s: number | string; n: number | string }[];
  for (const r of rows) {
    werte.summe.set(Number(r.konto_id), Number(r.s ?? 0));
    werte.anzahl.set(Number(r.konto_id), Number(r.n));
  }
  return werte;
}

function toKonto(row: KontoRow, w: Periodenwerte): Konto {
  const id = Number(row.id);
  const anfang = w.anfang.get(id) ?? 0;
  return {
    id,
    name: row.name,
    art: row.art as KontoArt,
    iban: row.iban ?? null,
    bic: row.bic ?? null,
    aktiv: istWahr(row.aktiv),
    anfangsbestandCent: anfang,
    saldoCent: anfang + (w.summe.get(id) ?? 0),
    bankMappingId: row.bank_mapping_id == null ? null : Number(row.bank_mapping_id),
    anzahlBuchungen: w.anzahl.get(id) ?? 0,
    version: Number(row.version),
  };
}

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'de-AT') || a.id - b.id;

/** GetKonten: every account with its balance in the period asked (default the screens' default one). */
export async function listKonten(db: Db, kassaabrechnungId?: number): Promise<Konto[]> {
  const periode = await periodeOderStandard(db, kassaabrechnungId);
  const w = await periodenwerte(db, periode ? Number(periode.id) : null);
  return (await db('konten')).map((r) => toKonto(r, w)).sort(byName);
}

export async function getKonto(db: Db, id: number, kassaabrechnungId?: number): Promise<Konto> {
  const row = await db('konten').where({ id }).first();
  if (!row) throw notFound(KONTO_NICHT_GEFUNDEN);
  const periode = await periodeOderStandard(db, kassaabrechnungId);
  return toKonto(row, await periodenwerte(db, periode ? Number(periode.id) : null));
}

export async function kontenLookup(db: Db): Promise<KontoLookup[]> {
  return (await db('konten'))
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      art: r.art as KontoArt,
      aktiv: istWahr(r.aktiv),
      iban: r.iban ?? null,
    }))
    .sort(byName);
}

async function pruefeKonto(db: Db, input: KontoInput): Promise<{ iban: string | null; bic: string | null }> {
  const errors: Record<string, string[]> = {};
  const iban = input.iban ? normalizeIban(input.iban) : null;
  const bic = input.bic ? normalizeBic(input.bic) : null;
  if (iban && !isValidIban(iban))
    errors.iban = ['Diese IBAN ist nicht gültig (Länderformat oder Prüfziffern), z. B. AT61 1904 3002 3457 3201.'];
  if (bic && !isValidBic(bic)) errors.bic = ['Dieser BIC ist nicht gültig, z. B. BKAUATWW.'];
  if (input.art === 'bank' && !iban) errors.iban = ['Bitte geben Sie die IBAN des Bankkontos an.'];
  if (await db('konten').whereNot({ id: input.id }).andWhere({ name: input.name }).first('id'))
    errors.name = [`Ein Konto „${input.name}“ gibt es schon.`];
  if (input.bankMappingId != null && !(await db('bank_mappings').where({ id: input.bankMappingId }).first('id')))
    errors.bankMappingId = ['Dieses Import-Schema gibt es nicht (mehr).'];
  if (Object.keys(errors).length) throw validationFailed(errors, 'Das Konto ist nicht gültig.');
  return { iban, bic };
}

/**
 * UpdateKonto: creates or changes an account; `anfangsbestandCent` sets its opening balance in the
 * period `kassaabrechnungId` (default the screens' default one). A changed opening balance in a
 * closed period is refused (409); sending the stored value back changes nothing and is fine.
 */
export async function saveKonto(db: Db, actor: Actor, input: KontoInput): Promise<Konto> {
  let id = input.id;
  let before: KontoRow | undefined;
  if (id) {
    await claimVersion(db, {
      table: 'konten',
      id,
      expected: input.version,
      entityType: KONTO_HISTORY_TYPE,
      label: 'Das Konto',
      notFound: KONTO_NICHT_GEFUNDEN,
    });
    before = await db('konten').where({ id }).first();
  }
  const { iban, bic } = await pruefeKonto(db, input);
  const fields = {
    name: input.name,
    art: input.art,
    iban,
    bic,
    aktiv: input.aktiv,
    bank_mapping_id: input.bankMappingId,
  };
  const now = nowDb();
  if (id) {
    await db('konten')
      .where({ id })
      .update({ ...fields, updated_at: now });
  } else {
    await db('konten').insert({ ...fields, version: 1, created_at: now, updated_at: now });
    id = Number((await db('konten').where({ name: input.name }).first('id'))?.id);
  }

  let anfang: { periodeId: number; vorherCent: number; nachherCent: number } | undefined;
  const periode =
    input.kassaabrechnungId != null
      ? await ladePeriode(db, input.kassaabrechnungId)
      : input.anfangsbestandCent !== undefined
        ? await standardPeriodeOderNull(db)
        : null;
  if (input.anfangsbestandCent !== undefined) {
    if (!periode) throw validationFailed({ kassaabrechnungId: ['Bitte legen Sie zuerst eine Kassaabrechnung an.'] });
    const periodeId = Number(periode.id);
    const row = await db('konto_anfangsbestaende').where({ konto_id: id, kassaabrechnung_id: periodeId }).first();
    const vorherCent = row ? Number(row.anfangsbestand_cent) : 0;
    if (vorherCent !== input.anfangsbestandCent) {
      assertOffen(periode);
      if (row)
        await db('konto_anfangsbestaende')
          .where({ id: row.id })
          .update({ anfangsbestand_cent: input.anfangsbestandCent });
      else
        await db('konto_anfangsbestaende').insert({
          konto_id: id,
          kassaabrechnung_id: periodeId,
          anfangsbestand_cent: input.anfangsbestandCent,
        });
      anfang = { periodeId, vorherCent, nachherCent: input.anfangsbestandCent };
    }
  }
  const after = await getKonto(db, id, periode ? Number(periode.id) : undefined);
  await recordHistory(db, actor, {
    entityType: KONTO_HISTORY_TYPE,
    entityId: id,
    action: before ? 'update' : 'create',
    before: before
      ? {
          name: before.name,
          art: before.art,
          iban: before.iban,
          bic: before.bic,
          aktiv: istWahr(before.aktiv),
          bankMappingId: before.bank_mapping_id,
          ...(anfang ? { anfangsbestandCent: anfang.vorherCent } : {}),
        }
      : undefined,
    after: {
      name: after.name,
      art: after.art,
      iban: after.iban,
      bic: after.bic,
      aktiv: after.aktiv,
      bankMappingId: after.bankMappingId,
      ...(anfang ? { anfangsbestandCent: anfang.nachherCent, kassaabrechnungId: anfang.periodeId } : {}),
    },
  });
  return after;
}

/**
 * DeleteKonto: only an account no entry and no bank import uses (409), and whose opening balance
 * in a closed period is 0 (removing it would change that period's figures).
 */
export async function deleteKonto(db: Db, actor: Actor, id: number): Promise<void> {
  const row = await db('konten').where({ id }).first();
  if (!row) throw notFound(KONTO_NICHT_GEFUNDEN);
  const anzahl = await db('kassabuch').where({ konto_id: id }).count({ n: '*' }).first();
  const importe = await db('bank_importe').where({ konto_id: id }).count({ n: '*' }).first();
  if (Number(anzahl?.n ?? 0) > 0 || Number(importe?.n ?? 0) > 0) {
    throw conflict(
      `Das Konto „${row.name}“ hat Buchungen und kann nicht gelöscht werden. Sie können es stattdessen deaktivieren.`,
      undefined,
      'in_verwendung',
    );
  }
  const geschlossen = await db('konto_anfangsbestaende as a')
    .join('kassaabrechnungen as k', 'k.id', 'a.kassaabrechnung_id')
    .where('a.konto_id', id)
    .andWhere('k.geschlossen', true)
    .andWhereNot('a.anfangsbestand_cent', 0)
    .first('k.bezeichnung', 'k.geschlossen');
  if (geschlossen) assertOffen(geschlossen);
  await db('konto_anfangsbestaende').where({ konto_id: id }).delete();
  await db('konten').where({ id }).delete();
  await recordHistory(db, actor, {
    entityType: KONTO_HISTORY_TYPE,
    entityId: id,
    action: 'delete',
    before: withoutVersion({ name: row.name, art: row.art, iban: row.iban, version: row.version }),
  });
}
