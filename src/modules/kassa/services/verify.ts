import type { Db } from '../../../platform/db/db';
import { formatEuro } from '../../../platform/money';
import type { KassaabrechnungRow } from '../tables';
import { type PeriodenPruefung, periodenSalden, pruefePeriode } from './berichte/periodenSalden';
import { kettePruefen } from './pruefen';

// `kgv kassa verify` and the Kassabericht's integrity line: the hash chain over every checked entry
// (services/hashKette.ts through S2's pruefen.ts) and every period's balances and carry-over
// (berichte/periodenSalden.ts).

export type KettenStatus = {
  intakt: boolean;
  /** Checked entries in the chain. */
  anzahl: number;
  kopf: string;
  /** '' when intact, else the first fault in German. */
  meldung: string;
};

/**
 * The whole chain checked in one go (S2's `kettePruefen`: every checked entry in chain order, and the
 * latest closed period's chain end must still be in it, else checked entries at the end were removed).
 */
export async function pruefeHashKette(db: Db): Promise<KettenStatus> {
  try {
    const p = await kettePruefen(db);
    return { intakt: p.intakt, anzahl: p.anzahl, kopf: p.kopf, meldung: p.ersterFehler?.meldung ?? '' };
  } catch (error) {
    // A value the hash cannot take (a text in a number column) was written by hand: a fault, not a crash.
    const meldung = `Eine geprüfte Buchung enthält ungültige Werte (${(error as Error).message.slice(0, 200)}).`;
    return { intakt: false, anzahl: 0, kopf: '', meldung };
  }
}

const FELD: Record<string, string> = {
  anfangCent: 'Anfangsbestand',
  einnahmenCent: 'Einnahmen',
  ausgabenCent: 'Ausgaben',
  endeCent: 'Endbestand',
  konto: 'Konto',
};

/** German sentences for what is wrong with a period's balances (empty when they are right). */
export function saldenMeldungen(
  pruefung: PeriodenPruefung,
  kontoName: (id: number) => string,
  vorperiode = 'der Vorperiode',
): string[] {
  const betrag = (c: number | null) => (c == null ? '–' : formatEuro(c, { nbsp: false }));
  return [
    ...pruefung.salden.abweichungen.map(
      (a) =>
        `${kontoName(a.kontoId)}: ${FELD[a.feld] ?? a.feld} ${betrag(a.gefundenCent)}, aus den Buchungen ${betrag(a.erwartetCent)}`,
    ),
    ...pruefung.uebertrag.map(
      (u) =>
        `${kontoName(u.kontoId)}: Anfangsbestand ${betrag(u.anfangCent)} ist nicht der Endbestand ${vorperiode} (${betrag(u.endeVorperiodeCent)})`,
    ),
  ];
}

/** The printed line: "Hash-Kette intakt (12 geprüfte Buchungen) · Salden stimmen" or what is broken. */
export function pruefZeile(kette: KettenStatus, saldenFehler: string[]): string {
  const k = kette.intakt
    ? `Hash-Kette intakt (${kette.anzahl} geprüfte ${kette.anzahl === 1 ? 'Buchung' : 'Buchungen'})`
    : `Hash-Kette gebrochen: ${kette.meldung}`;
  const s = saldenFehler.length ? `Salden stimmen nicht: ${saldenFehler.join('; ')}` : 'Salden stimmen';
  return `${k} · ${s}`;
}

export type VerifyPeriode = {
  id: number;
  jahr: number;
  bezeichnung: string;
  stimmt: boolean;
  anzahlBuchungen: number;
  meldungen: string[];
};

export type VerifyErgebnis = {
  intakt: boolean;
  kette: KettenStatus;
  perioden: VerifyPeriode[];
};

/** Everything `kgv kassa verify` checks, oldest period first. */
export async function kassaVerify(db: Db): Promise<VerifyErgebnis> {
  const kette = await pruefeHashKette(db);
  const perioden: KassaabrechnungRow[] = await db('kassaabrechnungen').orderBy('von');
  const namen = new Map((await db('konten').select('id', 'name')).map((k) => [Number(k.id), String(k.name)]));
  const kontoName = (id: number) => namen.get(id) ?? `Konto ${id}`;
  const ergebnisse: VerifyPeriode[] = [];
  let vorher: KassaabrechnungRow | undefined;
  for (const p of perioden) {
    const salden = await periodenSalden(db, Number(p.id));
    const pruefung = await pruefePeriode(db, p, salden);
    const meldungen = saldenMeldungen(pruefung, kontoName, vorher ? `von ${vorher.bezeichnung}` : undefined);
    ergebnisse.push({
      id: Number(p.id),
      jahr: Number(p.jahr),
      bezeichnung: p.bezeichnung,
      stimmt: meldungen.length === 0,
      anzahlBuchungen: salden.buchungen.length,
      meldungen,
    });
    vorher = p;
  }
  return { intakt: kette.intakt && ergebnisse.every((p) => p.stimmt), kette, perioden: ergebnisse };
}

/** The German summary the CLI prints (one line per check). */
export function verifyText(e: VerifyErgebnis): string[] {
  const lines = [
    e.kette.intakt
      ? `Hash-Kette intakt: ${e.kette.anzahl} geprüfte ${e.kette.anzahl === 1 ? 'Buchung' : 'Buchungen'}${e.kette.anzahl ? `, Kettenende ${e.kette.kopf.slice(0, 16)}…` : ''}.`
      : `FEHLER Hash-Kette: ${e.kette.meldung}`,
  ];
  if (!e.perioden.length) lines.push('Es gibt noch keine Kassaabrechnung.');
  for (const p of e.perioden) {
    if (p.stimmt) lines.push(`${p.bezeichnung}: ${p.anzahlBuchungen} Buchungen, Salden und Übertrag stimmen.`);
    else for (const m of p.meldungen) lines.push(`FEHLER ${p.bezeichnung}: ${m}`);
  }
  lines.push(e.intakt ? 'Ergebnis: Kassa intakt.' : 'Ergebnis: Die Kassa ist NICHT intakt (siehe oben).');
  return lines;
}
