import { assertCents, type Cents, sumCents } from '../../../platform/money';

/** An account in a period: its opening balance (carried from the previous period's closing balance). */
export type KontoAnfang = { id: number; anfangsbestandCent: Cents };
/** What a balance needs of a Kassabuch entry: the account and the signed gross (+ income, − expense). */
export type KontoBuchung = { kontoId: number; betragCent: Cents };

/**
 * A row of the Kassabericht's `konten`. Income and expenses are both positive sums (the report prints
 * "Ausgaben 120,00"), so anfang + einnahmen − ausgaben = ende.
 */
export type KontoSaldo = {
  kontoId: number;
  anfangCent: Cents;
  einnahmenCent: Cents;
  ausgabenCent: Cents;
  endeCent: Cents;
};

export type KontoSalden = { konten: KontoSaldo[]; summe: Omit<KontoSaldo, 'kontoId'> };

/**
 * Opening, income, expenses and closing per account, in the order of `konten` (every account, also one
 * without entries). An entry on an account that is not in `konten` throws: the database's foreign key
 * makes that impossible, so it is a caller's mistake (e.g. accounts of another period), not data to skip.
 */
export function kontoSalden(konten: readonly KontoAnfang[], buchungen: readonly KontoBuchung[]): KontoSalden {
  const sums = new Map<number, { einnahmen: Cents[]; ausgaben: Cents[] }>();
  for (const konto of konten) {
    assertCents(konto.anfangsbestandCent, 'Anfangsbestand');
    if (sums.has(konto.id)) throw new RangeError(`Konto ${konto.id} ist doppelt angegeben`);
    sums.set(konto.id, { einnahmen: [], ausgaben: [] });
  }
  for (const buchung of buchungen) {
    const entry = sums.get(buchung.kontoId);
    if (!entry) throw new RangeError(`Buchung auf unbekanntem Konto ${buchung.kontoId}`);
    assertCents(buchung.betragCent);
    if (buchung.betragCent > 0) entry.einnahmen.push(buchung.betragCent);
    else if (buchung.betragCent < 0) entry.ausgaben.push(-buchung.betragCent);
  }
  const rows = konten.map((konto): KontoSaldo => {
    const entry = sums.get(konto.id)!;
    const einnahmenCent = sumCents(entry.einnahmen);
    const ausgabenCent = sumCents(entry.ausgaben);
    const endeCent = assertCents(konto.anfangsbestandCent + einnahmenCent - ausgabenCent, 'Endbestand');
    return { kontoId: konto.id, anfangCent: konto.anfangsbestandCent, einnahmenCent, ausgabenCent, endeCent };
  });
  const total = (key: keyof Omit<KontoSaldo, 'kontoId'>) => sumCents(rows.map((r) => r[key]));
  return {
    konten: rows,
    summe: {
      anfangCent: total('anfangCent'),
      einnahmenCent: total('einnahmenCent'),
      ausgabenCent: total('ausgabenCent'),
      endeCent: total('endeCent'),
    },
  };
}

export type SaldoAbweichung = {
  kontoId: number;
  feld: 'anfangCent' | 'einnahmenCent' | 'ausgabenCent' | 'endeCent' | 'konto';
  erwartetCent: Cents | null;
  gefundenCent: Cents | null;
};

export type SaldoPruefung = { stimmt: boolean; abweichungen: SaldoAbweichung[] };

/**
 * Checks balances someone stored or printed (the Kassabericht's rows, a stored closing balance) against
 * the entries: for every account opening + income − expenses = closing, and income and expenses are the
 * entries' sums. An account missing from `zeilen`, or a row of an account not in `konten`, is an
 * abweichung with `feld: 'konto'`. This is the balance half of `kgv kassa verify` and the report's line.
 */
export function pruefeSalden(
  zeilen: readonly KontoSaldo[],
  konten: readonly KontoAnfang[],
  buchungen: readonly KontoBuchung[],
): SaldoPruefung {
  const erwartet = kontoSalden(konten, buchungen).konten;
  const gefunden = new Map(zeilen.map((z) => [z.kontoId, z]));
  const abweichungen: SaldoAbweichung[] = [];
  for (const soll of erwartet) {
    const ist = gefunden.get(soll.kontoId);
    if (!ist) {
      abweichungen.push({ kontoId: soll.kontoId, feld: 'konto', erwartetCent: soll.endeCent, gefundenCent: null });
      continue;
    }
    for (const feld of ['anfangCent', 'einnahmenCent', 'ausgabenCent', 'endeCent'] as const) {
      if (ist[feld] !== soll[feld]) {
        abweichungen.push({ kontoId: soll.kontoId, feld, erwartetCent: soll[feld], gefundenCent: ist[feld] });
      }
    }
  }
  const bekannt = new Set(konten.map((k) => k.id));
  for (const ist of zeilen) {
    if (!bekannt.has(ist.kontoId)) {
      abweichungen.push({ kontoId: ist.kontoId, feld: 'konto', erwartetCent: null, gefundenCent: ist.endeCent });
    }
  }
  return { stimmt: abweichungen.length === 0, abweichungen };
}

/**
 * The carry-over between periods: every account of the previous period opens the next one with its
 * closing balance (GetNewKassaabrechnung). An account new in the next period may open with anything; one
 * that is missing there is not checked (an account may be closed). Returns the accounts that differ.
 */
export function pruefeUebertrag(
  vorperiode: readonly KontoSaldo[],
  naechste: readonly KontoAnfang[],
): { kontoId: number; endeVorperiodeCent: Cents; anfangCent: Cents }[] {
  const ende = new Map(vorperiode.map((z) => [z.kontoId, z.endeCent]));
  return naechste.flatMap((konto) => {
    const endeVorperiodeCent = ende.get(konto.id);
    return endeVorperiodeCent === undefined || endeVorperiodeCent === konto.anfangsbestandCent
      ? []
      : [{ kontoId: konto.id, endeVorperiodeCent, anfangCent: konto.anfangsbestandCent }];
  });
}

/**
 * Signed sums of entries grouped by a key (booking account for the Kassabericht's `buchungskonten`, cost
 * centre for the Kostenaufstellung), in the order of `schluessel` so every listed key gets a row, also
 * with 0. Unlike the account rows the sum is signed: an expense account with a refund nets out.
 * Entries whose key is not listed are summed under `null` (e.g. entries without a cost centre).
 */
export function summenNach<T extends { betragCent: Cents }, K>(
  buchungen: readonly T[],
  schluesselVon: (buchung: T) => K | null,
  schluessel: readonly K[],
): { schluessel: K | null; einnahmenCent: Cents; ausgabenCent: Cents; summeCent: Cents }[] {
  const keys: (K | null)[] = [...schluessel];
  const sums = new Map<K | null, Cents[]>(keys.map((k) => [k, []]));
  for (const buchung of buchungen) {
    const own = schluesselVon(buchung);
    const key = sums.has(own) ? own : null;
    let bucket = sums.get(key);
    if (!bucket) {
      bucket = [];
      sums.set(null, bucket);
      keys.push(null);
    }
    bucket.push(assertCents(buchung.betragCent));
  }
  return keys.map((key) => {
    const amounts = sums.get(key) ?? [];
    const einnahmenCent = sumCents(amounts.filter((a) => a > 0));
    const ausgabenCent = -sumCents(amounts.filter((a) => a < 0)) + 0;
    return { schluessel: key, einnahmenCent, ausgabenCent, summeCent: einnahmenCent - ausgabenCent };
  });
}
