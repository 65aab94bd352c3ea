import { toIso } from '../../../platform/db/db';
import { type Cents, sumCents, sumDecimals } from '../../../platform/money';
import type { AbrechnungHauptzaehler, AbrechnungZeile, Wasserabrechnung, ZaehlerSegment } from '../schema/abrechnung';
import type { SchwundMethode } from '../schema/grunddaten';
import type { WasserabrechnungHauptzaehlerRow, WasserabrechnungRow, WasserabrechnungZeileRow } from '../tables';
import { fromLiter, toLiter } from './readingRows';
import type { MeterSegment } from './settlementMath';

// A settlement as stored rows ↔ the Wasserabrechnung of the API. Computed and stored settlements
// both go through `assemble`, so a preview and the stored settlement answer the same numbers.

export const ABRECHNUNG_HISTORY_TYPE = 'Wasserabrechnung';

/** A row without the derived sums (betrag, differenz). */
export type ZeileParts = Omit<AbrechnungZeile, 'betragCent' | 'differenzCent'>;

export type AbrechnungKopf = Omit<Wasserabrechnung, 'zeilen' | 'hauptwasserzaehler' | 'summen'>;

export const segmentOf = (s: MeterSegment): ZaehlerSegment => ({
  zaehlernummer: s.zaehlernummer,
  anfang: { datum: s.anfangDatum, stand: s.anfangStand },
  ende: { datum: s.endeDatum, stand: s.endeStand },
  verbrauch: s.verbrauch,
});

/** betrag = verbrauch + schwund + grundgebühr + korrektur; differenz = betrag − akonto; the sums of the rows. */
export function assemble(kopf: AbrechnungKopf, parts: ZeileParts[], hwz: AbrechnungHauptzaehler[]): Wasserabrechnung {
  const zeilen = parts.map((z): AbrechnungZeile => {
    const betragCent = sumCents([z.verbrauchCent, z.schwundCent, z.grundgebuehrCent, z.korrekturCent]);
    return { ...z, betragCent, differenzCent: betragCent - z.akontoCent };
  });
  const sum = (pick: (z: AbrechnungZeile) => Cents) => sumCents(zeilen.map(pick));
  return {
    ...kopf,
    zeilen,
    hauptwasserzaehler: hwz,
    summen: {
      verbrauch: sumDecimals(
        zeilen.map((z) => z.verbrauch),
        3,
      ),
      schwund: sumDecimals(
        zeilen.map((z) => z.schwund),
        3,
      ),
      verbrauchCent: sum((z) => z.verbrauchCent),
      schwundCent: sum((z) => z.schwundCent),
      grundgebuehrCent: sum((z) => z.grundgebuehrCent),
      korrekturCent: sum((z) => z.korrekturCent),
      betragCent: sum((z) => z.betragCent),
      akontoCent: sum((z) => z.akontoCent),
      differenzCent: sum((z) => z.differenzCent),
    },
  };
}

const date = (v: unknown): string | null => (v == null ? null : String(v).slice(0, 10));

export function kopfOf(r: WasserabrechnungRow): AbrechnungKopf {
  return {
    id: Number(r.id),
    version: Number(r.version),
    stichtag: date(r.stichtag) ?? '',
    von: date(r.von) ?? '',
    pachtabrechnungId: Number(r.pachtabrechnung_id),
    wassergrunddatenId: Number(r.wassergrunddaten_id),
    schwundMethode: r.schwund_methode as SchwundMethode,
    preisProM3: r.preis_pro_m3,
    akontoStichtag: date(r.akonto_stichtag),
    gebuchtAm: toIso(r.gebucht_am),
    erstelltAm: toIso(r.created_at) ?? '',
  };
}

export function zeileOf(r: WasserabrechnungZeileRow): ZeileParts {
  return {
    parzelleId: Number(r.parzelle_id),
    parzelleNummer: r.parzelle_nummer,
    adresseId: r.adresse_id == null ? null : Number(r.adresse_id),
    adresseName: r.adresse_name,
    hauptwasserzaehlerId: r.hauptwasserzaehler_id == null ? null : Number(r.hauptwasserzaehler_id),
    zaehler: JSON.parse(r.zaehler) as ZaehlerSegment[],
    verbrauch: fromLiter(r.verbrauch_liter),
    schwund: fromLiter(r.schwund_liter),
    preisProM3: r.preis_pro_m3,
    verbrauchCent: Number(r.verbrauch_cent),
    schwundCent: Number(r.schwund_cent),
    grundgebuehrCent: Number(r.grundgebuehr_cent),
    korrekturCent: Number(r.korrektur_cent),
    korrekturGrund: r.korrektur_grund ?? '',
    akontoCent: Number(r.akonto_cent),
  };
}

export function hauptzaehlerOf(r: WasserabrechnungHauptzaehlerRow): AbrechnungHauptzaehler {
  return {
    id: r.hauptwasserzaehler_id == null ? null : Number(r.hauptwasserzaehler_id),
    nummer: r.nummer,
    zaehler: JSON.parse(r.zaehler) as ZaehlerSegment[],
    verbrauch: fromLiter(r.verbrauch_liter),
    summeParzellen: fromLiter(r.summe_parzellen_liter),
    schwund: fromLiter(r.schwund_liter),
    schwundProzent: r.schwund_prozent,
  };
}

export const zeileRow = (abrechnungId: number, z: ZeileParts): Omit<WasserabrechnungZeileRow, 'id'> => ({
  wasserabrechnung_id: abrechnungId,
  parzelle_id: z.parzelleId,
  parzelle_nummer: z.parzelleNummer,
  adresse_id: z.adresseId,
  adresse_name: z.adresseName,
  hauptwasserzaehler_id: z.hauptwasserzaehlerId,
  zaehler: JSON.stringify(z.zaehler),
  verbrauch_liter: toLiter(z.verbrauch),
  schwund_liter: toLiter(z.schwund),
  preis_pro_m3: z.preisProM3,
  verbrauch_cent: z.verbrauchCent,
  schwund_cent: z.schwundCent,
  grundgebuehr_cent: z.grundgebuehrCent,
  korrektur_cent: z.korrekturCent,
  korrektur_grund: z.korrekturGrund || null,
  akonto_cent: z.akontoCent,
});

/** Negative losses are refused before storing, so the stored volumes are never negative. */
export const hauptzaehlerRow = (
  abrechnungId: number,
  h: AbrechnungHauptzaehler,
): Omit<WasserabrechnungHauptzaehlerRow, 'id'> => ({
  wasserabrechnung_id: abrechnungId,
  hauptwasserzaehler_id: h.id,
  nummer: h.nummer,
  zaehler: JSON.stringify(h.zaehler),
  verbrauch_liter: toLiter(h.verbrauch),
  summe_parzellen_liter: toLiter(h.summeParzellen),
  schwund_liter: toLiter(h.schwund),
  schwund_prozent: h.schwundProzent,
});
