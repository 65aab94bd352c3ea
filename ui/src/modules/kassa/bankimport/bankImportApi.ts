import type { z } from 'zod';
import type {
  BANK_FORMATE,
  BankImportEintrag,
  BankImportErgebnis,
  BankMapping,
  updateBankMappingBody,
} from '../../../../../src/modules/kassa/schema/bankimport';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { apiFetch } from '../../../api/fetcher';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';
import type { Refusal } from '../../../components/RefusalAlert';

// The bank import of docs/api/kassa.md ("Bankimport"); answer types are the server's (ADR 0005).
export type { BankImportEintrag, BankImportErgebnis, BankMapping };
/** The body of UpdateBankMapping: exactly what the API's schema accepts. */
export type UpdateBankMapping = z.input<typeof updateBankMappingBody>;

export type BankFormat = (typeof BANK_FORMATE)[number];

const BASE = '/api/Kassa';
export const BANK_MAPPINGS_KEY = `${BASE}/GetBankMappings`;

/** Every read an import changes: the cash book, its sums, the accounts' balances, the reports. */
const NACH_IMPORT = [
  `${BASE}/GetKassabuch`,
  `${BASE}/GetKonten`,
  `${BASE}/GetKonto`,
  '/api/Common/Konten',
  `${BASE}/Kassabericht`,
];

export interface BankImportOptionen {
  file: File;
  kontoId: number;
  /** undefined = the server finds the format. */
  format: BankFormat | undefined;
  /** A stored CSV mapping; undefined = the built-in one of the format or the account's own. */
  mappingId: number | undefined;
  /** The Kassier confirmed that the statement of another IBAN belongs to this account. */
  ignoreIban: boolean;
  dryRun: boolean;
}

export function useBankMappings() {
  return useApi<BankMapping[]>(BANK_MAPPINGS_KEY);
}

export function saveBankMapping(body: UpdateBankMapping) {
  return mutateApi<BankMapping>(`${BASE}/UpdateBankMapping`, { json: body, revalidate: [BANK_MAPPINGS_KEY] });
}

export function importBank(o: BankImportOptionen): Promise<BankImportErgebnis> {
  const formData = new FormData();
  formData.append('file', o.file);
  const query = {
    kontoID: o.kontoId,
    dryRun: o.dryRun,
    format: o.format,
    mappingID: o.mappingId,
    ignoreIban: o.ignoreIban ? true : undefined,
  };
  // The preview writes nothing: no reads to refresh.
  if (o.dryRun) return apiFetch<BankImportErgebnis>(`${BASE}/ImportBank`, { method: 'POST', query, formData });
  return mutateApi<BankImportErgebnis>(`${BASE}/ImportBank`, { query, formData, revalidatePrefixes: NACH_IMPORT });
}

/** A refused import (422/409): the title and the German lines of its fields. */
export function ablehnung(error: unknown): Refusal | null {
  if (!isApiError(error) || !isProblemDetails(error.body)) return null;
  const lines = Object.values(error.body.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m : [m]).map(String));
  if (error.body.detail) lines.push(error.body.detail);
  return { title: error.body.title, lines };
}

/** IBANs compared without spaces and case. */
export const normIban = (iban: string | null | undefined) => (iban ?? '').replace(/\s+/g, '').toUpperCase();
