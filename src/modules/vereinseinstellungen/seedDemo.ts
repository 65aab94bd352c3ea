import { systemActor } from '../../platform/auth/principal';
import type { Db } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';
import { listAbstellplatzKategorien, saveAbstellplatzKategorie, saveSection } from './services';

/** The settings of the demo club "KGV Sonnenhang" in Wien-Penzing; runs after common's part. */
export async function seedDemoVereinseinstellungen(services: AppServices, db: Db): Promise<void> {
  const actor = systemActor('Demodaten');
  const save = (key: Parameters<typeof saveSection>[3], values: unknown) =>
    saveSection(services, db, actor, key, values);
  await save('adresse', {
    name: 'KGV Sonnenhang',
    zusatz: 'Kleingartenverein Sonnenhang – Zweigverein des Zentralverbandes',
    strasse: 'Gartenweg 1',
    plz: '1140',
    ort: 'Wien',
    land: 'Österreich',
    zvrZahl: '987654321',
  });
  await save('kontakt', {
    telefon: '+43 1 914 12 34',
    email: 'office@kgv-sonnenhang.at',
    website: 'https://www.kgv-sonnenhang.at',
    sprechstunden: 'Jeden ersten Samstag im Monat, 10 bis 12 Uhr, im Vereinshaus',
  });
  await save('bank', {
    kontoinhaber: 'KGV Sonnenhang',
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    bankname: 'UniCredit Bank Austria AG',
    glaeubigerId: 'AT92ZZZ00000012345',
  });
  await save('texte', {
    zahlungsvorschreibungEinleitung:
      'Sehr geehrte Damen und Herren,\n\nwir übermitteln Ihnen die Vorschreibung für das laufende Jahr. Sie enthält Pachtzins, Vereinsbeiträge und das Wasser-Akonto.',
    zahlungsvorschreibungSchluss:
      'Bitte überweisen Sie den Betrag bis zum angegebenen Fälligkeitsdatum unter Angabe der Zahlungsreferenz.\n\nMit freundlichen Grüßen\nDer Vorstand',
    mahnungText:
      'Leider konnten wir bis heute keinen Zahlungseingang feststellen. Wir ersuchen Sie, den offenen Betrag binnen 14 Tagen zu begleichen.',
    rechnungText: 'Wir erlauben uns, Ihnen folgende Leistungen in Rechnung zu stellen:',
  });
  await save('texte2', {
    wasserrechnungText:
      'Die Wasserabrechnung ergibt sich aus Ihrem Zählerstand zum Stichtag abzüglich der geleisteten Akontozahlungen.',
    serienbriefFusszeile: 'KGV Sonnenhang · Gartenweg 1 · 1140 Wien · ZVR 987654321 · office@kgv-sonnenhang.at',
    emailSignatur: 'Mit freundlichen Grüßen\nDer Vorstand des KGV Sonnenhang\nTel. +43 1 914 12 34',
  });
  await save('anzahl', {
    zahlungszielTage: 14,
    mahngebuehrStufe2Cent: 500,
    mahngebuehrStufe3Cent: 1000,
    parkkartenProParzelle: 1,
  });
  await save('optionen', { mfa: 1, flags: 0 });
  await save('optionenWasser', {
    schwundMethode: 'proportional',
    verbrauchsWarnFaktor: '3.0',
    schwundWarnProzent: '30',
    akontoMindestCent: 5000,
  });
  await save('optionenAbrechnung', { rechnungenTeilen: false, zvSortierung: 'parzelle', zahlscheinDrucken: true });
  await save('optionenKassa', { steuerpflichtig: false, sofortabschreibungGrenzeCent: 100_000 });

  const present = new Set((await listAbstellplatzKategorien(db)).map((k) => k.name));
  for (const [name, jahresgebuehrCent] of [
    ['PKW-Stellplatz', 6000],
    ['Motorrad', 2500],
    ['Anhänger', 4000],
  ] as const) {
    if (!present.has(name)) await saveAbstellplatzKategorie(db, actor, { name, jahresgebuehrCent, aktiv: true });
  }
}
