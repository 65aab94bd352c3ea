import type { z } from 'zod';
import type { Kassaabrechnung, kassaabrechnungBody } from '../../../../../src/modules/kassa/schema/kassaabrechnung';
import { apiFetch } from '../../../api/fetcher';
import { KASSA_LOOKUP_PREFIXES } from '../../../api/kassa';
import { mutateApi } from '../../../api/mutateApi';
import { useApi } from '../../../api/useApi';

// The periods' calls (docs/api/kassa.md "Kassaabrechnung", Abrechnung controller). Types are the
// server's (ADR 0005).
export type { Kassaabrechnung };
export type KassaabrechnungBody = z.input<typeof kassaabrechnungBody>;

const A = '/api/Abrechnung';
export const KASSAABRECHNUNGEN_KEY = `${A}/GetKassaabrechnungen`;
/**
 * A period change touches every Kassa read: the lookups, the default period, the accounts'
 * opening balances (carried into a new year), booking accounts and cost centres (copied), history.
 */
const PREFIXES = [
  ...KASSA_LOOKUP_PREFIXES,
  KASSAABRECHNUNGEN_KEY,
  `${A}/GetKassaabrechnung`,
  '/api/Kassa/',
  '/api/Common/GetHistory',
];

/** Every period, newest first. */
export function useKassaabrechnungenList() {
  return useApi<Kassaabrechnung[]>(KASSAABRECHNUNGEN_KEY);
}

export function fetchKassaabrechnung(id: number) {
  return apiFetch<Kassaabrechnung>(`${A}/GetKassaabrechnung`, { query: { id } });
}

/** The next year's period: booking accounts and cost centres copied, closing balances carried. */
export function createKassajahr(jahr: number | undefined) {
  return mutateApi<Kassaabrechnung>(`${A}/GetNewKassaabrechnung`, { query: { jahr }, revalidatePrefixes: PREFIXES });
}

export function saveKassaabrechnung(body: KassaabrechnungBody) {
  return mutateApi<Kassaabrechnung>(`${A}/UpdateKassaabrechnung`, { json: body, revalidatePrefixes: PREFIXES });
}

export function closeKassaabrechnung(id: number) {
  return mutateApi<Kassaabrechnung>(`${A}/CloseKassaabrechnung`, { query: { id }, revalidatePrefixes: PREFIXES });
}

export function openKassaabrechnung(id: number) {
  return mutateApi<Kassaabrechnung>(`${A}/OpenKassaabrechnung`, { query: { id }, revalidatePrefixes: PREFIXES });
}

export function deleteKassaabrechnung(id: number) {
  return mutateApi<void>(`${A}/DeleteKassaabrechnung`, {
    method: 'DELETE',
    query: { id },
    revalidatePrefixes: PREFIXES,
  });
}
