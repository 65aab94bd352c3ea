import { bucheEintraege } from '../../src/modules/kassa/services';
import { ordneZu } from '../../src/modules/rechnungspruefung/services/zuordnungen';
import { systemActor } from '../../src/platform/auth/principal';
import type { RechnungenBeispiel } from '../helpers/rechnungenBeispiel';
import type { TestApp } from '../helpers/testApp';

// Shared by the receivable tests (rechnungen, rechnungenLoeschen, rechnungenUebersicht).

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
