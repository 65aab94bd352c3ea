import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { formatEuro } from '../../../platform/money';
import { bucheEintraege, forderungseingangKontoId, ladePeriode, periodeFuerDatum } from '../../kassa/services';
import type { Rechnung } from '../schema/rechnung';
import type { ZahlungErfassenInput } from '../schema/zahlungen';
import { ladeRechnungenNachIds } from './rechnungenLaden';
import { ordneZu } from './zuordnungen';

// Payments at the counter (ZahlungErfassen, AlleBezahlt): one income entry per receivable, booked on
// the receivable's booking account (when all its positions share one; that number in the entry's
// period) else on 9998 "Zahlungen auf Forderungen", and allocated at once.

/** The booking account a payment of this receivable goes to in the period (created 9998 when needed). */
export async function buchungskontoFuerZahlung(db: Db, periodeId: number, rechnungId: number): Promise<number> {
  const konten = await db('rechnung_positionen as p')
    .leftJoin('buchungskonten as b', 'b.id', 'p.buchungskonto_id')
    .where('p.rechnung_id', rechnungId)
    .distinct('b.nummer');
  const nummer = konten.length === 1 ? konten[0]?.nummer : null;
  if (nummer != null) {
    const bk = await db('buchungskonten')
      .where({ kassaabrechnung_id: periodeId, nummer: String(nummer), geloescht: false, klaerung: false })
      .first('id');
    if (bk) return Number(bk.id);
  }
  return forderungseingangKontoId(db, periodeId);
}

/** The Kassa period of the day, locked first (the order every booking locks in: period, entry, receivables). */
export async function sperrePeriode(db: Db, datum: string): Promise<void> {
  const periode = await periodeFuerDatum(db, datum, 'datum');
  await ladePeriode(db, Number(periode.id), { forUpdate: true });
}

/** Books and allocates one counter payment; the receivable must still be open by at least the amount. */
export async function bucheZahlung(
  db: Db,
  actor: Actor,
  r: Rechnung,
  e: { kontoId: number; datum: string; betragCent: number; text?: string | null; quelle: 'manuell' | 'barzahlung' },
): Promise<number> {
  const periode = await periodeFuerDatum(db, e.datum, 'datum');
  const buchungskontoId = await buchungskontoFuerZahlung(db, Number(periode.id), r.id);
  const [row] = await bucheEintraege(db, actor, [
    {
      datum: e.datum,
      betragCent: e.betragCent,
      kontoId: e.kontoId,
      buchungskontoId,
      text: e.text ?? `Zahlung ${r.nummer} ${r.adresseName}`.slice(0, 500),
      parzelleId: r.parzelleId,
      adresseId: r.adresseId,
    },
  ]);
  const kassabuchId = Number(row?.id);
  await ordneZu(db, actor, {
    kassabuchId,
    zuordnungen: [{ rechnungId: r.id, betragCent: e.betragCent }],
    quelle: e.quelle,
  });
  return kassabuchId;
}

/** POST ZahlungErfassen → the receivable after the payment. */
export async function erfasseZahlung(db: Db, actor: Actor, input: ZahlungErfassenInput): Promise<Rechnung> {
  await sperrePeriode(db, input.datum);
  await db('rechnungen').where({ id: input.rechnungId }).forUpdate().first('id');
  const [r] = await ladeRechnungenNachIds(db, [input.rechnungId]);
  if (!r) throw notFound('Diese Rechnung gibt es nicht (mehr).');
  if (r.betragCent <= 0)
    throw validationFailed({ rechnungId: [`${r.nummer} ist eine Gutschrift.`] }, 'Die Zahlung ist nicht möglich.');
  if (input.betragCent > r.offenCent)
    throw validationFailed(
      {
        betragCent: [
          r.offenCent === 0
            ? `Rechnung ${r.nummer} ist bereits bezahlt.`
            : `Rechnung ${r.nummer} ist nur mehr mit ${formatEuro(r.offenCent, { nbsp: false })} offen.`,
        ],
      },
      'Die Zahlung ist nicht möglich.',
    );
  await bucheZahlung(db, actor, r, { ...input, quelle: 'manuell' });
  const [nachher] = await ladeRechnungenNachIds(db, [r.id]);
  return nachher as Rechnung;
}
