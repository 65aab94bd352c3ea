import { validationFailed } from '../errors';
import { type Cents, centsToDecimalString } from '../money';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from './iban';
import { isValidRf, normalizeRf } from './rfReference';

/** What goes into a "Zahlen mit Code" QR code (EPC069-12, version 002). */
export type EpcQrInput = {
  /** May be left out inside the EEA (version 002). */
  bic?: string | null;
  /** The payee, ≤ 70 characters. */
  name: string;
  iban: string;
  /** 1 … 99 999 999 999 cents. */
  amountCents: Cents;
  /** Structured ISO 11649 reference (RF…); excludes `text`. */
  reference?: string | null;
  /** Unstructured remittance text, ≤ 140 characters; only without `reference`. */
  text?: string | null;
  /** Hint for the payer shown by the banking app, ≤ 70 characters. */
  info?: string | null;
};

export const EPC_MAX_AMOUNT_CENTS = 99_999_999_999;
// The standard's limit for the whole payload, in bytes of UTF-8.
const EPC_MAX_BYTES = 331;

const charCount = (text: string) => [...text].length;

/**
 * The EPC QR payload: lines joined by LF, trailing empty lines removed. Invalid input throws
 * validationFailed with one German message per field, so a form can show them where they belong.
 */
export function epcQrPayload(input: EpcQrInput): string {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const field = (key: 'name' | 'bic' | 'reference' | 'text' | 'info', label: string, max: number) => {
    const value = (input[key] ?? '').trim();
    // A line break would shift every following line and make the banking app misread the code.
    if (/[\r\n]/.test(value)) fail(key, `${label} darf keine Zeilenumbrüche enthalten.`);
    else if (charCount(value) > max) fail(key, `${label} darf höchstens ${max} Zeichen lang sein.`);
    return value;
  };

  const name = field('name', 'Der Name des Zahlungsempfängers', 70);
  if (!name && !errors.name) fail('name', 'Der Name des Zahlungsempfängers fehlt.');

  const iban = normalizeIban(input.iban ?? '');
  if (!isValidIban(iban)) fail('iban', 'Die IBAN ist ungültig.');

  const bicInput = field('bic', 'Der BIC', 11);
  const bic = normalizeBic(bicInput);
  if (bic && !errors.bic && !isValidBic(bic)) fail('bic', 'Der BIC ist ungültig.');

  const amount = input.amountCents;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > EPC_MAX_AMOUNT_CENTS) {
    fail('amountCents', 'Der Betrag muss zwischen € 0,01 und € 999.999.999,99 liegen.');
  }

  const reference = normalizeRf(field('reference', 'Die Zahlungsreferenz', 35));
  if (reference && !errors.reference && !isValidRf(reference)) {
    fail('reference', 'Die Zahlungsreferenz ist ungültig (erwartet wird eine RF-Referenz nach ISO 11649).');
  }

  const text = field('text', 'Der Verwendungszweck', 140);
  if (reference && text) {
    fail('text', 'Zahlungsreferenz und Verwendungszweck können nicht gemeinsam angegeben werden.');
  }

  const info = field('info', 'Der Hinweis an den Zahler', 70);

  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Der QR-Code kann nicht erstellt werden.');

  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, `EUR${centsToDecimalString(amount)}`, '', reference, text];
  lines.push(info);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const payload = lines.join('\n');

  if (Buffer.byteLength(payload, 'utf8') > EPC_MAX_BYTES) {
    throw validationFailed(
      { [info ? 'info' : 'text']: [`Die Daten für den QR-Code sind zu lang (höchstens ${EPC_MAX_BYTES} Bytes).`] },
      'Der QR-Code kann nicht erstellt werden.',
    );
  }
  return payload;
}
