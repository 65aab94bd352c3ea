import type { EinbuchenResponse } from '../../src/modules/abrechnung/schema/zvData';
import { laufEinbuchen } from '../../src/modules/abrechnung/services';
import { systemActor } from '../../src/platform/auth/principal';
import type { AppServices } from '../../src/platform/services';
import { seedZvBeispiel, ZV_DATUM, ZV_JAHR, type ZvBeispiel } from './zvBeispiel';

// Issue 15's starting point: DOMAIN.md's club (tests/helpers/zvBeispiel.ts) with its Zahlungsvorschreibung
// booked on ZV_DATUM — 17 receivables 2026-00001 … 2026-00017 (one per holder in the letters' order;
// plot 17's Huber: 1.397,79 €, the sixteen others 1.553,44 €), due 30 days later (2026-03-31), each with its RF reference. The Kassa period of the year
// exists with the bank account `kontoId` (AT61…3201) and booking accounts, so bank imports and cash
// entries can pay them.

export const RB_FAELLIG_AM = '2026-03-31';

export type RechnungenBeispiel = ZvBeispiel & {
  /** The booked run's answer: receivables in the letters' order (by name: Gärtner1 … Gärtner16, Huber last). */
  lauf: EinbuchenResponse;
  /** Huber's receivable (plot 17): 139,779 cents. */
  huberRechnung: EinbuchenResponse['rechnungen'][number];
  /** The club's bank account in Kassa (its IBAN is the settings' AT611904300234573201). */
  kontoId: number;
  /** The Handkassa (cash paid at the club house: AlleBezahlt). */
  kassaKontoId: number;
};

export async function seedRechnungenBeispiel(services: AppServices): Promise<RechnungenBeispiel> {
  const zv = await seedZvBeispiel(services);
  const lauf = await services.db.transaction((trx) =>
    laufEinbuchen(trx, systemActor('Test'), 'Zahlungsvorschreibung', {
      pachtabrechnungId: zv.pachtabrechnungId,
      jahr: ZV_JAHR,
      datum: ZV_DATUM,
      schluessel: '',
      interimBilling: false,
      rechnungenTeilen: false,
    }),
  );
  const konto = await services.db('konten').where({ art: 'bank' }).orderBy('id').first('id');
  const kasse = await services.db('konten').where({ art: 'kassa' }).orderBy('id').first('id');
  if (!konto || !kasse) throw new Error('seedRechnungenBeispiel: the Kassa example has no bank account or cash box');
  const huberRechnung = lauf.rechnungen.find((r) => r.adresseId === zv.huber);
  if (!huberRechnung) throw new Error('seedRechnungenBeispiel: no receivable for Huber');
  return { ...zv, lauf, huberRechnung, kontoId: Number(konto.id), kassaKontoId: Number(kasse.id) };
}
