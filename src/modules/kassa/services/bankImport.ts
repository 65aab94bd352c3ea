import { createHash } from 'node:crypto';
import type { Actor } from '../../../platform/auth/principal';
import { decodeText } from '../../../platform/csv/csvText';
import { formatGermanDate } from '../../../platform/dates';
import { type Db, nowDb } from '../../../platform/db/db';
import { isUniqueViolation } from '../../../platform/db/dbErrors';
import { AppError, conflict, notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { BankImportEintrag, BankImportErgebnis, ImportBankOptions } from '../schema/bankimport';
import type { KassaabrechnungRow, KassabuchRow, KontoRow } from '../tables';
import type { BankCsvMapping } from './bank/bankCsv';
import type { BankBuchung, BankFormat } from './bank/bankTypes';
import { duplikatSchluesselListe } from './bank/duplikatSchluessel';
import { detectBankFormat, parseBankFile } from './bank/parseBankFile';
import { nachBankImport } from './bankImportAbgleich';
import { bankImportSalden } from './bankImportSaldo';
import { findeBankMapping, ladeBankMapping } from './bankMappings';
import { bucheEintraege, type NeueBuchung } from './buchen';
import { KASSABUCH_ZUORDNUNGEN, leseZuordnungen } from './kassabuchZuordnungen';
import { klaerungskontoId } from './klaerung';
import { istGeschlossen, istWahr } from './periode';

// ImportBank and `kgv import bank`: a bank statement file becomes Kassabuch entries on the period's
// clearing account (quelle 'bank'). The whole file is read first (a broken file is a 422 and nothing
// is written); bookings already imported into the account (same duplicate key) are skipped; the
// rest is booked in one transaction with a bank_importe row. A dry run answers the same and writes
// nothing. The statement's balance check is reported, never refused (banks' samples do not always
// balance, and the entries are what they are).

export const KONTO_HISTORY_TYPE = 'Konto';
/** Booking in calls of this many entries, so the CLI's progress bar moves (and memory stays flat). */
const BUCHUNGS_BLOCK = 1000;
/** Keys looked up per query: far below SQLite's and MySQL's placeholder limits. */
const SCHLUESSEL_BLOCK = 500;
const TEXT_MAX = 500;

const normIban = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();
const kurz = (s: string | null, max: number) => (s == null ? null : s.length > max ? s.slice(0, max) : s);

/** The column holds 100 characters; a longer bank reference is kept as its hash (still unique per account). */
const speicherSchluessel = (key: string) =>
  key.length <= 100 ? key : `long:${createHash('sha256').update(key).digest('hex')}`;

/** Counterparty and purpose as the entry's text, at most 500 characters. */
export function buchungsText(b: BankBuchung): string {
  const teile = [b.storno ? 'Storno:' : '', b.name, b.verwendungszweck].map((s) => s.trim()).filter(Boolean);
  let text = teile.join(' ').replace(/\s+/g, ' ');
  if (!text || text === 'Storno:') text = `${text} Bankbuchung ${b.bankReferenz ?? b.referenz ?? ''}`.trim();
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
}

/**
 * The account, or 404; inactive 422. A real import locks it (FOR UPDATE) until it commits, so two
 * imports into the same account run one after the other and the second finds the first's bookings
 * as duplicates instead of colliding with them.
 */
async function ladeKonto(db: Db, id: number, sperren: boolean): Promise<KontoRow> {
  const q = db('konten').where({ id }).first();
  const konto = await (sperren ? q.forUpdate() : q);
  if (!konto) throw notFound('Dieses Konto gibt es nicht (mehr).');
  if (!istWahr(konto.aktiv)) {
    throw validationFailed(
      { kontoID: [`Das Konto „${konto.name}“ ist nicht mehr aktiv; in ein inaktives Konto wird nichts importiert.`] },
      'In dieses Konto kann nicht importiert werden.',
    );
  }
  return konto;
}

/**
 * Which format and CSV mapping the file is read with: a chosen mapping (mappingID) applies to a CSV
 * file, the account's stored one is the default for a CSV file; camt, MT940 and George JSON never
 * take one.
 */
async function leseOptionen(
  db: Db,
  buf: Buffer,
  konto: KontoRow,
  opts: ImportBankOptions,
): Promise<{ format?: BankFormat; mapping?: BankCsvMapping }> {
  const gewaehlt = opts.mappingId !== undefined;
  const mappingId = opts.mappingId ?? (konto.bank_mapping_id == null ? undefined : Number(konto.bank_mapping_id));
  if (mappingId === undefined || opts.format === 'camt' || opts.format === 'mt940') return { format: opts.format };
  const forShare = !opts.dryRun;
  const gefunden = gewaehlt
    ? await ladeBankMapping(db, mappingId, { forShare })
    : await findeBankMapping(db, mappingId, { forShare });
  if (!gefunden) return { format: opts.format };
  const mapping = gefunden.mapping;
  if (opts.format) return { format: opts.format, mapping };
  const text = decodeText(buf.subarray(0, 64 * 1024), 'auto').replace(/^\uFEFF/, '');
  const erkannt = detectBankFormat(text);
  if (erkannt === 'camt' || erkannt === 'mt940') return { format: erkannt };
  const json = /^\s*[[{]/.test(text);
  if (json && !gewaehlt) return { format: erkannt ?? undefined };
  return { format: erkannt ?? (mapping.kopfzeile === false ? 'elba' : 'george'), mapping };
}

type Periode = Pick<KassaabrechnungRow, 'id' | 'von' | 'bis' | 'geschlossen' | 'bezeichnung'>;

const datenListe = (daten: Iterable<string>) => {
  const list = [...new Set(daten)].sort();
  const shown = list.slice(0, 5).map((d) => formatGermanDate(d));
  return list.length > 5 ? `${shown.join(', ')} und ${list.length - 5} weitere` : shown.join(', ');
};

/**
 * The duplicate keys among `keys` already stored for the account: one query per block. A plain
 * read (a locking one would take gap locks on the unique key that deadlock two imports into
 * different accounts): after waiting for the account's lock it still sees the other import's
 * bookings on MySQL, because the transaction's snapshot starts with the first plain read, which
 * comes after the locks (account, mapping, periods).
 */
async function vorhandeneSchluessel(db: Db, kontoId: number, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += SCHLUESSEL_BLOCK) {
    const rows = await db('kassabuch')
      .where({ konto_id: kontoId })
      .whereIn('bank_schluessel', keys.slice(i, i + SCHLUESSEL_BLOCK))
      .select('bank_schluessel');
    for (const r of rows) if (r.bank_schluessel) found.add(r.bank_schluessel);
  }
  return found;
}

/**
 * The periods the file's dates fall into. A real import locks them (FOR UPDATE) right after the
 * account, before any plain read: MySQL's snapshot of this transaction then starts after another
 * import into them has committed, so its clearing account, numbers and bookings are seen (and the
 * Belegnummer counter would wait for them anyway).
 */
async function periodenDerDatei(db: Db, buchungen: BankBuchung[], sperren: boolean): Promise<Periode[]> {
  if (!buchungen.length) return [];
  const daten = buchungen.map((b) => b.datum).sort();
  const q = db('kassaabrechnungen')
    .where('von', '<=', daten.at(-1) as string)
    .andWhere('bis', '>=', daten[0] as string)
    .orderBy('id')
    .select('id', 'von', 'bis', 'geschlossen', 'bezeichnung');
  return (await (sperren ? q.forUpdate() : q)) as Periode[];
}

export async function importBank(
  db: Db,
  actor: Actor,
  buf: Buffer,
  opts: ImportBankOptions,
): Promise<BankImportErgebnis> {
  const konto = await ladeKonto(db, opts.kontoId, !opts.dryRun);
  const parsed = parseBankFile(buf, await leseOptionen(db, buf, konto, opts));
  const buchungen = parsed.auszuege.flatMap((a) => a.buchungen);
  const keys = duplikatSchluesselListe(buchungen).map(speicherSchluessel);
  // Locks (account, periods) before the first plain read: see periodenDerDatei.
  const perioden = await periodenDerDatei(db, buchungen, !opts.dryRun);
  const vorhanden = await vorhandeneSchluessel(db, konto.id, keys);

  const warnungen: string[] = [];
  const { saldo, auszuege } = bankImportSalden(parsed.auszuege, warnungen);

  // The statement's IBAN against the account's: a file of another account is refused unless confirmed.
  const kontoIban = normIban(konto.iban);
  const fremd = [
    ...new Set(parsed.auszuege.map((a) => normIban(a.iban)).filter((i) => i && kontoIban && i !== kontoIban)),
  ];
  if (fremd.length) {
    const satz = `Der Kontoauszug ist für das Konto ${fremd.join(', ')}, nicht für „${konto.name}“ (${kontoIban}).`;
    if (!opts.dryRun && !opts.ignoreIban) {
      throw validationFailed(
        { file: [`${satz} Wenn das so richtig ist, bitte „IBAN nicht prüfen“ (ignoreIban) wählen.`] },
        'Der Kontoauszug gehört zu einem anderen Konto.',
      );
    }
    warnungen.push(satz);
  }

  const eintraege: BankImportEintrag[] = buchungen.map((b, i) => ({
    datum: b.datum,
    betragCent: b.betragCent,
    name: b.name,
    iban: b.iban,
    verwendungszweck: b.verwendungszweck,
    referenz: b.referenz,
    bankReferenz: b.bankReferenz,
    storno: b.storno,
    duplikat: vorhanden.has(keys[i] as string),
  }));
  // A booking of 0.00 € (some banks list fee notes so) moves no money; the cash book refuses it.
  const neu = eintraege.map((_e, i) => i).filter((i) => !eintraege[i]?.duplikat && eintraege[i]?.betragCent !== 0);
  const nullen = eintraege.filter((e) => !e.duplikat && e.betragCent === 0).length;
  if (nullen) warnungen.push(`${nullen} Buchung(en) über 0,00 € werden nicht übernommen.`);
  const duplikate = eintraege.filter((e) => e.duplikat).length;

  // Every new entry needs an open period (by its date).
  const periodeVon = new Map<string, Periode | undefined>();
  for (const i of neu) {
    const d = buchungen[i]?.datum as string;
    if (!periodeVon.has(d))
      periodeVon.set(
        d,
        perioden.find((p) => p.von <= d && p.bis >= d),
      );
  }
  const ohne = [...periodeVon].filter(([, p]) => !p).map(([d]) => d);
  const zu = [...periodeVon].filter(([, p]) => p && istGeschlossen(p));
  if (ohne.length) {
    const satz = `Für ${datenListe(ohne)} gibt es keine Kassaabrechnung. Bitte legen Sie sie unter Basisdaten → Kassaabrechnung an.`;
    if (!opts.dryRun)
      throw validationFailed({ file: [satz] }, 'Für Buchungen der Datei gibt es keine Kassaabrechnung.');
    warnungen.push(satz);
  }
  if (zu.length) {
    const namen = [...new Set(zu.map(([, p]) => `„${p?.bezeichnung}“`))].join(', ');
    const satz = `Buchungen vom ${datenListe(zu.map(([d]) => d))} fallen in die abgeschlossene Kassaabrechnung ${namen}.`;
    if (!opts.dryRun) {
      throw new AppError(
        409,
        'kassaabrechnung_geschlossen',
        satz,
        'Sie muss erst wieder geöffnet werden (Basisdaten → Kassaabrechnung), bevor importiert werden kann.',
      );
    }
    warnungen.push(satz);
  }

  const ergebnis: BankImportErgebnis = {
    importiert: neu.length,
    duplikate,
    format: parsed.format,
    eintraege,
    saldo,
    auszuege,
    warnungen,
    kassabuchIds: [],
  };
  if (opts.dryRun) return ergebnis;

  const now = nowDb();
  const [importId] = await db('bank_importe').insert({
    konto_id: konto.id,
    dateiname: (opts.dateiname ?? 'Kontoauszug').slice(0, 255),
    format: parsed.format,
    importiert: neu.length,
    duplikate,
    anfang_cent: saldo.anfangCent,
    ende_cent: saldo.endeCent,
    saldo_stimmt: saldo.stimmt,
    created_at: now,
    created_by: actor.userId,
  });
  const klaerung = new Map<number, number>();
  for (const p of new Set(periodeVon.values())) if (p) klaerung.set(p.id, await klaerungskontoId(db, p.id));

  const neueBuchungen: NeueBuchung[] = neu.map((i) => {
    const b = buchungen[i] as BankBuchung;
    const periode = periodeVon.get(b.datum) as Periode;
    return {
      datum: b.datum,
      betragCent: b.betragCent,
      kontoId: konto.id,
      buchungskontoId: klaerung.get(periode.id) as number,
      steuersatz: 0,
      text: buchungsText(b),
      quelle: 'bank',
      bank: {
        schluessel: keys[i] as string,
        importId: Number(importId),
        name: kurz(b.name || null, 200),
        iban: kurz(b.iban, 34),
        verwendungszweck: b.verwendungszweck || null,
        referenz: kurz(b.referenz, 140),
      },
    };
  });
  const rows: KassabuchRow[] = [];
  opts.fortschritt?.(0, neueBuchungen.length);
  try {
    for (let i = 0; i < neueBuchungen.length; i += BUCHUNGS_BLOCK) {
      rows.push(...(await bucheEintraege(db, actor, neueBuchungen.slice(i, i + BUCHUNGS_BLOCK))));
      opts.fortschritt?.(rows.length, neueBuchungen.length);
    }
  } catch (e) {
    // Two imports of the same bookings at once: the unique key (account, duplicate key) lets one win.
    if (isUniqueViolation(e)) {
      throw conflict(
        'Dieselben Buchungen wurden gerade gleichzeitig importiert.',
        'Es wurde nichts gespeichert; bitte die Vorschau neu laden – die schon importierten Buchungen sind dann Duplikate.',
        'bank_import_gleichzeitig',
      );
    }
    throw e;
  }
  await nachBankImport(db, actor, rows);
  await recordHistory(db, actor, {
    entityType: KONTO_HISTORY_TYPE,
    entityId: konto.id,
    action: 'bankimport',
    after: {
      bankImportId: Number(importId),
      dateiname: opts.dateiname ?? null,
      format: parsed.format,
      importiert: neu.length,
      duplikate,
    },
  });
  return { ...ergebnis, kassabuchIds: rows.map((r) => Number(r.id)), ...(await abgleichZahlen(db, rows)) };
}

/** How many new credits the matcher allocated and how many are left to clear (issue 15's hook). */
async function abgleichZahlen(
  db: Db,
  rows: readonly KassabuchRow[],
): Promise<{ zugeordnet: number; zuKlaeren: number }> {
  const gutschriften = rows.filter((r) => Number(r.betrag_cent) > 0);
  if (!KASSABUCH_ZUORDNUNGEN.length || !gutschriften.length) return { zugeordnet: 0, zuKlaeren: 0 };
  const zuordnungen = await leseZuordnungen(
    db,
    gutschriften.length <= 500 ? gutschriften.map((r) => Number(r.id)) : null,
  );
  let zugeordnet = 0;
  let zuKlaeren = 0;
  for (const r of gutschriften) {
    const summe = (zuordnungen.get(Number(r.id)) ?? []).reduce((s, z) => s + z.betragCent, 0);
    if (summe > 0) zugeordnet++;
    if (summe < Number(r.betrag_cent)) zuKlaeren++;
  }
  return { zugeordnet, zuKlaeren };
}
