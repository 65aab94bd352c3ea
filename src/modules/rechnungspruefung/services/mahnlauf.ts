import type { Actor } from '../../../platform/auth/principal';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { ADRESSE_FLAGS } from '../../stammdaten/schema/adressen';
import { listAdressen } from '../../stammdaten/services';
import type { MahnlaufErgebnis, MahnlaufGrund, MahnlaufVorschau, MahnlaufZeile } from '../schema/mahnungen';
import { fruehestensAm, ladeMahnStaende, mahnHindernis, planeMahnung } from './mahnStand';
import { bucheMahnung, mahnGebuehren, mahnStandGesperrt } from './mahnungen';
import { bezahltSql } from './rechnungStand';

// The reminder run (Mahnlauf): every open receivable overdue on the day gets its next reminder —
// unless it has a reminder stop, already had the last level, was reminded (or became overdue) less
// than `mindestTage` ago, or its instalment plan is being kept. The preview lists both; the run
// books exactly the preview's lines the board picked, in one transaction.

export const MINDEST_TAGE = 14;

export type MahnlaufFilter = {
  datum: string;
  calc: boolean;
  art?: string;
  jahr?: number;
  adresseId?: number;
  mindestTage?: number;
};

/** GET Mahnlauf: who would be reminded and who is left out, with fees and interest to the cent. */
export async function mahnlaufVorschau(db: Db, f: MahnlaufFilter): Promise<MahnlaufVorschau> {
  const mindestTage = f.mindestTage ?? MINDEST_TAGE;
  const staende = await ladeMahnStaende(db, (q) => {
    q.whereRaw(`rechnungen.betrag_cent - ${bezahltSql(db).toQuery()} > 0`);
    if (f.art) q.where('rechnungen.art', f.art);
    if (f.jahr) q.where('rechnungen.jahr', f.jahr);
    if (f.adresseId) q.where('rechnungen.adresse_id', f.adresseId);
    return q.orderBy([{ column: 'rechnungen.jahr' }, { column: 'rechnungen.laufnummer' }, { column: 'rechnungen.id' }]);
  });
  const gebuehren = await mahnGebuehren(db);
  const email = new Set(
    (await listAdressen(db, { filter: 'alle' }))
      .filter((a) => a.flags & ADRESSE_FLAGS.bevorzugtEmail && a.email)
      .map((a) => a.id),
  );
  const zeilen: MahnlaufZeile[] = [];
  const uebersprungen: MahnlaufVorschau['uebersprungen'] = [];
  for (const s of staende) {
    const hindernis = mahnHindernis(s, f.datum);
    if (hindernis === 'nicht_faellig') continue;
    const grund: MahnlaufGrund | null =
      hindernis === 'hoechste_mahnstufe'
        ? 'hoechste_stufe'
        : hindernis
          ? hindernis
          : fruehestensAm(s, mindestTage) > f.datum
            ? 'zu_frueh'
            : null;
    if (grund) {
      uebersprungen.push({ rechnungId: s.id, nummer: s.row.nummer, adresseName: s.row.adresse_name, grund });
      continue;
    }
    const plan = planeMahnung(s, f.datum, f.calc, gebuehren);
    zeilen.push({
      rechnungId: s.id,
      nummer: s.row.nummer,
      adresseId: Number(s.row.adresse_id),
      adresseName: s.row.adresse_name,
      email: email.has(Number(s.row.adresse_id)),
      faelligAm: s.faelligAm,
      offenCent: s.offenCent,
      ueberfaelligCent: plan.ueberfaelligCent,
      mahnstufe: s.row.mahnstufe,
      naechsteStufe: plan.stufe,
      gebuehrCent: plan.gebuehrCent,
      zinsenCent: plan.zinsen?.cent ?? 0,
      neuOffenCent: plan.neuOffenCent,
      faelligCent: plan.faelligCent,
    });
  }
  const summe = (k: 'ueberfaelligCent' | 'gebuehrCent' | 'zinsenCent') => zeilen.reduce((s, z) => s + z[k], 0);
  return {
    datum: f.datum,
    zeilen,
    uebersprungen,
    summen: {
      anzahl: zeilen.length,
      ueberfaelligCent: summe('ueberfaelligCent'),
      gebuehrCent: summe('gebuehrCent'),
      zinsenCent: summe('zinsenCent'),
    },
  };
}

/**
 * POST Mahnlauf: reminds the chosen receivables (each must be a line of the preview with the same
 * day, calc and minimum days; else 422 and nothing is written), locked in id order.
 */
export async function mahnlaufBuchen(
  db: Db,
  actor: Actor,
  f: { datum: string; calc: boolean; mindestTage?: number; rechnungIds: readonly number[] },
): Promise<MahnlaufErgebnis> {
  const ids = [...new Set(f.rechnungIds)].sort((a, b) => a - b);
  for (const id of ids) await db('rechnungen').where({ id }).forUpdate().first('id');
  const vorschau = await mahnlaufVorschau(db, { datum: f.datum, calc: f.calc, mindestTage: f.mindestTage });
  const moeglich = new Set(vorschau.zeilen.map((z) => z.rechnungId));
  const fehler = ids.filter((id) => !moeglich.has(id));
  if (fehler.length) {
    const grund = new Map(vorschau.uebersprungen.map((u) => [u.rechnungId, u]));
    // The Kassier knows receivables by their number, not by the database id the request carries.
    const nummern = new Map(
      (await db('rechnungen').whereIn('id', fehler).select('id', 'nummer')).map((r) => [
        Number(r.id),
        String(r.nummer),
      ]),
    );
    throw validationFailed(
      {
        rechnungIds: fehler.map((id) => {
          const u = grund.get(id);
          const nummer = nummern.get(id);
          if (u) return `Die Rechnung ${u.nummer} wird nicht gemahnt (${GRUND_TEXT[u.grund]}).`;
          return nummer
            ? `Die Rechnung ${nummer} ist am ${formatGermanDate(f.datum)} nicht zu mahnen (nicht überfällig oder bezahlt).`
            : `Eine Rechnung mit der ID ${id} gibt es nicht.`;
        }),
      },
      'Nicht jede gewählte Rechnung ist im Mahnlauf.',
    );
  }
  const gebuehren = await mahnGebuehren(db);
  const mahnungIds: number[] = [];
  let summeCent = 0;
  for (const id of ids) {
    const s = await mahnStandGesperrt(db, id);
    const plan = planeMahnung(s, f.datum, f.calc, gebuehren);
    mahnungIds.push(await bucheMahnung(db, actor, s, plan, f.datum, f.calc));
    summeCent += plan.neuOffenCent;
  }
  return { anzahl: mahnungIds.length, mahnungIds, summeCent };
}

/** The reasons in the run's words (422 texts; the UI has its own labels). */
export const GRUND_TEXT: Record<MahnlaufGrund, string> = {
  mahnsperre: 'Mahnsperre',
  hoechste_stufe: 'bereits letzte Mahnstufe',
  zu_frueh: 'die letzte Mahnung oder die Fälligkeit liegt noch nicht lange genug zurück',
  raten_nicht_faellig: 'Ratenvereinbarung wird eingehalten',
};
