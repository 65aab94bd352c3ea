import { todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { displayName } from '../../stammdaten/services';
import type { Kontoauszug, KontoauszugArt, KontoauszugZeile } from '../schema/kontoauszug';
import type { RechnungArt } from '../tables';

// The member's account statement (Kontoauszug): every receivable of the address, every allocation of
// money to it (payments, reversals, overpayments parked as credit, offsets of credits) and the
// reminder fees and interest, as a running account — what the Kassier sends when a member disputes
// a reminder. Saldo positive = the member owes. Read straight from the tables: receivables and
// reminders are this module's, a payment's date and receipt number come from Kassa's `kassabuch` row.
//
// Each allocation row counts with its sign (positive: Haben, the debt shrinks; negative: Soll — a
// reversal, a payout of a credit, the credit used up by an offset). The two rows of an offset net to
// zero, so the balance is Σ receivables − Σ money received, whatever was offset against what.

const ART_TEXT: Record<RechnungArt, string> = {
  Zahlungsvorschreibung: 'Zahlungsvorschreibung',
  Wasserrechnung: 'Wasserrechnung',
  Gruppenrechnung: 'Gruppenrechnung',
  WeitereMitgliedschaft: 'Weitere Mitgliedschaft',
  manuell: 'Rechnung',
};
const STUFE_TEXT = ['', 'Zahlungserinnerung', 'Mahnung', 'Letzte Mahnung'];
const REIHENFOLGE: Record<KontoauszugArt, number> = {
  rechnung: 0,
  gutschrift: 1,
  mahnung: 2,
  zahlung: 3,
  guthaben: 4,
  verrechnung: 5,
};

const dateStr = (v: unknown) => String(v).slice(0, 10);

type Buchung = Omit<KontoauszugZeile, 'saldoCent'> & { sort: number };

export async function kontoauszug(
  db: Db,
  { adresseId, von, bis = todayIso() }: { adresseId: number; von?: string | null; bis?: string },
): Promise<Kontoauszug> {
  const adresse = await db('adressen').where('id', adresseId).first('id', 'titel', 'vorname', 'nachname');
  if (!adresse) throw notFound('Die Adresse wurde nicht gefunden.');
  const rechnungen = await db('rechnungen')
    .where('adresse_id', adresseId)
    .orderBy([{ column: 'jahr' }, { column: 'laufnummer' }])
    .select('id', 'nummer', 'art', 'datum', 'betrag_cent');
  const ids = rechnungen.map((r) => Number(r.id));
  const nummer = new Map(rechnungen.map((r) => [Number(r.id), String(r.nummer)]));
  const mahnungen = ids.length
    ? await db('mahnungen')
        .whereIn('rechnung_id', ids)
        .orderBy('id')
        .select('id', 'rechnung_id', 'stufe', 'datum', 'gebuehr_cent', 'zinsen_cent')
    : [];
  const zuordnungen = await db('zuordnungen as z')
    .leftJoin('kassabuch as k', 'k.id', 'z.kassabuch_id')
    .where((q) => {
      if (ids.length) q.whereIn('z.rechnung_id', ids);
      q.orWhere((w) => w.whereNull('z.rechnung_id').andWhere('z.adresse_id', adresseId));
    })
    .orderBy('z.id')
    .select(
      'z.id',
      'z.rechnung_id',
      'z.art',
      'z.quelle',
      'z.betrag_cent',
      'z.verrechnung_id',
      'z.created_at',
      'k.datum',
      'k.belegnummer',
    );
  // An offset happens when the receivable it pays is booked: both rows of a pair show on the later
  // date of the receivables involved (the day the allocation row was written is only bookkeeping).
  const rechnungDatum = new Map(rechnungen.map((r) => [Number(r.id), dateStr(r.datum)]));
  const verrechnetAm = new Map<string, string>();
  for (const z of zuordnungen) {
    const d = z.rechnung_id == null ? undefined : rechnungDatum.get(Number(z.rechnung_id));
    if (z.quelle !== 'verrechnung' || !z.verrechnung_id || !d) continue;
    const bisher = verrechnetAm.get(z.verrechnung_id);
    if (!bisher || d > bisher) verrechnetAm.set(z.verrechnung_id, d);
  }

  const buchungen: Buchung[] = [];
  const gebuehren = new Map<number, number>();
  for (const m of mahnungen) {
    const cent = Number(m.gebuehr_cent) + Number(m.zinsen_cent);
    const rid = Number(m.rechnung_id);
    gebuehren.set(rid, (gebuehren.get(rid) ?? 0) + cent);
    if (cent === 0) continue;
    const teile = [Number(m.gebuehr_cent) ? 'Mahngebühr' : '', Number(m.zinsen_cent) ? 'Verzugszinsen' : ''].filter(
      Boolean,
    );
    buchungen.push({
      datum: dateStr(m.datum),
      art: 'mahnung',
      text: `${STUFE_TEXT[Number(m.stufe)] ?? 'Mahnung'} ${nummer.get(rid)}: ${teile.join(' und ')}`,
      rechnungId: rid,
      nummer: nummer.get(rid) ?? null,
      sollCent: cent,
      habenCent: 0,
      sort: Number(m.id),
    });
  }
  for (const r of rechnungen) {
    const id = Number(r.id);
    // Fees and interest of reminders are positions of the receivable: they show on the reminder's day.
    const cent = Number(r.betrag_cent) - (gebuehren.get(id) ?? 0);
    const gutschrift = cent < 0;
    buchungen.push({
      datum: dateStr(r.datum),
      art: gutschrift ? 'gutschrift' : 'rechnung',
      text: `${gutschrift ? 'Gutschrift' : ART_TEXT[r.art as RechnungArt]} ${r.nummer}`,
      rechnungId: id,
      nummer: String(r.nummer),
      sollCent: gutschrift ? 0 : cent,
      habenCent: gutschrift ? -cent : 0,
      sort: id,
    });
  }
  for (const z of zuordnungen) {
    const cent = Number(z.betrag_cent);
    const rid = z.rechnung_id == null ? null : Number(z.rechnung_id);
    const nr = rid == null ? null : (nummer.get(rid) ?? null);
    const beleg = z.belegnummer == null ? '' : ` (Beleg ${z.belegnummer})`;
    let art: KontoauszugArt;
    let text: string;
    if (z.quelle === 'verrechnung') {
      art = 'verrechnung';
      text =
        z.art === 'guthaben'
          ? 'Guthaben verwendet'
          : cent < 0
            ? `Gutschrift ${nr} verrechnet`
            : `Rechnung ${nr}: mit Guthaben verrechnet`;
    } else if (z.art === 'guthaben') {
      art = 'guthaben';
      // A reversal mirrors the credit row: it is the Storno of that row, not a payout (or an overpayment).
      text =
        z.quelle === 'storno'
          ? cent < 0
            ? `Storno der Überzahlung als Guthaben${beleg}`
            : `Storno der Guthaben-Auszahlung${beleg}`
          : cent >= 0
            ? `Überzahlung als Guthaben${beleg}`
            : `Guthaben ausbezahlt${beleg}`;
    } else {
      art = 'zahlung';
      text =
        z.quelle === 'storno'
          ? `Storno der Zahlung auf ${nr}${beleg}`
          : cent < 0
            ? `Auszahlung zu Gutschrift ${nr}${beleg}`
            : `Zahlung auf ${nr}${beleg}`;
    }
    buchungen.push({
      datum:
        z.quelle === 'verrechnung'
          ? (verrechnetAm.get(z.verrechnung_id ?? '') ?? dateStr(z.created_at))
          : z.datum == null
            ? dateStr(z.created_at)
            : dateStr(z.datum),
      art,
      text,
      rechnungId: rid,
      nummer: nr,
      sollCent: cent < 0 ? -cent : 0,
      habenCent: cent > 0 ? cent : 0,
      sort: Number(z.id),
    });
  }
  buchungen.sort(
    (a, b) => a.datum.localeCompare(b.datum) || REIHENFOLGE[a.art] - REIHENFOLGE[b.art] || a.sort - b.sort,
  );

  const bisher = buchungen.filter((b) => b.datum <= bis);
  let saldo = 0;
  let anfangsSaldoCent = 0;
  const zeilen: KontoauszugZeile[] = [];
  for (const { sort: _sort, ...b } of bisher) {
    saldo += b.sollCent - b.habenCent;
    if (von && b.datum < von) anfangsSaldoCent = saldo;
    else zeilen.push({ ...b, saldoCent: saldo });
  }
  // Open and credit on `bis`: per receivable amount − allocations; parked credits of the address.
  const offenJe = new Map<number, number>();
  for (const b of bisher) {
    if (b.rechnungId == null || b.art === 'guthaben') continue;
    offenJe.set(b.rechnungId, (offenJe.get(b.rechnungId) ?? 0) + b.sollCent - b.habenCent);
  }
  const offen = [...offenJe.values()];
  const geparkt = bisher.filter((b) => b.rechnungId == null).reduce((s, b) => s + b.habenCent - b.sollCent, 0);
  return {
    adresse: { id: Number(adresse.id), name: displayName(adresse) },
    von: von ?? null,
    bis,
    anfangsSaldoCent,
    zeilen,
    summen: {
      sollCent: zeilen.reduce((s, z) => s + z.sollCent, 0),
      habenCent: zeilen.reduce((s, z) => s + z.habenCent, 0),
    },
    endSaldoCent: saldo,
    offenCent: offen.filter((o) => o > 0).reduce((s, o) => s + o, 0),
    guthabenCent: geparkt - offen.filter((o) => o < 0).reduce((s, o) => s + o, 0),
  };
}
