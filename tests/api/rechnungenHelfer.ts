import { expect } from 'vitest';
import type { Eintrag } from '../../src/modules/kassa/schema/kassabuch';
import { bucheEintraege } from '../../src/modules/kassa/services';
import { ordneZu } from '../../src/modules/rechnungspruefung/services/zuordnungen';
import { systemActor } from '../../src/platform/auth/principal';
import type { Right } from '../../src/platform/auth/rights';
import type { ApiClient } from '../helpers/apiClient';
import type { RechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import type { TestApp } from '../helpers/testApp';

// Shared by the receivable and payment tests (rechnungen, rechnungenLoeschen, rechnungenUebersicht,
// rechnungenZahlungen, rechnungenZahlungenKassa).

/** Pays `betragCent` of a receivable: a bank entry booked through Kassa and allocated (S2's ordneZu). */
export async function bezahle(
  app: TestApp,
  rb: RechnungenBeispiel,
  rechnungId: number,
  betragCent: number,
  { datum = '2026-03-20', quelle = 'manuell' }: { datum?: string; quelle?: 'manuell' | 'bank' } = {},
): Promise<number> {
  return app.services.db.transaction(async (trx) => {
    const [e] = await bucheEintraege(trx, systemActor('Test'), [
      { datum, betragCent, kontoId: rb.kontoId, buchungskontoId: rb.bk.pacht, text: 'Zahlung' },
    ]);
    await ordneZu(trx, systemActor('Test'), { kassabuchId: e!.id, zuordnungen: [{ rechnungId, betragCent }], quelle });
    return e!.id;
  });
}

/** The body of a manual receivable for Huber: „Schlüssel Gartentor“ 15,00 € and „Stromanteil“ 24,80 €. */
export const neueRechnung = (rb: RechnungenBeispiel, over: Record<string, unknown> = {}) => ({
  adresseId: rb.huber,
  datum: '2026-05-04',
  faelligAm: '2026-05-31',
  positionen: [
    { text: 'Schlüssel Gartentor', betragCent: 1_500, steuersatz: 0, buchungskontoId: rb.bk.mitgliedsbeitrag },
    { text: 'Stromanteil', betragCent: 2_480, steuersatz: 20 },
  ],
  ...over,
});

/** The seeded run's receivable 2026-0000n (numbers are given in the letters' order). */
export const rechnungNr = (rb: RechnungenBeispiel, n: number) => {
  const r = rb.lauf.rechnungen.find((x) => x.nummer === `2026-${String(n).padStart(5, '0')}`);
  if (!r) throw new Error(`no receivable 2026-${n} in the seed`);
  return r;
};

/** Signs in a user whose one role (made for the test, `id`/`name` unique per file) holds exactly `rights`. */
export async function mitRechten(app: TestApp, id: number, name: string, rights: Right[]): Promise<ApiClient> {
  await app.services.db('roles').insert({ id, name, description: 'Test', is_system: false });
  await app.services.db('role_rights').insert(rights.map((right_name) => ({ role_id: id, right_name })));
  return app.signedIn([name]);
}

/** An income (or, negative, expense) entry on the bank account on 10 April 2026, booked through Kassa's API. */
export async function bankEintrag(
  client: ApiClient,
  rb: RechnungenBeispiel,
  betragCent: number,
  text = 'Einzahlung',
): Promise<Eintrag> {
  const res = await client.post<Eintrag>('Kassa/UpdateKassabuch', {
    datum: '2026-04-10',
    betragCent,
    kontoId: rb.kontoId,
    buchungskontoId: rb.bk.pacht,
    text,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
