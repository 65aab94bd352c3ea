import type { BankImportErgebnis } from '../../src/modules/kassa/schema/bankimport';
import type { ApiClient } from '../helpers/apiClient';

type Problem = { title: string; code?: string; errors?: Record<string, string[]> };

/** A camt.053 statement imported into the bank account through Kassa's ImportBank (the matcher runs). */
export function importiereAuszug(client: ApiClient, kontoId: number, xml: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.from(xml))]), 'auszug.xml');
  return client.request<BankImportErgebnis & Problem>('POST', 'Kassa/ImportBank', {
    rawBody: form,
    query: { kontoID: kontoId },
  });
}
