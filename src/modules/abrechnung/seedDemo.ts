import { todayIso } from '../../platform/dates';
import { type Db, nowDb } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';
import { ensureYear } from './services/pachtabrechnungen';

// The demo club's Jahresvorschreibung basis for the current year: rates (Pachtzins 1,31 €/m²,
// Grundsteuer 0,14 €/m², the common area as the sum of the plots' shares, 30 days to pay), the
// Verwaltungs- und Haftungszuschlag (14,5 %) and a Wohnzuschlag per m² for plots flagged „ständig
// wohnen“, the Vereinsabrechnung (Verbands-, Mitglieds- und Instandhaltungsbeitrag) and a group
// position per group; booking accounts from the year's Kassaabrechnung (the Kassa demo runs first).
// Parking cards cost 15,00 € each. Skipped when the year has rates already.

export async function seedDemoAbrechnung(_services: AppServices, db: Db): Promise<void> {
  const jahr = Number(todayIso().slice(0, 4));
  const year = await ensureYear(db, jahr, `Pachtabrechnung ${jahr}`);
  if (await db('pachtberechnungen').where({ pachtabrechnung_id: year.id }).first('pachtabrechnung_id')) return;
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  const konto = async (nummer: string): Promise<number | null> => {
    const row = await db('buchungskonten as bk')
      .join('kassaabrechnungen as ka', 'ka.id', 'bk.kassaabrechnung_id')
      .where({ 'ka.jahr': jahr, 'bk.nummer': nummer })
      .first('bk.id');
    return row ? Number(row.id) : null;
  };
  const pacht = await konto('4010');
  const mitglied = await konto('4000');
  const summe = await db('parzelle_jahr as pj')
    .join('parzellen as p', 'p.id', 'pj.parzelle_id')
    .where({ 'pj.pachtabrechnung_id': year.id, 'p.aktiv': true })
    .sum({ s: 'pj.gemeinschaftsflaeche' })
    .first();
  await db('pachtberechnungen').insert({
    pachtabrechnung_id: year.id,
    version: 1,
    pachtzins_pro_m2: '1.31',
    grundsteuer_pro_m2: '0.14',
    gemeinschaftsflaeche: Number(summe?.s ?? 0).toFixed(2),
    zahlungsziel_tage: 30,
    pacht_steuersatz: 0,
    bk_pachtzins_id: pacht,
    bk_gemeinschaftsflaeche_id: pacht,
    bk_grundsteuer_id: pacht,
    ...stamp,
  });
  const zuschlag = { version: 1, pachtabrechnung_id: year.id, buchungskonto_id: pacht, steuersatz: 0, ...stamp };
  await db('pachtzuschlaege').insert([
    {
      ...zuschlag,
      sortierung: 1,
      bezeichnung: 'Verwaltungs- und Haftungszuschlag',
      art: 'prozent',
      wert: '14.5',
      basis: 'pachtzins,gemeinschaftsflaeche,grundsteuer',
      parzellen_flag: null,
      parzellen_ids: null,
    },
    {
      ...zuschlag,
      sortierung: 2,
      bezeichnung: 'Wohnzuschlag',
      art: 'proM2',
      wert: '0.50',
      basis: '',
      parzellen_flag: 1,
      parzellen_ids: null,
    },
  ]);
  const [vereinsabrechnungId] = await db('vereinsabrechnungen').insert({
    version: 1,
    pachtabrechnung_id: year.id,
    bezeichnung: `Vereinsabrechnung ${jahr}`,
    ...stamp,
  });
  const position = {
    vereinsabrechnung_id: Number(vereinsabrechnungId),
    satz: null,
    steuersatz: 0,
    buchungskonto_id: mitglied,
  };
  await db('vereinsabrechnung_positionen').insert([
    {
      ...position,
      sortierung: 1,
      text: 'Verbandsbeitrag',
      art: 'proMitglied',
      betrag_cent: 1266,
      nur_mitglieder: true,
    },
    {
      ...position,
      sortierung: 2,
      text: 'Mitgliedsbeitrag',
      art: 'proMitglied',
      betrag_cent: 7500,
      nur_mitglieder: true,
    },
    {
      ...position,
      sortierung: 3,
      text: 'Instandhaltungsbeitrag',
      art: 'proParzelle',
      betrag_cent: 18000,
      nur_mitglieder: false,
    },
  ]);
  const gruppen = await db('gruppen').orderBy('id').select('id', 'name');
  if (gruppen.length)
    await db('gruppenabrechnung_positionen').insert(
      gruppen.map((g) => ({
        version: 1,
        pachtabrechnung_id: year.id,
        gruppe_id: Number(g.id),
        sortierung: 1,
        text: `Wegsanierung ${g.name}`,
        betrag_cent: 120_000,
        verteilung: 'gleich',
        steuersatz: 0,
        buchungskonto_id: mitglied,
        ...stamp,
      })),
    );
  if (!(await db('parkkarten_info').where({ pachtabrechnung_id: year.id }).first('pachtabrechnung_id')))
    await db('parkkarten_info').insert({
      pachtabrechnung_id: year.id,
      gebuehr_cent: 1500,
      gueltig_bis: null,
      hinweis: null,
      updated_at: now,
    });
}
