import type { Db } from '../../../platform/db/db';
import { isValidRf, normalizeRf } from '../../../platform/payment/rfReference';
import type { Rechnung } from '../schema/rechnung';
import type { Vorschlag, VorschlagGrund } from '../schema/zahlungen';
import { ladeRechnungen } from './rechnungenLaden';

// Which open receivables could a bank credit pay, best first — the one logic behind the bank matcher
// (it allocates a sure one) and the "zu klären" list (it proposes them). In order: the RF reference
// (entry's creditor reference or an RF… in the text, spaces ignored), a receivable number YYYY-NNNNN
// in the text, the payer's known IBAN (an address's IBAN in Stammdaten or the IBAN of an earlier
// allocated payment of that address: sure only with exactly one open receivable of exactly that
// amount), then the same open amount or a similar name as hints.

/** What of a credit the matcher reads. */
export type Gutschrift = {
  id: number;
  restCent: number;
  text: string;
  bankName: string | null;
  bankIban: string | null;
  bankReferenz: string | null;
  bankVerwendungszweck?: string | null;
};

const normIban = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();
const fold = (s: string) =>
  s
    .toLocaleLowerCase('de-AT')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
const woerter = (s: string) =>
  new Set(
    fold(s)
      .split(/[^a-z0-9ß]+/)
      .filter((w) => w.length >= 3),
  );

/**
 * RF references in a text (spaces inside ignored, as people type them in groups of four). Without the
 * spaces a reference runs into the next word („RF18 5390 0754 7034 Danke“ → …7034DANKE), so every
 * length with valid check digits is a candidate (longest first); the lookup by reference decides.
 */
export function rfInText(text: string): string[] {
  const kompakt = text.toUpperCase().replace(/\s+/g, '');
  const out: string[] = [];
  for (const m of kompakt.matchAll(/(?=(RF\d{2}[A-Z0-9]{1,21}))/g)) {
    const lang = m[1] ?? '';
    for (let n = lang.length; n >= 5; n--) if (isValidRf(lang.slice(0, n))) out.push(lang.slice(0, n));
  }
  return out;
}

/** Receivable numbers YYYY-NNNNN in a text. */
export function nummernInText(text: string): string[] {
  return [...text.matchAll(/(?<!\d)(\d{4})\s?[-/]\s?(\d{5})(?!\d)/g)].map((m) => `${m[1]}-${m[2]}`);
}

/** Everything the suggestions need, read once for many credits. */
export type Kandidaten = {
  offen: Rechnung[];
  nachReferenz: Map<string, Rechnung>;
  nachNummer: Map<string, Rechnung>;
  /** IBAN → addresses known to pay from it. */
  adressenNachIban: Map<string, Set<number>>;
  /** The billed name's words per receivable (folded once, not once per credit). */
  namensWoerter: Map<number, Set<string>>;
};

/** The open receivables (amount > 0) and the known IBANs of addresses. */
export async function ladeKandidaten(db: Db): Promise<Kandidaten> {
  const offen = (await ladeRechnungen(db, { IsOffen: true })).filter((r) => r.betragCent > 0 && r.offenCent > 0);
  const adressenNachIban = new Map<string, Set<number>>();
  const merke = (iban: string, adresseId: number) => {
    const key = normIban(iban);
    if (!key) return;
    const set = adressenNachIban.get(key) ?? new Set<number>();
    set.add(adresseId);
    adressenNachIban.set(key, set);
  };
  for (const a of await db('adressen').whereNot('iban', '').select('id', 'iban')) merke(a.iban, Number(a.id));
  // Learnt only from payments that stand: a reversed one (a wrong allocation undone by a Storno) must
  // not make the payer's IBAN a sure reason for that address.
  for (const z of await db('zuordnungen as z')
    .join('kassabuch as k', 'k.id', 'z.kassabuch_id')
    .where('z.art', 'zahlung')
    .whereNot('z.quelle', 'storno')
    .whereNull('k.storno_von_id')
    .whereNotExists((s) => s.select(db.raw('1')).from('kassabuch as st').whereRaw('st.storno_von_id = k.id'))
    .whereNotNull('k.bank_iban')
    .whereNotNull('z.adresse_id')
    .distinct('k.bank_iban', 'z.adresse_id')) {
    merke(String(z.bank_iban), Number(z.adresse_id));
  }
  return {
    offen,
    nachReferenz: new Map(offen.map((r) => [normalizeRf(r.zahlungsreferenz), r])),
    nachNummer: new Map(offen.map((r) => [r.nummer, r])),
    adressenNachIban,
    namensWoerter: new Map(offen.map((r) => [r.id, woerter(r.adresseName)])),
  };
}

const RANG: Record<VorschlagGrund, number> = { referenz: 0, nummer: 1, iban: 2, name: 3, betrag: 4 };

/**
 * The suggestions for one credit, best first (at most `max`). `nurSicher` (the matcher): only the sure
 * reasons are looked for — the hints by name and amount would cost a pass over all open receivables
 * per credit and are never allocated automatically.
 */
export function vorschlaegeFuer(g: Gutschrift, k: Kandidaten, max = 10, nurSicher = false): Vorschlag[] {
  if (g.restCent <= 0) return [];
  const text = [g.text, g.bankVerwendungszweck ?? ''].join(' ');
  const gefunden = new Map<number, { rechnung: Rechnung; grund: VorschlagGrund; sicher: boolean; punkte: number }>();
  const nimm = (rechnung: Rechnung, grund: VorschlagGrund, sicher: boolean, punkte: number) => {
    const alt = gefunden.get(rechnung.id);
    if (!alt || alt.punkte < punkte) gefunden.set(rechnung.id, { rechnung, grund, sicher, punkte });
  };
  for (const rf of [...(g.bankReferenz ? [normalizeRf(g.bankReferenz)] : []), ...rfInText(text)]) {
    const r = k.nachReferenz.get(rf);
    if (r) nimm(r, 'referenz', true, 1000);
  }
  for (const n of nummernInText(text)) {
    const r = k.nachNummer.get(n);
    if (r) nimm(r, 'nummer', true, 900);
  }
  const adressen = g.bankIban ? k.adressenNachIban.get(normIban(g.bankIban)) : undefined;
  if (adressen) {
    const ihre = k.offen.filter((r) => adressen.has(r.adresseId));
    const genau = ihre.filter((r) => r.offenCent === g.restCent);
    for (const r of ihre) {
      const exakt = r.offenCent === g.restCent;
      nimm(r, 'iban', exakt && genau.length === 1, exakt ? 800 : 500);
    }
  }
  const name = g.bankName && !nurSicher ? woerter(g.bankName) : new Set<string>();
  for (const r of nurSicher ? [] : k.offen) {
    const gleicherName = name.size > 0 && [...(k.namensWoerter.get(r.id) ?? [])].some((w) => name.has(w));
    const gleicherBetrag = r.offenCent === g.restCent;
    if (gleicherName) nimm(r, 'name', false, gleicherBetrag ? 400 : 300);
    else if (gleicherBetrag) nimm(r, 'betrag', false, 100);
  }
  return [...gefunden.values()]
    .sort(
      (a, b) =>
        b.punkte - a.punkte || RANG[a.grund] - RANG[b.grund] || a.rechnung.nummer.localeCompare(b.rechnung.nummer),
    )
    .slice(0, max)
    .map(({ rechnung, grund, sicher }) => ({
      rechnung,
      grund,
      sicher,
      betragCent: Math.min(g.restCent, rechnung.offenCent),
    }));
}
