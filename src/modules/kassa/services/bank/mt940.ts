import {
  amountToCents,
  type BankBuchung,
  BankImportFehler,
  cleanText,
  type Kontoauszug,
  saldoStimmt,
} from './bankTypes';

// MT940 (SWIFT customer statement) as Austrian and German banks export it: :20: starts a
// statement, :25: the account, :60F:/:60M: the opening and :62F:/:62M: the closing balance, each
// :61: a booking and the :86: after it its text, in the German/Austrian structured form
// (`166?00…?20…?32…`) where the bank writes it. A SWIFT envelope ({1:…}{4: … -}) is ignored.

type Tag = { tag: string; value: string; line: number };

/** The file's tags with their (multi-line) values and first line numbers. */
function tagsOf(text: string): Tag[] {
  const tags: Tag[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    const line = raw.replace(/^\{[0-9]:[^}]*\}|^\{4:|-\}$/g, '');
    const m = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (m) tags.push({ tag: m[1] ?? '', value: m[2] ?? '', line: i + 1 });
    else if (line.trim() === '-' || line.trim() === '') return;
    else {
      const last = tags.at(-1);
      if (last) last.value += `\n${line}`;
    }
  });
  return tags;
}

/** YYMMDD → YYYY-MM-DD (SWIFT's two-digit years: 80–99 are the 1900s). */
function swiftDate(yymmdd: string, line: number): string {
  const yy = Number(yymmdd.slice(0, 2));
  const iso = `${yy >= 80 ? 1900 + yy : 2000 + yy}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  if (Number.isNaN(Date.parse(iso)) || new Date(iso).toISOString().slice(0, 10) !== iso) {
    throw new BankImportFehler(`MT940: „${yymmdd}“ ist kein Datum.`, line);
  }
  return iso;
}

function mtAmount(text: string, line: number): number {
  const value = amountToCents(text, ',');
  if (value === null) throw new BankImportFehler(`MT940: „${text}“ ist kein Betrag.`, line);
  return value;
}

/** :60F:/:62F: "C240131EUR1234,56" → signed cents and currency. */
function balanceOf(t: Tag): { cents: number; ccy: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})([\d,]+)/.exec(t.value.trim());
  if (!m) throw new BankImportFehler(`MT940: Der Saldo :${t.tag}: „${t.value.trim()}“ ist nicht lesbar.`, t.line);
  const cents = mtAmount(m[4] ?? '', t.line);
  return { cents: m[1] === 'D' ? -cents + 0 : cents, ccy: m[3] ?? 'EUR' };
}

const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+/g;

/** The German/Austrian structured :86: ("166?00GUTSCHRIFT?20…"), or plain text. */
function details86(value: string): {
  text: string;
  name: string;
  iban: string | null;
  bic: string | null;
  eref: string | null;
} {
  const raw = value.replace(/\r?\n/g, '');
  if (!/^\d{3}\?|^\?\d{2}/.test(raw)) {
    return { text: cleanText(value), name: '', iban: null, bic: null, eref: null };
  }
  const fields = new Map<number, string[]>();
  for (const m of raw.matchAll(/\?(\d{2})([^?]*)/g)) {
    const k = Number(m[1]);
    fields.set(k, [...(fields.get(k) ?? []), m[2] ?? '']);
  }
  const get = (k: number) => (fields.get(k) ?? []).join('');
  // ?20–?29 and ?60–?63 are 27-character slices of one text: a full slice continues the word.
  const slices = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63].flatMap((k) => fields.get(k) ?? []);
  let joined = '';
  let previous = 27;
  for (const s of slices) {
    joined += joined && previous < 27 ? ` ${s}` : s;
    previous = s.length;
  }
  let text = joined;
  let eref: string | null = null;
  let iban: string | null = null;
  let bic: string | null = null;
  if (/(EREF|SVWZ|KREF|MREF)\+/.test(joined)) {
    const parts = new Map<string, string>();
    const keys = [...joined.matchAll(SEPA_KEYS)];
    keys.forEach((k, i) => {
      const start = (k.index ?? 0) + k[0].length;
      const end = keys[i + 1]?.index ?? joined.length;
      parts.set(k[1] ?? '', joined.slice(start, end).trim());
    });
    text = parts.get('SVWZ') ?? joined.slice(0, keys[0]?.index ?? 0);
    const e = parts.get('EREF');
    eref = e && !/^NOTPROVIDED$/i.test(e) ? e : null;
    iban = parts.get('IBAN')?.replace(/\s/g, '') || null;
    bic = parts.get('BIC') || null;
  }
  const account = get(31).trim();
  const bank = get(30).trim();
  return {
    text: cleanText(text) || cleanText(get(0)),
    name: cleanText(`${get(32)}${get(33)}`),
    iban: iban ?? (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account) ? account : null),
    bic: bic ?? (/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bank) ? bank : null),
    eref,
  };
}

/** :61: "2401310201C1234,56NTRFNONREF//BANKREF" with the booking date's year taken from the value date. */
function booking(t: Tag, info: Tag | undefined, ccy: string): BankBuchung {
  const [first = '', extra = ''] = t.value.split('\n');
  const m = /^(\d{6})(\d{4})?(RC|RD|C|D)[A-Z]?([\d,]+)([NSF][A-Z0-9]{3})(.*?)(?:\/\/(.*))?$/.exec(first.trim());
  if (!m) throw new BankImportFehler(`MT940: Die Buchungszeile :61: „${first.trim()}“ ist nicht lesbar.`, t.line);
  const [, valDate = '', entry, mark = '', amount = '', , custRef = '', bankRef = ''] = m;
  const valuta = swiftDate(valDate, t.line);
  let datum = valuta;
  if (entry) {
    // The entry date has no year: the value date's, or the neighbouring one across New Year.
    let year = Number(valuta.slice(0, 4));
    const month = Number(entry.slice(0, 2));
    const valMonth = Number(valuta.slice(5, 7));
    if (month === 12 && valMonth === 1) year--;
    if (month === 1 && valMonth === 12) year++;
    datum = swiftDate(`${String(year % 100).padStart(2, '0')}${entry}`, t.line);
  }
  // C/D is the direction; RC is the reversal of a credit (money out), RD of a debit (money in).
  const negative = mark === 'D' || mark === 'RC';
  const cents = mtAmount(amount, t.line);
  const d = details86(info?.value ?? extra);
  const ref = custRef.trim();
  return {
    datum,
    valuta,
    betragCent: negative ? -cents + 0 : cents,
    waehrung: ccy,
    name: d.name,
    iban: d.iban,
    bic: d.bic,
    verwendungszweck: d.text,
    referenz: d.eref ?? (ref && !/^NONREF$/i.test(ref) ? ref : null),
    bankReferenz: bankRef.trim() && !/^NONREF$/i.test(bankRef.trim()) ? bankRef.trim() : null,
    storno: mark.startsWith('R'),
  };
}

/** An MT940 file (text) → its statements. */
export function parseMt940(text: string): Kontoauszug[] {
  const tags = tagsOf(text);
  if (!tags.some((t) => t.tag === '61' || t.tag === '60F' || t.tag === '60M')) {
    throw new BankImportFehler('Die Datei ist kein MT940-Kontoauszug.');
  }
  const auszuege: Kontoauszug[] = [];
  type Open = {
    iban: string | null;
    waehrung: string;
    anfangCent: number | null;
    endeCent: number | null;
    buchungen: BankBuchung[];
  };
  let cur: Open | null = null;
  const close = () => {
    if (cur) auszuege.push({ ...cur, saldoStimmt: saldoStimmt(cur.anfangCent, cur.endeCent, cur.buchungen) });
    cur = null;
  };
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i] as Tag;
    if (t.tag === '20') {
      close();
      cur = { iban: null, waehrung: 'EUR', anfangCent: null, endeCent: null, buchungen: [] };
      continue;
    }
    if (!cur) cur = { iban: null, waehrung: 'EUR', anfangCent: null, endeCent: null, buchungen: [] };
    const s: Open = cur;
    if (t.tag === '25') {
      const acct = t.value.trim().replace(/\s/g, '');
      s.iban = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(acct) ? acct : null;
    } else if (t.tag === '60F' || t.tag === '60M') {
      const b = balanceOf(t);
      s.anfangCent = b.cents;
      s.waehrung = b.ccy;
    } else if (t.tag === '62F' || t.tag === '62M') {
      s.endeCent = balanceOf(t).cents;
    } else if (t.tag === '61') {
      const next = tags[i + 1];
      s.buchungen.push(booking(t, next?.tag === '86' ? next : undefined, s.waehrung));
    }
  }
  close();
  return auszuege;
}
