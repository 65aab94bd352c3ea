import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { claimVersion } from '../../../platform/db/optimisticLock';
import { AppError, conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory, recordHistoryMany } from '../../../platform/history/history';
import { formatEuro } from '../../../platform/money';
import { displayName } from '../../stammdaten/services';
import type { DeleteRechnungenFilteredAntwort, Rechnung, RechnungFilter, RechnungInput } from '../schema/rechnung';
import { legeRechnungenAn } from './rechnungenAnlegen';
import { ladeRechnung, ladeRechnungen } from './rechnungenLaden';

// Manual receivables and the changes a booked one still allows (UpdateRechnung), deleting
// (DeleteRechnung, DeleteRechnungenFiltered). A receivable of a billing run, or one that was paid,
// reminded or sent, is part of the books: only its due date, reminder stop and note change. A
// deleted receivable's number is never given again (the year's counter is not touched).

export const RECHNUNG_HISTORY = 'Rechnung';

/** 409 `rechnung_gebucht`: a booked receivable asked to change more than its dates and note. */
export class RechnungGebuchtError extends AppError {
  constructor(
    title: string,
    readonly felder: string[],
  ) {
    super(409, 'rechnung_gebucht', title);
  }
  override get extra() {
    return { felder: this.felder };
  }
}

const FELD_NAMEN: Record<string, string> = {
  adresseId: 'Adresse',
  parzelleId: 'Parzelle',
  gruppeId: 'Gruppe',
  datum: 'Datum',
  positionen: 'Positionen',
};

const positionenGleich = (a: Rechnung['positionen'], b: RechnungInput['positionen']) =>
  a.length === b.length &&
  a.every(
    (p, i) =>
      p.text === b[i]!.text &&
      p.betragCent === b[i]!.betragCent &&
      p.steuersatz === b[i]!.steuersatz &&
      (p.buchungskontoId ?? null) === (b[i]!.buchungskontoId ?? null),
  );

/** Checks the references of a manual receivable (422 per field) and answers the billed name and plot number. */
async function pruefeBezuege(db: Db, input: RechnungInput): Promise<{ adresseName: string; parzelleNummer: string }> {
  const errors: Record<string, string[]> = {};
  const adresse = await db('adressen').where('id', input.adresseId).first('titel', 'vorname', 'nachname');
  if (!adresse) errors.adresseId = ['Diese Adresse gibt es nicht.'];
  let parzelleNummer = '';
  if (input.parzelleId) {
    const p = await db('parzellen').where('id', input.parzelleId).first('nummer');
    if (!p) errors.parzelleId = ['Diese Parzelle gibt es nicht.'];
    else parzelleNummer = String(p.nummer);
  }
  if (input.gruppeId && !(await db('gruppen').where('id', input.gruppeId).first('id')))
    errors.gruppeId = ['Diese Gruppe gibt es nicht.'];
  if (input.faelligAm < input.datum) errors.faelligAm = ['Die Fälligkeit darf nicht vor dem Rechnungsdatum liegen.'];
  input.positionen.forEach((p, i) => {
    if (p.betragCent === 0) errors[`positionen.${i}.betragCent`] = ['Bitte einen Betrag ungleich 0 eingeben.'];
  });
  if (!errors.positionen && input.positionen.reduce((s, p) => s + p.betragCent, 0) === 0)
    errors.positionen = ['Der Betrag der Rechnung darf nicht 0 sein.'];
  const konten = [...new Set(input.positionen.map((p) => p.buchungskontoId).filter((v): v is number => v != null))];
  if (konten.length) {
    const da = new Set((await db('buchungskonten').whereIn('id', konten).select('id')).map((r) => Number(r.id)));
    input.positionen.forEach((p, i) => {
      if (p.buchungskontoId != null && !da.has(p.buchungskontoId))
        errors[`positionen.${i}.buchungskontoId`] = ['Dieses Buchungskonto gibt es nicht.'];
    });
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { adresseName: adresse ? displayName(adresse) : '', parzelleNummer };
}

/**
 * An instalment plan must add up to the amount and not precede the date (UpdateRaten's rules): a change
 * that would break the stored plan is refused (422) rather than leaving a plan that no longer fits.
 */
function pruefeRaten(before: Rechnung, input: RechnungInput): void {
  if (!before.raten.length) return;
  const errors: Record<string, string[]> = {};
  const betrag = input.positionen.reduce((s, p) => s + p.betragCent, 0);
  if (betrag !== before.betragCent)
    errors.positionen = [
      `Für diese Rechnung sind Raten über ${formatEuro(before.betragCent, { nbsp: false })} vereinbart: heben Sie zuerst die Raten auf oder lassen Sie den Betrag gleich.`,
    ];
  if (input.datum > before.raten[0]!.faelligAm)
    errors.datum = [
      `Die erste Rate ist am ${formatGermanDate(before.raten[0]!.faelligAm)} fällig: das Rechnungsdatum darf nicht danach liegen.`,
    ];
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** POST UpdateRechnung: creates a manual receivable (id 0) or changes one; answers it. */
export async function speichereRechnung(db: Db, actor: Actor, input: RechnungInput): Promise<Rechnung> {
  if (!input.id) {
    const { adresseName, parzelleNummer } = await pruefeBezuege(db, input);
    const [neu] = await legeRechnungenAn(db, [
      {
        art: 'manuell',
        adresseId: input.adresseId,
        adresseName,
        parzelleId: input.parzelleId,
        gruppeId: input.gruppeId,
        datum: input.datum,
        faelligAm: input.faelligAm,
        notiz: input.notiz,
        positionen: input.positionen.map((p) => ({
          parzelleId: input.parzelleId,
          parzelleNummer,
          art: 'manuell',
          text: p.text,
          betragCent: p.betragCent,
          steuersatz: p.steuersatz,
          buchungskontoId: p.buchungskontoId,
        })),
      },
    ]);
    if (input.mahnsperreBis)
      await db('rechnungen').where('id', neu!.id).update({ mahnsperre_bis: input.mahnsperreBis });
    const after = (await ladeRechnung(db, neu!.id))!;
    await recordHistory(db, actor, { entityType: RECHNUNG_HISTORY, entityId: neu!.id, action: 'create', after });
    return after;
  }

  const row = await db('rechnungen').where('id', input.id).first('nummer');
  if (!row) throw notFound('Die Rechnung wurde nicht gefunden.');
  await claimVersion(db, {
    table: 'rechnungen',
    id: input.id,
    expected: input.version,
    entityType: RECHNUNG_HISTORY,
    label: `Die Rechnung ${row.nummer}`,
  });
  const before = (await ladeRechnung(db, input.id))!;
  const now = nowDb();
  if (before.bearbeitbar === 'termine') {
    const geaendert = [
      before.adresseId !== input.adresseId && 'adresseId',
      (before.parzelleId ?? null) !== input.parzelleId && 'parzelleId',
      (before.gruppeId ?? null) !== input.gruppeId && 'gruppeId',
      before.datum !== input.datum && 'datum',
      !positionenGleich(before.positionen, input.positionen) && 'positionen',
    ].filter((f): f is string => Boolean(f));
    if (geaendert.length) {
      throw new RechnungGebuchtError(
        `Die Rechnung ${before.nummer} ist gebucht, bezahlt, gemahnt oder versendet: nur Fälligkeit, Mahnsperre und Notiz können geändert werden (geändert: ${geaendert.map((f) => FELD_NAMEN[f]).join(', ')}).`,
        geaendert,
      );
    }
    if (input.faelligAm < before.datum)
      throw validationFailed({ faelligAm: ['Die Fälligkeit darf nicht vor dem Rechnungsdatum liegen.'] });
  } else {
    const { adresseName, parzelleNummer } = await pruefeBezuege(db, input);
    if (Number(input.datum.slice(0, 4)) !== before.jahr) {
      throw validationFailed({
        datum: [
          `Die Rechnungsnummer ${before.nummer} gehört zum Jahr ${before.jahr}: das Datum muss in diesem Jahr bleiben.`,
        ],
      });
    }
    pruefeRaten(before, input);
    await db('rechnung_positionen').where('rechnung_id', input.id).delete();
    await db('rechnung_positionen').insert(
      input.positionen.map((p, i) => ({
        rechnung_id: input.id,
        sortierung: i + 1,
        parzelle_id: input.parzelleId,
        parzelle_nummer: parzelleNummer,
        art: 'manuell',
        text: p.text,
        menge: null,
        satz: null,
        betrag_cent: p.betragCent,
        steuersatz: p.steuersatz,
        buchungskonto_id: p.buchungskontoId,
      })),
    );
    await db('rechnungen')
      .where('id', input.id)
      .update({
        adresse_id: input.adresseId,
        adresse_name: adresseName,
        parzelle_id: input.parzelleId,
        gruppe_id: input.gruppeId,
        datum: input.datum,
        betrag_cent: input.positionen.reduce((s, p) => s + p.betragCent, 0),
      });
  }
  await db('rechnungen').where('id', input.id).update({
    faellig_am: input.faelligAm,
    mahnsperre_bis: input.mahnsperreBis,
    notiz: input.notiz,
    updated_at: now,
  });
  const after = (await ladeRechnung(db, input.id))!;
  await recordHistory(db, actor, { entityType: RECHNUNG_HISTORY, entityId: input.id, action: 'update', before, after });
  return after;
}

/**
 * Why each receivable may not be deleted (absent: deletable). The rows are locked first and the
 * allocations and reminders read with locking reads (current, not the transaction's snapshot): an
 * allocation (ordneZu locks the receivable too) or a reminder committed meanwhile is seen, so the
 * delete never trips over the foreign key of a payment that came in between.
 */
async function loeschGruende(db: Db, ids: readonly number[]): Promise<Map<number, 'bezahlt' | 'versendet'>> {
  const out = new Map<number, 'bezahlt' | 'versendet'>();
  const sortiert = [...ids].sort((a, b) => a - b);
  for (let i = 0; i < sortiert.length; i += 500) {
    const chunk = sortiert.slice(i, i + 500);
    const rows = await db('rechnungen').whereIn('id', chunk).orderBy('id').forUpdate().select('id', 'versendet_am');
    for (const r of rows) if (r.versendet_am != null) out.set(Number(r.id), 'versendet');
    for (const r of await db('mahnungen').whereIn('rechnung_id', chunk).forShare().select('rechnung_id'))
      out.set(Number(r.rechnung_id), 'versendet');
    for (const r of await db('zuordnungen').whereIn('rechnung_id', chunk).forShare().select('rechnung_id'))
      out.set(Number(r.rechnung_id), 'bezahlt');
  }
  return out;
}

async function loesche(db: Db, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db('rechnung_positionen').whereIn('rechnung_id', chunk).delete();
    await db('rechnung_raten').whereIn('rechnung_id', chunk).delete();
    await db('rechnungen').whereIn('id', chunk).delete();
  }
}

/** DELETE DeleteRechnung: only a receivable without payments that was neither sent nor reminded. */
export async function loescheRechnung(db: Db, actor: Actor, id: number): Promise<void> {
  const grund = (await loeschGruende(db, [id])).get(id);
  const r = await ladeRechnung(db, id);
  if (!r) throw notFound('Die Rechnung wurde nicht gefunden.');
  if (grund === 'bezahlt')
    throw conflict(
      `Die Rechnung ${r.nummer} hat Zahlungen und kann nicht gelöscht werden.`,
      undefined,
      'rechnung_bezahlt',
    );
  if (grund === 'versendet')
    throw conflict(
      `Die Rechnung ${r.nummer} wurde bereits versendet oder gemahnt${r.versendetAm ? ` (${formatGermanDate(r.versendetAm.slice(0, 10))})` : ''} und kann nicht gelöscht werden.`,
      undefined,
      'rechnung_versendet',
    );
  await loesche(db, [id]);
  await recordHistory(db, actor, { entityType: RECHNUNG_HISTORY, entityId: id, action: 'delete', before: r });
}

/** DELETE DeleteRechnungenFiltered: deletes the deletable receivables of the filter, names the others. */
export async function loescheRechnungenGefiltert(
  db: Db,
  actor: Actor,
  filter: Partial<RechnungFilter>,
  dryRun: boolean,
): Promise<DeleteRechnungenFilteredAntwort> {
  const liste = await ladeRechnungen(db, filter);
  const gruende = await loeschGruende(
    db,
    liste.map((r) => r.id),
  );
  const antwort: DeleteRechnungenFilteredAntwort = { geloescht: [], uebersprungen: [] };
  const weg: Rechnung[] = [];
  for (const r of liste) {
    const grund = gruende.get(r.id);
    if (grund) antwort.uebersprungen.push({ id: r.id, nummer: r.nummer, grund });
    else {
      antwort.geloescht.push({ id: r.id, nummer: r.nummer });
      weg.push(r);
    }
  }
  if (!dryRun && weg.length) {
    await loesche(
      db,
      weg.map((r) => r.id),
    );
    await recordHistoryMany(
      db,
      actor,
      weg.map((r) => ({ entityType: RECHNUNG_HISTORY, entityId: r.id, action: 'delete', before: r })),
    );
  }
  return antwort;
}
