import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  amountToCents,
  type BankBuchung,
  BankImportFehler,
  cleanText,
  type Kontoauszug,
  saldoStimmt,
} from './bankTypes';

// camt.053 (ISO 20022 bank-to-customer statement), versions 001.02 to 001.08. The versions differ
// in few places that matter here, each handled where it is read: the party (001.02–001.06 `Dbtr/Nm`,
// from 001.07 on `Dbtr/Pty/Nm`), the BIC (`BIC` until 001.03, then `BICFI`), the status (a code in
// 001.02–001.06, `Sts/Cd` from 001.07), dates (`Dt` or `DtTm`), and the amount of a transaction
// (`AmtDtls/TxAmt/Amt`, from 001.03 also `TxDtls/Amt`).

export const CAMT_VERSIONS = ['02', '03', '04', '05', '06', '07', '08'] as const;

// A parsed XML element: text, attributes under '@_', children by local name (namespaces removed).
// biome-ignore lint/suspicious/noExplicitAny: the XML tree's shape is checked field by field below.
type Node = any;

const REPEATED = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'CdtrRefInf', 'AddtlRmtInf']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

/** The camt message and version named by the document's namespace, e.g. { message: '053', version: '08' }. */
export function camtNamespace(text: string): { message: string; version: string } | null {
  const m = /urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.001\.(\d{2})/.exec(text.slice(0, 2000));
  return m ? { message: m[1] ?? '', version: m[2] ?? '' } : null;
}

const textOf = (n: Node): string => {
  if (n === undefined || n === null) return '';
  if (typeof n === 'object') return String(n['#text'] ?? '');
  return String(n);
};
const list = (n: Node): Node[] => (Array.isArray(n) ? n : n === undefined || n === null || n === '' ? [] : [n]);
const dateOf = (n: Node): string | null => {
  const s = textOf(n?.Dt) || textOf(n?.DtTm);
  return /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};

function cents(amt: Node, where: string): number {
  const value = amountToCents(textOf(amt), '.');
  if (value === null || value < 0)
    throw new BankImportFehler(`camt.053: ${where} hat keinen gültigen Betrag („${textOf(amt)}“).`);
  return value;
}

const signOf = (ind: Node, where: string): 1 | -1 => {
  const s = textOf(ind);
  if (s === 'CRDT') return 1;
  if (s === 'DBIT') return -1;
  throw new BankImportFehler(`camt.053: ${where} sagt nicht, ob Gutschrift oder Lastschrift (CdtDbtInd).`);
};

/** A party's name: `Nm` until 001.06, `Pty/Nm` (or an agent's name) from 001.07. */
const partyName = (p: Node): string => cleanText(textOf(p?.Nm) || textOf(p?.Pty?.Nm) || textOf(p?.Agt?.FinInstnId?.Nm));
const accountIban = (a: Node): string | null => textOf(a?.Id?.IBAN).replace(/\s/g, '') || null;
const agentBic = (a: Node): string | null => textOf(a?.FinInstnId?.BICFI) || textOf(a?.FinInstnId?.BIC) || null;

type Party = { name: string; iban: string | null; bic: string | null };

/**
 * The counterparty: the debtor of money received, the creditor of money paid. A reversal keeps the
 * original's roles, so its direction is the other way round. A side that is our own account or
 * empty gives way to the other.
 */
function counterparty(tx: Node, credit: boolean, ownIban: string | null): Party {
  const pties = tx?.RltdPties ?? {};
  const agts = tx?.RltdAgts ?? {};
  const sides: Party[] = (credit ? ['Dbtr', 'Cdtr'] : ['Cdtr', 'Dbtr']).map((role) => ({
    name: partyName(pties[role]) || partyName(pties[`Ultmt${role}`]),
    iban: accountIban(pties[`${role}Acct`]),
    bic: agentBic(agts[`${role}Agt`]),
  }));
  const found = sides.find((s) => (s.name || s.iban) && (!ownIban || s.iban !== ownIban));
  return found ?? { name: '', iban: null, bic: null };
}

/** Unstructured lines joined, then structured additional lines; the RF/creditor reference apart. */
function remittance(tx: Node): { text: string; creditorRef: string | null } {
  const rmt = tx?.RmtInf;
  const parts: string[] = list(rmt?.Ustrd).map(textOf);
  let creditorRef: string | null = null;
  for (const strd of list(rmt?.Strd)) {
    for (const ref of list(strd?.CdtrRefInf)) {
      const r = textOf(ref?.Ref).replace(/\s/g, '');
      if (r && !creditorRef) creditorRef = r;
    }
    parts.push(...list(strd?.AddtlRmtInf).map(textOf));
  }
  return { text: cleanText(parts.join(' ')), creditorRef };
}

const NOT_PROVIDED = /^(NOTPROVIDED|NONREF|NOT PROVIDED)$/i;

function entryBookings(ntry: Node, index: number, ownIban: string | null, ccy: string): BankBuchung[] {
  const where = `Buchung ${index + 1}`;
  const status = textOf(ntry?.Sts?.Cd) || textOf(ntry?.Sts);
  // Only booked entries are statement lines; pending or informational ones come again when booked.
  if (status && status !== 'BOOK') return [];
  const datum = dateOf(ntry?.BookgDt) ?? dateOf(ntry?.ValDt);
  if (!datum) throw new BankImportFehler(`camt.053: ${where} hat kein Buchungsdatum.`);
  const valuta = dateOf(ntry?.ValDt);
  const entrySign = signOf(ntry?.CdtDbtInd, where);
  const entryCents = cents(ntry?.Amt, where);
  const waehrung = ntry?.Amt?.['@_Ccy'] || ccy;
  const storno = textOf(ntry?.RvslInd).toLowerCase() === 'true';
  const entryRef = textOf(ntry?.AcctSvcrRef) || null;
  const entryInfo = textOf(ntry?.AddtlNtryInf);
  const txs: Node[] = list(ntry?.NtryDtls).flatMap((d: Node) => list(d?.TxDtls));

  // A batch is split only when every transaction names its amount and they add up to the entry;
  // otherwise the entry stays one booking, so the statement's balance is never changed by us.
  const txAmounts = txs.map((tx) => {
    const amt = tx?.Amt ?? tx?.AmtDtls?.TxAmt?.Amt;
    if (amt === undefined) return null;
    const sign = tx?.CdtDbtInd ? signOf(tx.CdtDbtInd, where) : entrySign;
    return sign * cents(amt, where);
  });
  const split =
    txs.length > 1 &&
    txAmounts.every((a) => a !== null) &&
    txAmounts.reduce((s: number, a) => s + (a ?? 0), 0) === entrySign * entryCents;
  const units: { tx: Node; betragCent: number; nr: number }[] = split
    ? txs.map((tx, i) => ({ tx, betragCent: txAmounts[i] ?? 0, nr: i + 1 }))
    : [{ tx: txs[0], betragCent: entrySign * entryCents, nr: 0 }];

  return units.map(({ tx, betragCent, nr }) => {
    const party = counterparty(tx, storno ? betragCent < 0 : betragCent > 0, ownIban);
    const { text, creditorRef } = remittance(tx);
    const endToEnd = textOf(tx?.Refs?.EndToEndId);
    const txRef = textOf(tx?.Refs?.AcctSvcrRef);
    // Several transactions under one bank reference keep it apart by their position in the batch.
    const bankReferenz = txRef || (entryRef ? (nr ? `${entryRef}/${nr}` : entryRef) : null);
    return {
      datum,
      valuta,
      betragCent: betragCent + 0,
      waehrung,
      name: party.name,
      iban: party.iban,
      bic: party.bic,
      verwendungszweck: text || cleanText(textOf(tx?.AddtlTxInf) || entryInfo),
      referenz: creditorRef ?? (endToEnd && !NOT_PROVIDED.test(endToEnd) ? endToEnd : null),
      bankReferenz,
      storno,
    };
  });
}

function balance(stmt: Node, codes: string[]): { cents: number; ccy: string } | null {
  const bals = list(stmt?.Bal);
  for (const code of codes) {
    const bal = bals.find((b) => (textOf(b?.Tp?.CdOrPrtry?.Cd) || textOf(b?.Tp?.CdOrPrtry?.Prtry)) === code);
    if (bal)
      return {
        cents: signOf(bal.CdtDbtInd, `Saldo ${code}`) * cents(bal.Amt, `Saldo ${code}`) + 0,
        ccy: bal.Amt?.['@_Ccy'] ?? '',
      };
  }
  return null;
}

/** A camt.053 document (text) → its statements. */
export function parseCamt053(text: string): Kontoauszug[] {
  const ns = camtNamespace(text);
  if (!ns) throw new BankImportFehler('Die XML-Datei ist kein camt-Kontoauszug (ISO 20022).');
  if (ns.message !== '053') {
    throw new BankImportFehler(`Die Datei ist eine camt.${ns.message}-Nachricht, kein Kontoauszug (camt.053).`);
  }
  if (!(CAMT_VERSIONS as readonly string[]).includes(ns.version)) {
    throw new BankImportFehler(`Die camt.053-Version 001.${ns.version} wird nicht unterstützt (001.02 bis 001.08).`);
  }
  // camt never declares a DOCTYPE; refusing one keeps entity expansion (billion laughs) out.
  if (/<!DOCTYPE/i.test(text))
    throw new BankImportFehler('Die XML-Datei enthält eine DOCTYPE-Deklaration und wird nicht gelesen.');
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    // The parser's own message is English: the line is what helps the Kassier or support.
    throw new BankImportFehler('Die XML-Datei ist beschädigt oder unvollständig.', valid.err.line);
  }
  const doc = parser.parse(text);
  const stmts = list(doc?.Document?.BkToCstmrStmt?.Stmt);
  if (!stmts.length) throw new BankImportFehler('Die camt.053-Datei enthält keinen Kontoauszug.');
  return stmts.map((stmt) => {
    const iban = accountIban(stmt?.Acct);
    const opening = balance(stmt, ['OPBD', 'PRCD']);
    const closing = balance(stmt, ['CLBD']);
    const waehrung =
      textOf(stmt?.Acct?.Ccy) || opening?.ccy || closing?.ccy || list(stmt?.Ntry)[0]?.Amt?.['@_Ccy'] || 'EUR';
    const buchungen = list(stmt?.Ntry).flatMap((ntry, i) => entryBookings(ntry, i, iban, waehrung));
    const anfangCent = opening?.cents ?? null;
    const endeCent = closing?.cents ?? null;
    return {
      iban,
      waehrung,
      anfangCent,
      endeCent,
      buchungen,
      saldoStimmt: saldoStimmt(anfangCent, endeCent, buchungen),
    };
  });
}
