import { createHash } from 'node:crypto';
import type { Cents } from '../../../platform/money';
import type { Steuersatz } from './steuer';

/**
 * The booked content of a Kassabuch entry that the hash covers: everything that is frozen once the entry
 * is checked (BAO § 131). Not covered: the database id, `geprueft` and timestamps (bookkeeping about the
 * entry, not its content), and receipts (files may still be attached to a checked entry). Optional
 * fields count as null, so a row read back with nulls hashes like the entry that omitted them.
 */
export type KettenInhalt = {
  kassaabrechnungId: number;
  belegnummer: number;
  datum: string;
  betragCent: Cents;
  kontoId: number;
  buchungskontoId: number;
  kostenstelleId?: number | null;
  steuersatz: Steuersatz;
  steuerCent: Cents;
  nettoCent: Cents;
  text: string;
  kommentar?: string | null;
  rechnungsdatum?: string | null;
  parzelleId?: number | null;
  adresseId?: number | null;
  /** A reversal entry's original (its id). */
  stornoVonId?: number | null;
};

/** A checked entry as stored: its content, the hash before it in the chain and its own hash. */
export type KettenEintrag = KettenInhalt & { vorherigerHash: string; hash: string };

/** The predecessor of a chain's first entry. */
export const KETTEN_ANFANG = '0'.repeat(64);
/** Changes whenever the serialisation changes, so an old chain is never checked by new rules by mistake. */
const VERSION = 'kgv-kassa-kette-1';

const INTEGER_FIELDS = [
  'kassaabrechnungId',
  'belegnummer',
  'betragCent',
  'kontoId',
  'buchungskontoId',
  'steuersatz',
  'steuerCent',
  'nettoCent',
] as const;
const OPTIONAL_INTEGER_FIELDS = ['kostenstelleId', 'parzelleId', 'adresseId', 'stornoVonId'] as const;
const DATE_FIELDS = ['datum'] as const;
const OPTIONAL_DATE_FIELDS = ['rechnungsdatum'] as const;
const TEXT_FIELDS = ['text'] as const;
const OPTIONAL_TEXT_FIELDS = ['kommentar'] as const;
/** Every field the hash covers (documented in CONTEXT.md). */
export const KETTEN_FELDER = [
  ...INTEGER_FIELDS,
  ...OPTIONAL_INTEGER_FIELDS,
  ...DATE_FIELDS,
  ...OPTIONAL_DATE_FIELDS,
  ...TEXT_FIELDS,
  ...OPTIONAL_TEXT_FIELDS,
].sort();

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The canonical serialisation: JSON of exactly the fields above with sorted keys, integers as integers,
 * dates as 'YYYY-MM-DD' strings and absent optionals as null. Anything else throws instead of being
 * coerced: a driver's Date object or a DECIMAL string would otherwise hash differently on MariaDB and
 * SQLite, and the chain would "break" without anybody changing anything.
 */
export function kanonisch(eintrag: KettenInhalt): string {
  const values: Record<string, number | string | null> = {};
  const field = (name: string): unknown => (eintrag as Record<string, unknown>)[name];
  const fail = (name: string, expected: string): never => {
    throw new TypeError(`Feld ${name} muss ${expected} sein: ${JSON.stringify(field(name)) ?? String(field(name))}`);
  };
  for (const name of [...INTEGER_FIELDS, ...OPTIONAL_INTEGER_FIELDS]) {
    const value = field(name) ?? null;
    const optional = (OPTIONAL_INTEGER_FIELDS as readonly string[]).includes(name);
    if (value === null && optional) values[name] = null;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) values[name] = value + 0;
    else fail(name, 'eine ganze Zahl');
  }
  for (const name of [...DATE_FIELDS, ...OPTIONAL_DATE_FIELDS]) {
    const value = field(name) ?? null;
    if (value === null && (OPTIONAL_DATE_FIELDS as readonly string[]).includes(name)) values[name] = null;
    else if (typeof value === 'string' && DATE.test(value)) values[name] = value;
    else fail(name, 'ein Datum als Text JJJJ-MM-TT');
  }
  for (const name of [...TEXT_FIELDS, ...OPTIONAL_TEXT_FIELDS]) {
    const value = field(name) ?? null;
    if (value === null && (OPTIONAL_TEXT_FIELDS as readonly string[]).includes(name)) values[name] = null;
    else if (typeof value === 'string') values[name] = value;
    else fail(name, 'ein Text');
  }
  return JSON.stringify(Object.fromEntries(KETTEN_FELDER.map((name) => [name, values[name] ?? null])));
}

/** SHA-256 (hex) over the version, the previous entry's hash and the entry's canonical content. */
export function buchungHash(eintrag: KettenInhalt, vorherigerHash: string): string {
  if (!/^[0-9a-f]{64}$/.test(vorherigerHash)) throw new TypeError(`Kein SHA-256-Hash: "${vorherigerHash}"`);
  return createHash('sha256')
    .update(`${VERSION}\n${vorherigerHash}\n${kanonisch(eintrag)}`, 'utf8')
    .digest('hex');
}

/**
 * Chains entries that are being checked, in the given order, after the chain's current end `letzterHash`
 * (KETTEN_ANFANG for the first): what CloseFilteredEntries stores with each entry.
 */
export function verkette<T extends KettenInhalt>(
  eintraege: readonly T[],
  letzterHash: string = KETTEN_ANFANG,
): (T & { vorherigerHash: string; hash: string })[] {
  let vorherigerHash = letzterHash;
  return eintraege.map((eintrag) => {
    const hash = buchungHash(eintrag, vorherigerHash);
    const chained = { ...eintrag, vorherigerHash, hash };
    vorherigerHash = hash;
    return chained;
  });
}

export type KettenFehlerGrund = 'inhalt_geaendert' | 'vorgaenger_fehlt' | 'reihenfolge_geaendert' | 'ende_fehlt';

export type KettenPruefung = {
  intakt: boolean;
  anzahl: number;
  /** The chain's last hash: worth keeping apart (period record, printed report) to detect a cut-off end. */
  kopf: string;
  ersterFehler?: {
    kassaabrechnungId: number | null;
    /** null when the end of the chain is missing (no entry of the list is wrong). */
    belegnummer: number | null;
    grund: KettenFehlerGrund;
    meldung: string;
  };
};

/**
 * Checks a chain given in chain order (the order the entries were checked in). For each entry: does its
 * stored predecessor hash name the entry before it (else an entry was removed, or the order changed when
 * the predecessor hash belongs to a later entry of the list), and does its content still give its hash
 * (else it was changed)? A removed or changed last entry leaves no trace inside the list; pass the
 * chain end kept elsewhere as `kopf` to find it. Stops at the first fault: everything after it is suspect.
 */
export function pruefeKette(
  eintraege: readonly KettenEintrag[],
  optionen: { anfang?: string; kopf?: string | null } = {},
): KettenPruefung {
  const anfang = optionen.anfang ?? KETTEN_ANFANG;
  const fehler = (
    eintrag: KettenEintrag | null,
    grund: KettenFehlerGrund,
    meldung: string,
    kopf: string,
  ): KettenPruefung => ({
    intakt: false,
    anzahl: eintraege.length,
    kopf,
    ersterFehler: {
      kassaabrechnungId: eintrag?.kassaabrechnungId ?? null,
      belegnummer: eintrag?.belegnummer ?? null,
      grund,
      meldung,
    },
  });
  let vorheriger = anfang;
  for (const [index, eintrag] of eintraege.entries()) {
    if (eintrag.vorherigerHash !== vorheriger) {
      const spaeter = eintraege.slice(index + 1).some((e) => e.hash === eintrag.vorherigerHash);
      return spaeter
        ? fehler(
            eintrag,
            'reihenfolge_geaendert',
            `Beleg ${eintrag.belegnummer}: Die Reihenfolge der geprüften Buchungen wurde verändert.`,
            vorheriger,
          )
        : fehler(
            eintrag,
            'vorgaenger_fehlt',
            `Beleg ${eintrag.belegnummer}: Die davor geprüfte Buchung fehlt oder wurde verändert.`,
            vorheriger,
          );
    }
    if (buchungHash(eintrag, vorheriger) !== eintrag.hash) {
      return fehler(
        eintrag,
        'inhalt_geaendert',
        `Beleg ${eintrag.belegnummer}: Die Buchung wurde nach der Prüfung verändert.`,
        vorheriger,
      );
    }
    vorheriger = eintrag.hash;
  }
  if (optionen.kopf != null && optionen.kopf !== vorheriger) {
    const letzter = eintraege.at(-1) ?? null;
    return fehler(
      null,
      'ende_fehlt',
      `Die zuletzt geprüften Buchungen${letzter ? ` nach Beleg ${letzter.belegnummer}` : ''} fehlen.`,
      vorheriger,
    );
  }
  return { intakt: true, anzahl: eintraege.length, kopf: vorheriger };
}
