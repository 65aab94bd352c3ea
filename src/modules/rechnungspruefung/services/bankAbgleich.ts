import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import type { BankImportAbgleich } from '../../kassa/services';
import { ladeKandidaten, vorschlaegeFuer } from './vorschlaege';
import { ordneZu } from './zuordnungen';

// The bank matcher Kassa's import runs in its transaction (registered into BANK_IMPORT_ABGLEICHE by
// the module's index.ts). A new credit with a sure match (RF reference, receivable number in the text,
// known IBAN with the exact open amount) pays that receivable up to its open amount, then the other
// open receivables of the same address oldest first; what remains becomes the address's credit
// (Guthaben). A fully allocated entry leaves the clearing account (ordneZu). Anything else stays on the
// clearing account and shows on ZuKlaeren with suggestions.

export const bankAbgleich: BankImportAbgleich = async (db: Db, actor: Actor, neueEintraege) => {
  const gutschriften = neueEintraege.filter((e) => Number(e.betrag_cent) > 0 && e.storno_von_id == null);
  if (!gutschriften.length) return;
  const k = await ladeKandidaten(db);
  if (!k.offen.length) return;
  for (const e of gutschriften) {
    const betragCent = Number(e.betrag_cent);
    const [best] = vorschlaegeFuer(
      {
        id: Number(e.id),
        restCent: betragCent,
        text: e.text,
        bankName: e.bank_name,
        bankIban: e.bank_iban,
        bankReferenz: e.bank_referenz,
        bankVerwendungszweck: e.bank_verwendungszweck,
      },
      k,
      1,
      true,
    );
    if (!best?.sicher) continue;
    const ziel = best.rechnung;
    // The address's other open receivables, oldest first (the list is by number = by year and run).
    const weitere = k.offen.filter((r) => r.adresseId === ziel.adresseId && r.id !== ziel.id && r.offenCent > 0);
    const reihe = [ziel, ...weitere];
    await ordneZu(db, actor, {
      kassabuchId: Number(e.id),
      zuordnungen: reihe.map((r) => ({ rechnungId: r.id, betragCent: betragCent })),
      restAlsGuthaben: { adresseId: ziel.adresseId },
      quelle: 'bank',
      kappen: true,
    });
    // Keep the in-memory open amounts true for the next credits of the same statement.
    let rest = betragCent;
    for (const r of reihe) {
      const teil = Math.min(rest, r.offenCent);
      if (teil <= 0) continue;
      r.offenCent -= teil;
      r.bezahltCent += teil;
      rest -= teil;
    }
    k.offen = k.offen.filter((r) => r.offenCent > 0);
  }
};
