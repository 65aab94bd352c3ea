// ISO 11649 structured creditor reference ("RF" + 2 check digits + up to 21 alphanumerics): what
// Austrian banks read as "Zahlungsreferenz" from an EPC QR code, and what a payment import matches.

const MAX_BODY = 21;

/** Letters as 10..35, digits as themselves, then the remainder mod 97 — computed piecewise. */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const ch of alphanumeric) {
    const value = Number.parseInt(ch, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder;
}

/** Upper case without the spaces and separators people and our own numbers contain ("2025-00017"). */
function cleanBody(value: string): string {
  return value.replace(/[\s\u00a0\-./_]/g, '').toUpperCase();
}

/** The reference for an internal number: rfFromNumber('2025-00017') → "RF90202500017". */
export function rfFromNumber(value: string | number): string {
  if (typeof value === 'number' && !(Number.isSafeInteger(value) && value >= 0)) {
    throw new RangeError(`Keine gültige Nummer für eine Zahlungsreferenz: ${value}`);
  }
  const body = cleanBody(String(value));
  if (!/^[0-9A-Z]+$/.test(body) || body.length > MAX_BODY) {
    throw new RangeError(`Aus "${value}" lässt sich keine Zahlungsreferenz bilden (1–21 Buchstaben oder Ziffern).`);
  }
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** "rf18 5390 0754 7034" → "RF18539007547034". */
export function normalizeRf(reference: string): string {
  return reference.replace(/[\s\u00a0]/g, '').toUpperCase();
}

/** Shape and check digits: moving "RFcc" to the end must leave remainder 1 mod 97. */
export function isValidRf(reference: string): boolean {
  const rf = normalizeRf(reference);
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(rf)) return false;
  return mod97(`${rf.slice(4)}${rf.slice(0, 4)}`) === 1;
}

/** The printed form in groups of four: "RF18 5390 0754 7034". */
export function formatRf(reference: string): string {
  return normalizeRf(reference).replace(/(.{4})(?=.)/g, '$1 ');
}
