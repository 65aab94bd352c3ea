import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { conflict, notFound } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { kopiereParzelleJahr } from '../../stammdaten/services';
import { grunddatenFuerJahr } from '../../wasserbuch/services';
import type { Pachtberechnung } from '../schema/pachtberechnung';
import { kontenZuordnungFuerJahr } from './buchungskontenZuordnung';
import { currentJahr, ensureYear, findYear } from './pachtabrechnungen';
import { istZvGebucht, ladePachtberechnung, PACHTBERECHNUNG_HISTORY_TYPE } from './pachtberechnungen';

// A new billing year from the previous one (GetNewPachtberechnung) and the removal of a year
// (DeletePachtberechnung; docs/api/abrechnung.md "Pachtberechnung").

/** The year GetNewPachtberechnung creates when none is given: the newest with rates + 1, else the current one. */
async function naechstesJahr(db: Db): Promise<number> {
  const neuestes = await db('pachtberechnungen as b')
    .join('pachtabrechnungen as p', 'p.id', 'b.pachtabrechnung_id')
    .orderBy('p.jahr', 'desc')
    .first('p.jahr');
  return neuestes ? Number(neuestes.jahr) + 1 : currentJahr();
}

/**
 * Creates the year (when missing) and copies the previous year's rates, surcharges (with their plot
 * lists), Vereinsabrechnung with positions, Gruppenabrechnung positions and the plots' yearly values
 * (shares, parking cards). The previous year is the newest earlier one with rates, else the newest
 * earlier one. Booking accounts are mapped by number to the new year's Kassaabrechnung when it
 * exists. 409 when the year has rates already.
 */
export async function neuePachtberechnung(db: Db, actor: Actor, jahrWunsch?: number): Promise<Pachtberechnung> {
  const jahr = jahrWunsch ?? (await naechstesJahr(db));
  const ziel = await ensureYear(db, jahr);
  if (await db('pachtberechnungen').where({ pachtabrechnung_id: ziel.id }).first('version')) {
    throw conflict(`Für ${jahr} ist die Pachtberechnung bereits angelegt.`, undefined, 'pachtberechnung_vorhanden');
  }
  const quelle =
    (await db('pachtabrechnungen as p')
      .join('pachtberechnungen as b', 'b.pachtabrechnung_id', 'p.id')
      .where('p.jahr', '<', jahr)
      .orderBy('p.jahr', 'desc')
      .first('p.id', 'p.jahr')) ??
    (await db('pachtabrechnungen').where('jahr', '<', jahr).orderBy('jahr', 'desc').first('id', 'jahr'));
  const konto = await kontenZuordnungFuerJahr(db, jahr);
  const kontoAus = (v: unknown) => konto(v == null ? null : Number(v));
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  const quelleId = quelle ? Number(quelle.id) : null;
  const satz = quelleId ? await db('pachtberechnungen').where({ pachtabrechnung_id: quelleId }).first() : undefined;
  await db('pachtberechnungen').insert({
    pachtabrechnung_id: ziel.id,
    version: 1,
    pachtzins_pro_m2: satz?.pachtzins_pro_m2 ?? '0.00',
    grundsteuer_pro_m2: satz?.grundsteuer_pro_m2 ?? null,
    gemeinschaftsflaeche: satz?.gemeinschaftsflaeche ?? '0.00',
    zahlungsziel_tage: satz?.zahlungsziel_tage ?? null,
    pacht_steuersatz: satz?.pacht_steuersatz ?? 0,
    bk_pachtzins_id: kontoAus(satz?.bk_pachtzins_id),
    bk_gemeinschaftsflaeche_id: kontoAus(satz?.bk_gemeinschaftsflaeche_id),
    bk_grundsteuer_id: kontoAus(satz?.bk_grundsteuer_id),
    ...stamp,
  });
  const kopiert = { zuschlaege: 0, vereinspositionen: 0, gruppenpositionen: 0, parzellen: 0 };
  if (quelleId) {
    // Like the club and group positions below: what the new year has already (entered before its
    // rates) stays, and is not doubled by the copy.
    const eigeneZuschlaege = await db('pachtzuschlaege').where({ pachtabrechnung_id: ziel.id }).first('id');
    const zuschlaege = eigeneZuschlaege
      ? []
      : await db('pachtzuschlaege').where({ pachtabrechnung_id: quelleId }).orderBy('id');
    for (const z of zuschlaege) {
      await db('pachtzuschlaege').insert({
        version: 1,
        pachtabrechnung_id: ziel.id,
        sortierung: z.sortierung,
        bezeichnung: z.bezeichnung,
        art: z.art,
        wert: z.wert,
        basis: z.basis,
        parzellen_flag: z.parzellen_flag,
        parzellen_ids: z.parzellen_ids,
        buchungskonto_id: kontoAus(z.buchungskonto_id),
        steuersatz: z.steuersatz,
        ...stamp,
      });
      kopiert.zuschlaege++;
    }
    const verein = await db('vereinsabrechnungen').where({ pachtabrechnung_id: quelleId }).first();
    const vorhanden = await db('vereinsabrechnungen').where({ pachtabrechnung_id: ziel.id }).first('id');
    if (verein && !vorhanden) {
      const [neuId] = await db('vereinsabrechnungen').insert({
        version: 1,
        pachtabrechnung_id: ziel.id,
        bezeichnung: String(verein.bezeichnung).replace(String(quelle?.jahr), String(jahr)),
        ...stamp,
      });
      const positionen = await db('vereinsabrechnung_positionen')
        .where({ vereinsabrechnung_id: verein.id })
        .orderBy([{ column: 'sortierung' }, { column: 'id' }]);
      if (positionen.length) {
        await db('vereinsabrechnung_positionen').insert(
          positionen.map((p) => ({
            vereinsabrechnung_id: Number(neuId),
            sortierung: p.sortierung,
            text: p.text,
            art: p.art,
            betrag_cent: p.betrag_cent,
            satz: p.satz,
            steuersatz: p.steuersatz,
            buchungskonto_id: kontoAus(p.buchungskonto_id),
            nur_mitglieder: p.nur_mitglieder,
          })),
        );
      }
      kopiert.vereinspositionen = positionen.length;
    }
    if (!(await db('gruppenabrechnung_positionen').where({ pachtabrechnung_id: ziel.id }).first('id'))) {
      const gruppen = await db('gruppenabrechnung_positionen').where({ pachtabrechnung_id: quelleId }).orderBy('id');
      for (const g of gruppen) {
        await db('gruppenabrechnung_positionen').insert({
          version: 1,
          pachtabrechnung_id: ziel.id,
          gruppe_id: g.gruppe_id,
          sortierung: g.sortierung,
          text: g.text,
          betrag_cent: g.betrag_cent,
          verteilung: g.verteilung,
          steuersatz: g.steuersatz,
          buchungskonto_id: kontoAus(g.buchungskonto_id),
          ...stamp,
        });
      }
      kopiert.gruppenpositionen = gruppen.length;
    }
    kopiert.parzellen = await kopiereParzelleJahr(db, quelleId, ziel.id);
    // The parking-card counts came along; without the year's fee the letters would drop them.
    const parkkarten = await db('parkkarten_info').where({ pachtabrechnung_id: quelleId }).first();
    if (parkkarten && !(await db('parkkarten_info').where({ pachtabrechnung_id: ziel.id }).first('version'))) {
      await db('parkkarten_info').insert({
        pachtabrechnung_id: ziel.id,
        version: 1,
        gebuehr_cent: Number(parkkarten.gebuehr_cent),
        gueltig_bis: `${jahr}-12-31`,
        hinweis: parkkarten.hinweis,
        updated_at: now,
      });
    }
  }
  const after = await ladePachtberechnung(db, ziel.id);
  await recordHistory(db, actor, {
    entityType: PACHTBERECHNUNG_HISTORY_TYPE,
    entityId: ziel.id,
    action: 'create',
    after: { ...after, kopiertAus: quelle ? Number(quelle.jahr) : null, kopiert },
  });
  return after;
}

/**
 * Deletes a billing year with everything yearly (rates, surcharges, club and group positions, the
 * plots' yearly values). German 409 when something of it is booked or kept elsewhere: a booked run
 * or a receivable of the year, Wassergrunddaten, a water settlement or insurances, or when it is
 * the only year.
 */
export async function loeschePachtberechnung(db: Db, actor: Actor, id: number): Promise<void> {
  const year = await findYear(db, id);
  if (!year) throw notFound('Diese Pachtberechnung (dieses Abrechnungsjahr) gibt es nicht (mehr).');
  const gruende: string[] = [];
  const anzahl = async (query: Promise<{ n?: unknown }[] | { n?: unknown } | undefined>) => {
    const r = await query;
    const row = Array.isArray(r) ? r[0] : r;
    return Number(row?.n ?? 0);
  };
  if ((await anzahl(db('pachtabrechnungen').count({ n: '*' }))) <= 1)
    gruende.push('es ist das einzige Abrechnungsjahr');
  if (await istZvGebucht(db, id)) gruende.push(`die Zahlungsvorschreibung ${year.jahr} ist gebucht`);
  else if (await anzahl(db('abrechnungslaeufe').where({ pachtabrechnung_id: id }).count({ n: '*' })))
    gruende.push(`ein Abrechnungslauf ${year.jahr} ist gebucht`);
  // Existence checks of rows other modules key on the year (they would keep the year by their
  // foreign key anyway; this names them in German instead of a database error).
  if (await anzahl(db('rechnungen').where({ pachtabrechnung_id: id }).count({ n: '*' })))
    gruende.push(`es gibt Rechnungen des Jahres ${year.jahr}`);
  if (await grunddatenFuerJahr(db, year.jahr)) gruende.push(`es gibt Wassergrunddaten für ${year.jahr}`);
  if (await anzahl(db('wasserabrechnungen').where({ pachtabrechnung_id: id }).count({ n: '*' })))
    gruende.push(`es gibt eine Wasserabrechnung des Jahres ${year.jahr}`);
  if (await anzahl(db('versicherungen').where({ jahr: year.jahr }).count({ n: '*' })))
    gruende.push(`es gibt Versicherungen für ${year.jahr}`);
  if (gruende.length) {
    throw conflict(
      `Das Abrechnungsjahr ${year.jahr} kann nicht gelöscht werden: ${gruende.join('; ')}.`,
      undefined,
      'pachtberechnung_in_verwendung',
    );
  }
  const before = await ladePachtberechnung(db, id);
  const vereine = (await db('vereinsabrechnungen').where({ pachtabrechnung_id: id }).select('id')).map((r) =>
    Number(r.id),
  );
  if (vereine.length) await db('vereinsabrechnung_positionen').whereIn('vereinsabrechnung_id', vereine).delete();
  await db('vereinsabrechnungen').where({ pachtabrechnung_id: id }).delete();
  await db('gruppenabrechnung_positionen').where({ pachtabrechnung_id: id }).delete();
  await db('pachtzuschlaege').where({ pachtabrechnung_id: id }).delete();
  await db('pachtberechnungen').where({ pachtabrechnung_id: id }).delete();
  // The plots' yearly values (parzelle_jahr) and the year's parking-card info go by their CASCADE.
  await db('pachtabrechnungen').where({ id }).delete();
  await recordHistory(db, actor, { entityType: PACHTBERECHNUNG_HISTORY_TYPE, entityId: id, action: 'delete', before });
}
