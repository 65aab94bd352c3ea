import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import type { AlleBezahltAntwort, AlleBezahltInput } from '../schema/zahlungen';
import { ladeRechnungenNachIds } from './rechnungenLaden';
import { bucheZahlung, sperrePeriode } from './zahlungErfassen';

// AlleBezahlt: the selected receivables were paid in cash at the club house — one income entry per
// receivable for its open amount, allocated (quelle 'barzahlung'); paid ones and credit notes are skipped.

export async function alleBezahlt(db: Db, actor: Actor, input: AlleBezahltInput): Promise<AlleBezahltAntwort> {
  const ids = [...new Set(input.rechnungIds)].sort((a, b) => a - b);
  // The period first, then the receivables (id order), as every allocation locks; then their open amounts.
  await sperrePeriode(db, input.datum);
  await db('rechnungen').whereIn('id', ids).orderBy('id').forUpdate().select('id');
  const rechnungen = await ladeRechnungenNachIds(db, ids);
  const gefunden = new Set(rechnungen.map((r) => r.id));
  const fehlen = ids.filter((id) => !gefunden.has(id));
  if (fehlen.length)
    throw validationFailed(
      { rechnungIds: [`Diese Rechnungen gibt es nicht (mehr): ${fehlen.join(', ')}.`] },
      'Die Zahlung ist nicht möglich.',
    );
  const kassabuchIds: number[] = [];
  let summeCent = 0;
  for (const r of rechnungen) {
    if (r.betragCent <= 0 || r.offenCent <= 0) continue;
    kassabuchIds.push(
      await bucheZahlung(db, actor, r, {
        kontoId: input.kontoId,
        datum: input.datum,
        betragCent: r.offenCent,
        text: `Barzahlung ${r.nummer} ${r.adresseName}`.slice(0, 500),
        quelle: 'barzahlung',
      }),
    );
    summeCent += r.offenCent;
  }
  return { anzahl: kassabuchIds.length, summeCent, kassabuchIds };
}
