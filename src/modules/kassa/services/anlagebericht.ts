import { type Cents, sumCents } from '../../../platform/money';
import { type AfaEinstellungen, type AfaPlan, type Anlage, afaPlan, jahrMonat } from './afa';

export type AnlageberichtZeile = {
  id: number;
  bezeichnung: string;
  kategorie: string | null;
  anschaffungsdatum: string;
  anschaffungskostenCent: Cents;
  abgangsdatum: string | null;
  buchwertAnfangCent: Cents;
  zugangCent: Cents;
  afaCent: Cents;
  abgangCent: Cents;
  buchwertEndeCent: Cents;
};

export type AnlageberichtSumme = Pick<
  AnlageberichtZeile,
  'buchwertAnfangCent' | 'zugangCent' | 'afaCent' | 'abgangCent' | 'buchwertEndeCent'
>;

export type Anlagebericht = {
  jahr: number;
  anlagen: AnlageberichtZeile[];
  summe: AnlageberichtSumme;
  prognose: { jahr: number; afaCent: Cents }[];
};

export type AnlageberichtOptionen = AfaEinstellungen & {
  /** Also list assets disposed of before the year (with zeros); without it they are left out. */
  historisch: boolean;
  /** How many years after `jahr` the forecast covers (0 = none). */
  anzahlJahre: number;
  /** Only these categories; empty or absent = all. */
  kategorien?: readonly string[] | null;
};

const ZERO = { buchwertAnfangCent: 0, zugangCent: 0, afaCent: 0, abgangCent: 0, buchwertEndeCent: 0 };

/** The plan's row for a year; an owned asset past the end of its plan stands at book value 0. */
function zeileImJahr(plan: AfaPlan, jahr: number): AnlageberichtSumme {
  const row = plan.jahre.find((j) => j.jahr === jahr);
  if (!row) return ZERO;
  const { jahr: _jahr, ...values } = row;
  return values;
}

/**
 * The Anlagebericht of a year: every asset bought by the end of `jahr` and not disposed of before it (a
 * disposal in `jahr` is that year's movement and always shows), disposed ones of earlier years only
 * when `historisch`; rows ordered by purchase date, then id. `prognose` sums the depreciation of the
 * listed categories' assets in each of the next `anzahlJahre` years (a known future disposal ends an
 * asset's part). The rows add up to `summe`, and every row keeps anfang + zugang − afa − abgang = ende.
 */
export function anlagebericht(
  anlagen: readonly Anlage[],
  jahr: number,
  optionen: AnlageberichtOptionen,
): Anlagebericht {
  if (!Number.isSafeInteger(jahr)) throw new RangeError(`Kein Jahr: ${jahr}`);
  if (!Number.isSafeInteger(optionen.anzahlJahre) || optionen.anzahlJahre < 0) {
    throw new RangeError(`Anzahl der Prognosejahre muss eine ganze Zahl ab 0 sein: ${optionen.anzahlJahre}`);
  }
  const kategorien = optionen.kategorien?.length ? new Set(optionen.kategorien) : null;
  const gewaehlt = anlagen
    .filter((a) => !kategorien || kategorien.has(a.kategorie ?? ''))
    .map((anlage) => ({ anlage, plan: afaPlan(anlage, optionen) }));

  const zeilen = gewaehlt
    .filter(({ anlage }) => {
      if (jahrMonat(anlage.anschaffungsdatum, 'Anschaffungsdatum').jahr > jahr) return false;
      const abgang = anlage.abgangsdatum ? jahrMonat(anlage.abgangsdatum, 'Abgangsdatum').jahr : null;
      return abgang === null || abgang >= jahr || optionen.historisch;
    })
    .sort((a, b) => a.anlage.anschaffungsdatum.localeCompare(b.anlage.anschaffungsdatum) || a.anlage.id - b.anlage.id)
    .map(
      ({ anlage, plan }): AnlageberichtZeile => ({
        id: anlage.id,
        bezeichnung: anlage.bezeichnung,
        kategorie: anlage.kategorie ?? null,
        anschaffungsdatum: anlage.anschaffungsdatum,
        anschaffungskostenCent: anlage.anschaffungskostenCent,
        abgangsdatum: anlage.abgangsdatum ?? null,
        ...zeileImJahr(plan, jahr),
      }),
    );

  const summe = Object.fromEntries(
    (Object.keys(ZERO) as (keyof AnlageberichtSumme)[]).map((key) => [key, sumCents(zeilen.map((z) => z[key]))]),
  ) as AnlageberichtSumme;

  const prognose = Array.from({ length: optionen.anzahlJahre }, (_, i) => {
    const prognoseJahr = jahr + 1 + i;
    return {
      jahr: prognoseJahr,
      afaCent: sumCents(gewaehlt.map(({ plan }) => zeileImJahr(plan, prognoseJahr).afaCent)),
    };
  });
  return { jahr, anlagen: zeilen, summe, prognose };
}
