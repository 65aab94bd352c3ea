import { assertCents, type Cents, ROUND_HALF_AWAY_FROM_ZERO, toBig } from '../../../platform/money';

/** A fixed asset of the Anlageverzeichnis as the depreciation needs it (dates as 'YYYY-MM-DD'). */
export type Anlage = {
  id: number;
  bezeichnung: string;
  kategorie?: string | null;
  anschaffungsdatum: string;
  anschaffungskostenCent: Cents;
  nutzungsdauerJahre: number;
  abgangsdatum?: string | null;
  abgangserloesCent?: Cents | null;
};

/**
 * One year of a plan, as a row of an Anlagenspiegel: anfang + zugang − afa − abgang = ende. The purchase
 * year starts at 0 with the cost as `zugangCent` (so a year's opening total is the previous year's closing
 * total); the disposal year ends at 0 with the remaining book value as `abgangCent`.
 */
export type AfaJahr = {
  jahr: number;
  buchwertAnfangCent: Cents;
  zugangCent: Cents;
  afaCent: Cents;
  abgangCent: Cents;
  buchwertEndeCent: Cents;
};

export type AfaAbgang = {
  datum: string;
  jahr: number;
  /** Book value leaving with the asset (after the disposal year's depreciation). */
  buchwertCent: Cents;
  erloesCent: Cents;
  /** erloes − buchwert: > 0 a gain, < 0 a loss. */
  ergebnisCent: Cents;
};

export type AfaPlan = {
  /** Cost up to the setting's limit: written off at once in the year of purchase. */
  geringwertig: boolean;
  /** Used ≤ 6 months in the purchase year: half a year's rate there, the other half after the last full year. */
  halbjahr: boolean;
  jahresAfaCent: Cents;
  jahre: AfaJahr[];
  abgang: AfaAbgang | null;
};

export type AfaEinstellungen = { geringwertigGrenzeCent: Cents };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year and month of a 'YYYY-MM-DD' date; anything else (also 2025-02-30) is refused. */
export function jahrMonat(datum: string, what: string): { jahr: number; monat: number } {
  const match = DATE.exec(datum);
  const [jahr, monat, tag] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(jahr, monat - 1, tag));
  if (!match || date.getUTCFullYear() !== jahr || date.getUTCMonth() !== monat - 1 || date.getUTCDate() !== tag) {
    throw new RangeError(`${what} ist kein Datum der Form JJJJ-MM-TT: "${datum}"`);
  }
  return { jahr, monat };
}

/** cost / divisor rounded half away from zero to whole cents. */
function rate(costCent: Cents, divisor: number): Cents {
  return Number(toBig(costCent).div(divisor).round(0, ROUND_HALF_AWAY_FROM_ZERO).toFixed(0));
}

/**
 * The depreciation plan of one asset (Austrian straight line, EStG § 7):
 * - yearly rate = cost / useful life, rounded to cents; the last year takes what is left, so the amounts
 *   add up to the cost exactly (a rate rounded up never takes more than the remaining book value);
 * - half-year rule: months are counted started months, so bought in July or later (≤ 6 months of use)
 *   gives half a year's rate in the purchase year and the rest in the year after the last full one
 *   (one calendar year more than the useful life); bought by June 30 gives the full rate;
 * - cost ≤ `geringwertigGrenzeCent` (Vereinseinstellungen, 1,000 € by default in Austria): all of it in
 *   the year of purchase;
 * - disposal (`abgangsdatum`) ends the plan: the disposal year gets the full rate when the asset was used
 *   more than 6 months of it, else half (the same rule as the purchase year; both in the same year count
 *   the months from purchase to disposal), never more than the remaining book value; what is left leaves
 *   as `abgangCent`, and `abgang` compares it with the proceeds.
 */
export function afaPlan(anlage: Anlage, { geringwertigGrenzeCent }: AfaEinstellungen): AfaPlan {
  const kosten = assertCents(anlage.anschaffungskostenCent, 'Anschaffungskosten');
  if (kosten < 0) throw new RangeError(`Anschaffungskosten sind negativ: ${kosten}`);
  const dauer = anlage.nutzungsdauerJahre;
  if (!Number.isSafeInteger(dauer) || dauer < 1) {
    throw new RangeError(`Nutzungsdauer muss eine ganze Zahl von Jahren ab 1 sein: ${dauer}`);
  }
  const start = jahrMonat(anlage.anschaffungsdatum, 'Anschaffungsdatum');
  const ende = anlage.abgangsdatum ? jahrMonat(anlage.abgangsdatum, 'Abgangsdatum') : null;
  if (anlage.abgangsdatum && ende && anlage.abgangsdatum < anlage.anschaffungsdatum) {
    throw new RangeError(`Abgangsdatum ${anlage.abgangsdatum} liegt vor dem Anschaffungsdatum`);
  }

  const geringwertig = kosten <= assertCents(geringwertigGrenzeCent, 'Grenze für geringwertige Wirtschaftsgüter');
  const halbjahr = !geringwertig && 13 - start.monat <= 6;
  const jahresAfaCent = geringwertig ? kosten : rate(kosten, dauer);
  const halbeAfaCent = rate(kosten, 2 * dauer);
  // The regular plan's nominal amount per year index; undefined = the last year, which takes the rest.
  const jahreImPlan = geringwertig ? 1 : halbjahr ? dauer + 1 : dauer;
  const nominal = (index: number): Cents | undefined => {
    if (index === jahreImPlan - 1) return undefined;
    return halbjahr && index === 0 ? halbeAfaCent : jahresAfaCent;
  };

  const jahre: AfaJahr[] = [];
  let buchwert = kosten;
  for (let index = 0; index < jahreImPlan; index += 1) {
    const jahr = start.jahr + index;
    if (ende && jahr > ende.jahr) break;
    const anfang = index === 0 ? 0 : buchwert;
    const zugang = index === 0 ? kosten : 0;
    let afa = Math.min(nominal(index) ?? buchwert, buchwert);
    let abgang = 0;
    if (ende && jahr === ende.jahr) {
      const monate = ende.jahr === start.jahr ? ende.monat - start.monat + 1 : ende.monat;
      if (!geringwertig && monate <= 6) afa = Math.min(afa, halbeAfaCent);
      abgang = buchwert - afa;
    }
    buchwert = buchwert - afa - abgang;
    jahre.push({
      jahr,
      buchwertAnfangCent: anfang,
      zugangCent: zugang,
      afaCent: afa,
      abgangCent: abgang,
      buchwertEndeCent: buchwert,
    });
    if (buchwert === 0) break;
  }

  let abgangInfo: AfaAbgang | null = null;
  if (anlage.abgangsdatum && ende) {
    const buchwertCent = jahre.find((j) => j.jahr === ende.jahr)?.abgangCent ?? 0;
    const erloesCent = assertCents(anlage.abgangserloesCent ?? 0, 'Abgangserlös');
    abgangInfo = {
      datum: anlage.abgangsdatum,
      jahr: ende.jahr,
      buchwertCent,
      erloesCent,
      ergebnisCent: erloesCent - buchwertCent,
    };
  }
  return { geringwertig, halbjahr, jahresAfaCent, jahre, abgang: abgangInfo };
}
