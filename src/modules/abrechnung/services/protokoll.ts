import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb, toIso } from '../../../platform/db/db';
import { insertInChunks } from '../../../platform/db/insertInChunks';
import { markiereVersendet } from '../../rechnungspruefung/services';
import type { Protokoll, ProtokollZeile } from '../schema/protokoll';
import type { ZvEintrag } from '../schema/zvData';
import type { VersandprotokollRow } from '../tables';
import { anschriften, bevorzugtEmail } from './gebuchteEintraege';
import type { LaufSchluessel } from './lauf';
import { laufStatus } from './lauf';

// The run protocol: who was booked (bucheLauf writes 'gebucht'), whose letter was printed after
// booking (the letter calls write 'gedruckt') and whom the mail dispatch reached (issue 16 writes
// 'email'). The board checks it before the post goes out: every receivable printed or mailed once.

export type ProtokollEingabe = {
  rechnungId: number | null;
  adresseId: number | null;
  adresseName: string;
  aktion: 'gedruckt' | 'email';
  status: 'ok' | 'fehler';
  empfaenger?: string;
  fehler?: string | null;
};

/** Appends protocol lines to a booked run (inside the caller's transaction). */
export async function protokolliere(
  db: Db,
  actor: Actor,
  laufId: number,
  zeilen: readonly ProtokollEingabe[],
): Promise<void> {
  const zeitpunkt = nowDb();
  await insertInChunks(
    db,
    'versandprotokoll',
    zeilen.map((z) => ({
      lauf_id: laufId,
      rechnung_id: z.rechnungId,
      adresse_id: z.adresseId,
      adresse_name: z.adresseName.slice(0, 300),
      aktion: z.aktion,
      status: z.status,
      empfaenger: (z.empfaenger ?? '').slice(0, 300),
      fehler: z.fehler ?? null,
      benutzer: actor.name,
      zeitpunkt,
    })),
  );
  // A printed or mailed receivable is in the member's hands: it may no longer be deleted (issue 15).
  const versendet = zeilen.filter((z) => z.status === 'ok' && (z.aktion === 'gedruckt' || z.aktion === 'email'));
  await markiereVersendet(
    db,
    versendet.map((z) => z.rechnungId).filter((id): id is number => id != null),
  );
}

/** A 'gedruckt' line for every receivable of the printed letters of a booked run. */
export async function protokolliereGedruckt(
  db: Db,
  actor: Actor,
  laufId: number,
  eintraege: readonly ZvEintrag[],
): Promise<void> {
  await protokolliere(
    db,
    actor,
    laufId,
    eintraege.flatMap((e) => {
      // A letter read back with a single receivable may carry it only as rechnungId.
      const ids = e.rechnungen.length ? e.rechnungen.map((r) => r.rechnungId) : e.rechnungId ? [e.rechnungId] : [];
      return ids.map((rechnungId) => ({
        rechnungId,
        adresseId: e.adresseId,
        adresseName: e.name,
        aktion: 'gedruckt' as const,
        status: 'ok' as const,
      }));
    }),
  );
}

/** The protocol of a booked run: one line per receivable with its latest print and mail. */
export async function protokollDesLaufs(db: Db, k: LaufSchluessel): Promise<Protokoll | undefined> {
  const lauf = await laufStatus(db, k);
  if (!lauf.laufId) return undefined;
  const rechnungen = await db('rechnungen')
    .where({ lauf_id: lauf.laufId })
    .orderBy('laufnummer')
    .select('id', 'nummer', 'adresse_id', 'adresse_name', 'betrag_cent');
  const eintraege: VersandprotokollRow[] = await db('versandprotokoll')
    .where({ lauf_id: lauf.laufId })
    .orderBy('id')
    .select();
  // The latest line per receivable and action wins (a reprint or a second mail after an error).
  const letzte = new Map<string, VersandprotokollRow>();
  for (const e of eintraege) letzte.set(`${e.rechnung_id}:${e.aktion}`, e);
  const adressen = await anschriften(
    db,
    rechnungen.map((r) => Number(r.adresse_id)),
  );
  const zeilen: ProtokollZeile[] = rechnungen.map((r) => {
    const id = Number(r.id);
    const gebucht = letzte.get(`${id}:gebucht`);
    const gedruckt = letzte.get(`${id}:gedruckt`);
    const email = letzte.get(`${id}:email`);
    return {
      rechnungId: id,
      nummer: r.nummer,
      adresseId: Number(r.adresse_id),
      name: r.adresse_name,
      betragCent: Number(r.betrag_cent),
      kanal: bevorzugtEmail(adressen.get(Number(r.adresse_id))) ? 'email' : 'post',
      gebuchtAm: toIso(gebucht?.zeitpunkt) ?? lauf.gebuchtAm ?? '',
      gedrucktAm: gedruckt?.status === 'ok' ? toIso(gedruckt.zeitpunkt) : null,
      email: email
        ? {
            status: email.status,
            empfaenger: email.empfaenger,
            zeitpunkt: toIso(email.zeitpunkt) ?? '',
            fehler: email.fehler,
          }
        : null,
    };
  });
  return {
    lauf,
    zeilen,
    summen: {
      anzahl: zeilen.length,
      gedruckt: zeilen.filter((z) => z.gedrucktAm).length,
      emailOk: zeilen.filter((z) => z.email?.status === 'ok').length,
      emailFehler: zeilen.filter((z) => z.email?.status === 'fehler').length,
    },
  };
}
