import { ensureYear } from '../../src/modules/abrechnung/services';
import type { VereinsabrechnungPositionRow } from '../../src/modules/abrechnung/tables';
import { saveSection } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import type { AppServices } from '../../src/platform/services';
import { buildAdresse, buildPachtverhaeltnis, buildParzelle } from './factories';
import { seedKassaBeispiel } from './kassaBeispiel';

// DOMAIN.md's payment-request example ("Lease" and "Annual payment request"), written straight into
// the tables (the calls that create rates, surcharges and club positions have their own tests): 17
// plots of 8,000 m² (plot "17" 400 m², sixteen of 475 m²), common area 2,000 m² (plot 17's share
// 100 m², the others 118.75 m²), Pachtzins 1.31 €/m², Grundsteuer 0.14 €/m², the Verwaltungs- und
// Haftungszuschlag 14.5 % of Pachtzins + Gemeinschaftsflächenanteil + Grundsteuer, Verbandsbeitrag
// 12.66 € and Mitgliedsbeitrag 75.00 € per member, Instandhaltungsbeitrag 180.00 € per plot, water
// akonto 300.00 € per plot. Every holder is a member with a full address; the club's bank account is
// set. Plot 17's letter adds up to 1,397.79 €.

export const ZV_JAHR = 2026;
export const ZV_DATUM = '2026-03-01';
export const ZV_SUMME_PARZELLE_17_CENT = 139_779;

export type ZvBeispiel = {
  pachtabrechnungId: number;
  kassaabrechnungId: number;
  parzelle17: number;
  huber: number;
  parzellen: number[];
  adressen: number[];
  zuschlagId: number;
  vereinsabrechnungId: number;
  bk: { pacht: number; mitgliedsbeitrag: number; wasser: number };
};

const MITGLIED = 256;

/**
 * The club around DOMAIN.md's example without plots: bank account and address in the settings, the
 * Kassa period of the year with its booking accounts, the billing year with its rates (Pachtzins
 * 1.31 €/m², Grundsteuer 0.14 €/m², common area 2,000 m², 30 days' payment term). The benchmark
 * starts from it too.
 */
export async function seedZvVerein(services: AppServices, jahr = ZV_JAHR) {
  const db = services.db;
  const actor = systemActor('Test');
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  await saveSection(services, db, actor, 'bank', {
    kontoinhaber: 'KGV Sonnenhang',
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    bankname: 'UniCredit Bank Austria AG',
  });
  await saveSection(services, db, actor, 'adresse', {
    name: 'KGV Sonnenhang',
    strasse: 'Gartenweg 1',
    plz: '1140',
    ort: 'Wien',
    land: 'Österreich',
  });
  const kassa = await seedKassaBeispiel(db, { jahre: [jahr] });
  const year = await ensureYear(db, jahr);
  await db('pachtberechnungen').insert({
    pachtabrechnung_id: year.id,
    version: 1,
    pachtzins_pro_m2: '1.31',
    grundsteuer_pro_m2: '0.14',
    gemeinschaftsflaeche: '2000.00',
    zahlungsziel_tage: 30,
    pacht_steuersatz: 0,
    bk_pachtzins_id: kassa.bk.pacht,
    bk_gemeinschaftsflaeche_id: kassa.bk.pacht,
    bk_grundsteuer_id: kassa.bk.pacht,
    ...stamp,
  });
  return { kassa, year };
}

export async function seedZvBeispiel(services: AppServices, { jahr = ZV_JAHR } = {}): Promise<ZvBeispiel> {
  const db = services.db;
  const now = nowDb();
  const stamp = { created_at: now, updated_at: now };
  const { kassa, year } = await seedZvVerein(services, jahr);
  const pachtabrechnungId = year.id;
  const [zuschlagId] = await db('pachtzuschlaege').insert({
    version: 1,
    pachtabrechnung_id: pachtabrechnungId,
    sortierung: 1,
    bezeichnung: 'Verwaltungs- und Haftungszuschlag',
    art: 'prozent',
    wert: '14.5',
    basis: 'pachtzins,gemeinschaftsflaeche,grundsteuer',
    parzellen_flag: null,
    parzellen_ids: null,
    buchungskonto_id: kassa.bk.pacht,
    steuersatz: 0,
    ...stamp,
  });
  const [vereinsabrechnungId] = await db('vereinsabrechnungen').insert({
    version: 1,
    pachtabrechnung_id: pachtabrechnungId,
    bezeichnung: `Vereinsabrechnung ${jahr}`,
    ...stamp,
  });
  const position = (
    sortierung: number,
    text: string,
    art: VereinsabrechnungPositionRow['art'],
    betrag_cent: number,
  ) => ({
    vereinsabrechnung_id: Number(vereinsabrechnungId),
    sortierung,
    text,
    art,
    betrag_cent,
    satz: null,
    steuersatz: 0,
    buchungskonto_id: kassa.bk.mitgliedsbeitrag,
    nur_mitglieder: false,
  });
  await db('vereinsabrechnung_positionen').insert([
    position(1, 'Verbandsbeitrag', 'proMitglied', 1266),
    position(2, 'Mitgliedsbeitrag', 'proMitglied', 7500),
    position(3, 'Instandhaltungsbeitrag', 'proParzelle', 18000),
  ]);

  const parzellen: number[] = [];
  const adressen: number[] = [];
  const nummern = ['17', ...Array.from({ length: 16 }, (_, i) => String(i + 1))];
  for (const [i, nummer] of nummern.entries()) {
    const flaeche = nummer === '17' ? '400.00' : '475.00';
    const parzelle = await buildParzelle(services, { nummer, flaeche });
    const adresse = await buildAdresse(
      services,
      i === 0
        ? {
            anrede: 'Frau',
            vorname: 'Maria',
            nachname: 'Huber',
            strasse: 'Rosenweg 17',
            plz: '1140',
            ort: 'Wien',
            flags: MITGLIED,
          }
        : { nachname: `Gärtner${nummer}`, strasse: `Gartenweg ${nummer}`, plz: '1140', ort: 'Wien', flags: MITGLIED },
    );
    await buildPachtverhaeltnis(services, { parzelleId: parzelle.id, adresseId: adresse.id, von: '2015-01-01' });
    parzellen.push(parzelle.id);
    adressen.push(adresse.id);
  }
  await db('wasserakonto').insert(
    parzellen.map((parzelle_id) => ({ stichtag: `${jahr - 1}-10-31`, parzelle_id, akonto_cent: 30_000, ...stamp })),
  );
  return {
    pachtabrechnungId,
    kassaabrechnungId: kassa.perioden[jahr]!,
    parzelle17: parzellen[0]!,
    huber: adressen[0]!,
    parzellen,
    adressen,
    zuschlagId: Number(zuschlagId),
    vereinsabrechnungId: Number(vereinsabrechnungId),
    bk: { pacht: kassa.bk.pacht, mitgliedsbeitrag: kassa.bk.mitgliedsbeitrag, wasser: kassa.bk.wasser },
  };
}
