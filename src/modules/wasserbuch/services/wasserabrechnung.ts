import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { type Cents, toBig } from '../../../platform/money';
import { nutzungsberechtigteOver } from '../../stammdaten/services';
import type { AbrechnungHauptzaehler, NeueWasserabrechnung, Wasserabrechnung } from '../schema/abrechnung';
import { type AbrechnungKopf, assemble, segmentOf, type ZeileParts } from './abrechnungRows';
import { AbrechnungAbgelehntError } from './settlementErrors';
import { loadSettlementInputs, settlementInputOf } from './settlementInputs';
import { NegativerSchwundError, settleWater } from './settlementMath';
import { getWassergrunddaten, grunddatenFuerJahr } from './wassergrunddaten';

// The water settlement computed from the readings (docs/api/wasserbuch.md "Settlement"): the
// period, the Wassergrunddaten of stichtag's year, the akonto, then the pure functions.

export type BerechneParams = {
  stichtag: string;
  von?: string | null;
  akontoStichtag?: string | null;
  /** Only this water group's plots (BerechneWasserabrechnungGruppe); the loss is still split over all. */
  gruppeId?: number;
  /** These Wassergrunddaten instead of those of stichtag's year (the group preview names them). */
  wassergrunddatenId?: number;
};

const ohneBezug = { parzelleId: null, parzelleNummer: null, hauptwasserzaehlerId: null, zaehlernummer: null };
/** A refusal that names no meter (no basis data, no price, no readings at all). */
const refuse = (text: string, datum: string | null = null) =>
  new AbrechnungAbgelehntError([{ text, ...ohneBezug, datum }]);

/** The newest settlement before `stichtag`, or undefined. */
async function previousStichtag(db: Db, stichtag: string): Promise<string | undefined> {
  const row = await db('wasserabrechnungen')
    .where('stichtag', '<', stichtag)
    .orderBy('stichtag', 'desc')
    .first('stichtag');
  return row ? String(row.stichtag).slice(0, 10) : undefined;
}

async function earliestReading(db: Db): Promise<string | undefined> {
  const row = await db('wasserablesungen').whereNotNull('stand_liter').min({ d: 'datum' }).first();
  return row?.d ? String(row.d).slice(0, 10) : undefined;
}

/** `von` when not given: the previous settlement's stichtag, else the earliest reading date. */
export async function defaultVon(db: Db, stichtag: string): Promise<string | undefined> {
  return (await previousStichtag(db, stichtag)) ?? (await earliestReading(db));
}

/** `akontoStichtag` when not given: the newest stored akonto calculation on or before `von`. */
export async function defaultAkontoStichtag(db: Db, von: string): Promise<string | null> {
  const row = await db('wasserakonto').where('stichtag', '<=', von).orderBy('stichtag', 'desc').first('stichtag');
  return row ? String(row.stichtag).slice(0, 10) : null;
}

/** The akonto of each plot at `stichtag` (none: an empty map, so everybody paid 0). */
export async function akontoAt(db: Db, stichtag: string | null): Promise<Map<number, Cents>> {
  if (!stichtag) return new Map();
  const rows = await db('wasserakonto').where({ stichtag }).select('parzelle_id', 'akonto_cent');
  return new Map(rows.map((r) => [Number(r.parzelle_id), Number(r.akonto_cent)]));
}

/**
 * The settlement at `stichtag`, not stored (id 0): the dry run of ErstelleAbrechnung, the screen's
 * preview and the CLI's --dry-run. 422 on `stichtag` listing every reason it cannot be made.
 */
export async function berechneAbrechnung(db: Db, params: BerechneParams): Promise<Wasserabrechnung> {
  const { stichtag } = params;
  const jahr = Number(stichtag.slice(0, 4));
  const grunddaten = params.wassergrunddatenId
    ? await getWassergrunddaten(db, params.wassergrunddatenId)
    : await grunddatenFuerJahr(db, jahr);
  if (!grunddaten) throw refuse(`Für ${jahr} sind keine Wassergrunddaten angelegt.`);
  if (!toBig(grunddaten.preisProM3).gt(0)) {
    throw refuse(`In den Wassergrunddaten ${jahr} fehlt der Preis pro m³.`);
  }
  const von = params.von ?? (await defaultVon(db, stichtag));
  if (!von) throw refuse(`Bis zum ${formatGermanDate(stichtag)} gibt es keine Ablesungen.`, stichtag);
  if (von >= stichtag) {
    throw validationFailed(
      { von: [`Der Beginn (${formatGermanDate(von)}) muss vor dem Stichtag liegen.`] },
      'Die Wasserabrechnung kann so nicht erstellt werden.',
    );
  }
  const akontoStichtag =
    params.akontoStichtag === undefined ? await defaultAkontoStichtag(db, von) : params.akontoStichtag;

  const inputs = await loadSettlementInputs(db, { von, bis: stichtag });
  if (inputs.befunde.length) throw new AbrechnungAbgelehntError(inputs.befunde);

  const groupPrice = new Map(grunddaten.gruppen.map((g) => [g.gruppeId, g.preisProM3]));
  const priceOf = (gruppeId: number | null) =>
    (gruppeId == null ? undefined : groupPrice.get(gruppeId)) ?? grunddaten.preisProM3;
  const akonto = await akontoAt(db, akontoStichtag);

  let result: ReturnType<typeof settleWater>;
  try {
    result = settleWater(
      settlementInputOf(inputs, {
        schwundMethode: grunddaten.schwundMethode,
        grundgebuehrCent: grunddaten.grundgebuehrCent,
        priceOf: (p) => priceOf(p.gruppeId),
        akontoOf: (parzelleId) => akonto.get(parzelleId) ?? 0,
      }),
    );
  } catch (err) {
    if (!(err instanceof NegativerSchwundError)) throw err;
    throw new AbrechnungAbgelehntError(
      err.hauptwasserzaehler.map((h) => ({
        text: `Hauptwasserzähler ${h.nummer}: Verbrauch ${h.verbrauch} m³ ist kleiner als die Summe der Parzellen ${h.summeParzellen} m³.`,
        ...ohneBezug,
        hauptwasserzaehlerId: h.id,
        zaehlernummer: h.nummer,
        datum: stichtag,
      })),
      'Negativer Schwund wird nicht verrechnet. Bitte die Ablesungen prüfen.',
    );
  }

  // The holder at the end of the period (the newest lease that ran in it).
  const holders = new Map<number, { adresseId: number; name: string }>();
  for (const h of await nutzungsberechtigteOver(db, von, stichtag)) holders.set(h.parzelleId, h);
  const plots = new Map(inputs.parzellen.map((p) => [p.parzelleId, p]));
  const prices = new Map(inputs.parzellen.map((p) => [p.parzelleId, priceOf(p.gruppeId)]));

  let zeilen: ZeileParts[] = result.zeilen.map((z) => {
    const plot = plots.get(z.parzelleId);
    const holder = holders.get(z.parzelleId);
    return {
      parzelleId: z.parzelleId,
      parzelleNummer: z.parzelleNummer,
      adresseId: holder?.adresseId ?? null,
      adresseName: holder?.name ?? '',
      hauptwasserzaehlerId: plot?.hauptwasserzaehlerId ?? null,
      zaehler: (plot?.consumption.segmente ?? []).map(segmentOf),
      verbrauch: z.verbrauch,
      schwund: z.schwund,
      preisProM3: prices.get(z.parzelleId) ?? grunddaten.preisProM3,
      verbrauchCent: z.verbrauchCent,
      schwundCent: z.schwundCent,
      grundgebuehrCent: z.grundgebuehrCent,
      korrekturCent: 0,
      korrekturGrund: '',
      akontoCent: z.akontoCent,
    };
  });
  const segments = new Map(inputs.hauptwasserzaehler.map((h) => [h.id, h.consumption.segmente]));
  let hwz: AbrechnungHauptzaehler[] = result.hauptwasserzaehler.map((h) => ({
    id: h.id,
    nummer: h.nummer,
    zaehler: (segments.get(h.id) ?? []).map(segmentOf),
    verbrauch: h.verbrauch,
    summeParzellen: h.summeParzellen,
    schwund: h.schwund,
    schwundProzent: h.schwundProzent,
  }));
  if (params.gruppeId != null) {
    const inGroup = new Set(inputs.parzellen.filter((p) => p.gruppeId === params.gruppeId).map((p) => p.parzelleId));
    zeilen = zeilen.filter((z) => inGroup.has(z.parzelleId));
    const meters = new Set(zeilen.map((z) => z.hauptwasserzaehlerId));
    hwz = hwz.filter((h) => meters.has(h.id));
  }

  const kopf: AbrechnungKopf = {
    id: 0,
    version: 0,
    stichtag,
    von,
    pachtabrechnungId: grunddaten.pachtabrechnungId,
    wassergrunddatenId: grunddaten.id,
    schwundMethode: grunddaten.schwundMethode,
    preisProM3: grunddaten.preisProM3,
    akontoStichtag,
    gebuchtAm: null,
    erstelltAm: '',
  };
  return assemble(kopf, zeilen, hwz);
}

/** GetNewWasserabrechnung: von, stichtag (the newest reading date after von) and akontoStichtag to start from. */
export async function neueAbrechnung(db: Db): Promise<NeueWasserabrechnung> {
  const last = await db('wasserabrechnungen').orderBy('stichtag', 'desc').first('stichtag');
  const von = last ? String(last.stichtag).slice(0, 10) : ((await earliestReading(db)) ?? null);
  const newest = von
    ? await db('wasserablesungen').whereNotNull('stand_liter').where('datum', '>', von).max({ d: 'datum' }).first()
    : undefined;
  const stichtag = newest?.d ? String(newest.d).slice(0, 10) : null;
  return { von, stichtag, akontoStichtag: von ? await defaultAkontoStichtag(db, von) : null };
}
