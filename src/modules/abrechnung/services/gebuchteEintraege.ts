import type { Db } from '../../../platform/db/db';
import { gutgeschriebenJeRechnung } from '../../rechnungspruefung/services';
import { displayName } from '../../stammdaten/services';
import type { ZvAnschrift, ZvEintrag, ZvParzelle, ZvPositionArt } from '../schema/zvData';

// After booking, a run's letters are what was booked: the stored receivables and their positions,
// not a new computation (rates or plots changed later must not change a letter already owed). The
// ZvData of a booked run, its letters, its Excel list and its mails all read this.

const FLAG_BEVORZUGT_EMAIL = 2;

type AdressRow = {
  id: number;
  anrede: string;
  titel: string;
  vorname: string;
  nachname: string;
  strasse: string;
  plz: string;
  ort: string;
  land: string;
  email: string;
  flags: number;
};

/** The postal addresses, e-mail and preference of the given addresses (for letters). */
export async function anschriften(db: Db, ids: readonly number[]): Promise<Map<number, AdressRow>> {
  const out = new Map<number, AdressRow>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db('adressen')
      .whereIn('id', unique.slice(i, i + 500))
      .select('id', 'anrede', 'titel', 'vorname', 'nachname', 'strasse', 'plz', 'ort', 'land', 'email', 'flags');
    for (const r of rows) out.set(Number(r.id), { ...(r as AdressRow), id: Number(r.id), flags: Number(r.flags) });
  }
  return out;
}

export const anschriftVon = (a: AdressRow | undefined): ZvAnschrift => ({
  anrede: a?.anrede ?? '',
  titel: a?.titel ?? '',
  vorname: a?.vorname ?? '',
  nachname: a?.nachname ?? '',
  strasse: a?.strasse ?? '',
  plz: a?.plz ?? '',
  ort: a?.ort ?? '',
  land: a?.land ?? '',
});

export const bevorzugtEmail = (a: AdressRow | undefined) => Boolean(a && a.flags & FLAG_BEVORZUGT_EMAIL && a.email);

/** The letters of a booked run, one per address, in the order the receivables were numbered. */
export async function gebuchteEintraege(db: Db, laufId: number, adresseIds?: readonly number[]): Promise<ZvEintrag[]> {
  let q = db('rechnungen').where({ lauf_id: laufId });
  if (adresseIds?.length) q = q.whereIn('adresse_id', adresseIds);
  const rechnungen = await q.orderBy('laufnummer').select();
  const positionen = new Map<number, Awaited<ReturnType<typeof ladePositionen>>>();
  const ids = rechnungen.map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    for (const p of await ladePositionen(db, ids.slice(i, i + 500))) {
      const id = Number(p.rechnung_id);
      positionen.set(id, [...(positionen.get(id) ?? []), p]);
    }
  }
  const adressen = await anschriften(
    db,
    rechnungen.map((r) => Number(r.adresse_id)),
  );
  // What the members' credits paid when the run was booked (issue 15: „abzüglich Guthaben“).
  const gutgeschrieben = await gutgeschriebenJeRechnung(db, ids);
  const briefe = new Map<number, ZvEintrag>();
  for (const r of rechnungen) {
    const adresseId = Number(r.adresse_id);
    const a = adressen.get(adresseId);
    let brief = briefe.get(adresseId);
    if (!brief) {
      brief = {
        adresseId,
        name: r.adresse_name || (a ? displayName(a) : ''),
        anschrift: anschriftVon(a),
        email: a?.email ?? '',
        bevorzugtEmail: bevorzugtEmail(a),
        parzellen: [],
        summeCent: 0,
        faelligAm: String(r.faellig_am).slice(0, 10),
        rechnungId: Number(r.id),
        rechnungsnummer: r.nummer,
        zahlungsreferenz: r.zahlungsreferenz,
        rechnungen: [],
      };
      briefe.set(adresseId, brief);
    }
    const eigene = (positionen.get(Number(r.id)) ?? []).sort((x, y) => x.sortierung - y.sortierung);
    for (const p of eigene) {
      let parzelle: ZvParzelle | undefined = brief.parzellen.find(
        (z) => z.parzelleId === (p.parzelle_id === null ? null : Number(p.parzelle_id)),
      );
      if (!parzelle) {
        parzelle = {
          parzelleId: p.parzelle_id === null ? null : Number(p.parzelle_id),
          nummer: p.parzelle_nummer,
          positionen: [],
        };
        brief.parzellen.push(parzelle);
      }
      parzelle.positionen.push({
        art: p.art as ZvPositionArt,
        text: p.text,
        menge: p.menge,
        satz: p.satz,
        betragCent: Number(p.betrag_cent),
        steuersatz: Number(p.steuersatz),
        buchungskontoId: p.buchungskonto_id === null ? null : Number(p.buchungskonto_id),
      });
    }
    const betragCent = Number(r.betrag_cent);
    brief.summeCent += betragCent;
    const konten = new Set(eigene.map((p) => p.buchungskonto_id));
    const gutgeschriebenCent = gutgeschrieben.get(Number(r.id)) ?? 0;
    if (gutgeschriebenCent) brief.gutgeschriebenCent = (brief.gutgeschriebenCent ?? 0) + gutgeschriebenCent;
    brief.rechnungen.push({
      rechnungId: Number(r.id),
      nummer: r.nummer,
      zahlungsreferenz: r.zahlungsreferenz,
      betragCent,
      ...(gutgeschriebenCent ? { gutgeschriebenCent } : {}),
      buchungskontoId: konten.size === 1 ? ([...konten][0] == null ? null : Number([...konten][0])) : null,
    });
  }
  return [...briefe.values()];
}

function ladePositionen(db: Db, rechnungIds: number[]) {
  return db('rechnung_positionen').whereIn('rechnung_id', rechnungIds).select();
}
