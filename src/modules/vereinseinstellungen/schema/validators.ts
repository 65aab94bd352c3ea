// Checks of club data that are more than a pattern: SEPA creditor id, the website. (Postcodes are
// checked by platform/validation's plzError: addresses of other modules need them too.)
// Free of Node APIs so that the UI can use the same checks through schema.ts.

/** Letters count as 10 (A) … 35 (Z), as in IBAN check digits. */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** "at92 zzz 0000 0012 345" → "AT92ZZZ00000012345". */
export function normalizeCreditorId(id: string): string {
  return id.replace(/[\s\u00a0-]/g, '').toUpperCase();
}

/**
 * SEPA creditor identifier (Gläubiger-ID, EPC262-08): country, two check digits, a three-character
 * business code that the check ignores, then the national id; mod 97 over id + country + check digits.
 */
export function isValidCreditorId(id: string): boolean {
  const c = normalizeCreditorId(id);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(c)) return false;
  return mod97(c.slice(7) + c.slice(0, 4)) === 1;
}

/** "www.kgv.at" → "https://www.kgv.at"; undefined when it is no http(s) address with a domain. */
export function normalizeWebsite(input: string): string | undefined {
  const text = /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `https://${input}`;
  if (/\s/.test(text) || !/^https?:\/\//i.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const host = url.hostname;
  if (!/^[a-z0-9.-]+$/i.test(host) || !host.includes('.') || host.startsWith('.') || host.endsWith('.')) {
    return undefined;
  }
  return text;
}

/** A host name or an IP address for the SMTP server. */
export function isValidHost(host: string): boolean {
  if (/^\[?[0-9a-f:]+\]?$/i.test(host) && host.includes(':')) return true;
  return /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(host);
}
