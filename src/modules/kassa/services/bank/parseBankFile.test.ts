import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BankImportFehler } from './bankTypes';
import { duplikatSchluessel, duplikatSchluesselListe } from './duplikatSchluessel';
import { parseBankFile } from './parseBankFile';

const file = (name: string) => readFileSync(new URL(`../../../../../tests/fixtures/bank/${name}`, import.meta.url));

function fehlerOf(fn: () => unknown): BankImportFehler {
  try {
    fn();
  } catch (e) {
    if (e instanceof BankImportFehler) return e;
    throw e;
  }
  throw new Error('kein Fehler');
}

describe('parseBankFile', () => {
  it('finds camt.053 by itself and answers its statements', () => {
    const r = parseBankFile(file('oca-test-camt053.xml'));
    expect(r.format).toBe('camt');
    expect(r.auszuege[0]?.buchungen).toHaveLength(4);
  });

  it('MT940: two statements, structured :86: subfields, a reversal of a credit as money out', () => {
    const r = parseBankFile(file('mt940-zwei-auszuege.sta'));
    expect(r.format).toBe('mt940');
    const [a, b] = r.auszuege;
    expect(a).toMatchObject({
      iban: 'AT611904300234573201',
      anfangCent: 100_000,
      endeCent: 107_000,
      saldoStimmt: true,
    });
    expect(a?.buchungen[0]).toEqual({
      datum: '2025-02-03',
      valuta: '2025-02-03',
      betragCent: 15_000,
      waehrung: 'EUR',
      name: 'Maria Gaertner',
      iban: 'AT483200000012345864',
      bic: 'RLNWATWW',
      // ?21 is a full 27-character slice: ?22 continues its word ("Parzelle 12", not "1 2").
      verwendungszweck: 'Pacht 2025, Parzelle 12',
      referenz: 'E2E-GAERTNER-1',
      bankReferenz: 'RB-MT-1',
      storno: false,
    });
    expect(a?.buchungen[1]).toMatchObject({
      betragCent: -8_000,
      storno: true,
      referenz: 'LS-STROM-01',
      verwendungszweck: 'Ruecklastschrift Strom Jaenner',
    });
    // A BLZ/account number is no IBAN.
    expect(b).toMatchObject({ iban: null, anfangCent: 107_000, endeCent: 103_950, saldoStimmt: true });
    expect(b?.buchungen[0]).toMatchObject({
      datum: '2025-03-01',
      betragCent: -3_050,
      bankReferenz: null,
      verwendungszweck: 'Kontofuehrung Februar',
    });
  });

  it('George CSV in Windows-1252: umlauts, €, a quoted separator, thousands dots; no balances', () => {
    const r = parseBankFile(file('george.csv'));
    expect(r.format).toBe('george');
    const [s] = r.auszuege;
    expect(s?.saldoStimmt).toBeNull();
    expect(s?.buchungen[0]).toMatchObject({
      datum: '2025-02-03',
      valuta: '2025-02-04',
      betragCent: 15_000,
      name: 'Maria Gärtner',
      iban: 'AT483200000012345864',
      referenz: 'RF18539007547034',
      bankReferenz: '201502030001',
    });
    expect(s?.buchungen[1]).toMatchObject({
      betragCent: -123_050,
      verwendungszweck: 'Rechnung 4711; Saatgut €',
      bic: null,
      referenz: null,
    });
  });

  it('George CSV with commas as separator is found and read the same way', () => {
    const csv = Buffer.from(
      '\uFEFF"Buchungsdatum","Partnername","Partner IBAN","Betrag","Währung","Buchungs-Info"\r\n' +
        '"03.02.2025","Maria Gärtner","AT483200000012345864","150,00","EUR","Pacht 2025"\r\n',
    );
    const r = parseBankFile(csv);
    expect(r.format).toBe('george');
    expect(r.auszuege[0]?.buchungen[0]).toMatchObject({
      datum: '2025-02-03',
      valuta: null,
      betragCent: 15_000,
      name: 'Maria Gärtner',
      verwendungszweck: 'Pacht 2025',
      bankReferenz: null,
    });
  });

  it('George JSON gives the same bookings as its CSV', () => {
    const json = parseBankFile(file('george.json'));
    const csv = parseBankFile(file('george.csv'));
    expect(json.format).toBe('george');
    expect(json.auszuege[0]?.buchungen.map(duplikatSchluessel)).toEqual(
      csv.auszuege[0]?.buchungen.map(duplikatSchluessel),
    );
    expect(json.auszuege[0]?.buchungen[1]).toMatchObject({
      betragCent: -123_050,
      name: 'Lagerhaus Tulln',
      datum: '2025-02-20',
    });
  });

  it('ELBA CSV without header: date, text, value date, signed amount, currency', () => {
    const r = parseBankFile(file('elba.csv'));
    expect(r.format).toBe('elba');
    expect(r.auszuege[0]?.buchungen.map((b) => [b.datum, b.valuta, b.betragCent, b.verwendungszweck])).toEqual([
      ['2025-02-03', '2025-02-04', 15_000, 'Pacht 2025 Maria Gärtner AT483200000012345864'],
      ['2025-02-20', '2025-02-20', -123_050, 'Rechnung 4711 Lagerhaus Tulln'],
      ['2025-02-20', '2025-02-20', -123_050, 'Rechnung 4711 Lagerhaus Tulln'],
    ]);
  });

  it('a stored mapping reads another layout; a bad row is named by its line', () => {
    const csv = Buffer.from('Tag,Betrag,Text\n2025-01-05,"1,234.50",Spende\n2025-01-06,abc,Fehler\n');
    const mapping = {
      name: 'Eigene',
      trennzeichen: ',',
      dezimalzeichen: '.' as const,
      datumsformat: 'JJJJ-MM-TT' as const,
      spalten: { datum: 'Tag', betrag: 'Betrag', verwendungszweck: 'Text' },
    };
    const e = fehlerOf(() => parseBankFile(csv, { format: 'george', mapping }));
    expect(e.zeile).toBe(3);
    expect(e.message).toBe('Zeile 3: „abc“ ist kein Betrag.');
    expect(e.status).toBe(422);
    const ok = parseBankFile(Buffer.from('Tag,Betrag,Text\n2025-01-05,"1,234.50",Spende\n'), {
      format: 'george',
      mapping,
    });
    expect(ok.auszuege[0]?.buchungen[0]).toMatchObject({
      datum: '2025-01-05',
      betragCent: 123_450,
      verwendungszweck: 'Spende',
    });
  });

  it('refuses an unknown, an empty, a broken and a mismatched file with German messages', () => {
    expect(fehlerOf(() => parseBankFile(file('unbekannt.txt'))).message).toMatch(/^Das Dateiformat ist unbekannt/);
    expect(fehlerOf(() => parseBankFile(Buffer.alloc(0))).message).toBe('Die Datei ist leer.');
    const broken = fehlerOf(() => parseBankFile(file('kaputt.xml')));
    expect(broken.message).toMatch(/^Zeile \d+: Die XML-Datei ist beschädigt/);
    expect(broken.errors).toEqual({ file: [broken.message] });
    expect(fehlerOf(() => parseBankFile(file('elba.csv'), { format: 'camt' })).message).toBe(
      'Die Datei ist keine XML-Datei (camt.053).',
    );
    expect(fehlerOf(() => parseBankFile(file('elba.csv'), { format: 'george' })).message).toMatch(
      /passt nicht zum Schema „George/,
    );
    expect(
      fehlerOf(() =>
        parseBankFile(Buffer.from(':20:X\n:25:AT611904300234573201\n:60F:C250101EUR1,00\n:61:25XX01C1,00NTRF\n')),
      ).message,
    ).toMatch(/^Zeile 4: MT940: Die Buchungszeile/);
  });
});

describe('duplikatSchluessel', () => {
  it('is stable across two parses: the bank reference, else a content hash', () => {
    for (const name of [
      'oca-test-camt053.xml',
      'camt053-v08-stapel-storno.xml',
      'mt940-zwei-auszuege.sta',
      'george.csv',
      'elba.csv',
    ]) {
      const keys = () => parseBankFile(file(name)).auszuege.flatMap((s) => duplikatSchluesselListe(s.buchungen));
      expect(keys()).toEqual(keys());
    }
    const [withRef] = parseBankFile(file('camt053-v08-stapel-storno.xml')).auszuege[0]?.buchungen ?? [];
    expect(withRef && duplikatSchluessel(withRef)).toBe('ref:RB-2025-0001/1');
    const [noRef] = parseBankFile(file('oca-test-camt053.xml')).auszuege[0]?.buchungen ?? [];
    expect(noRef && duplikatSchluessel(noRef)).toMatch(/^hash:[0-9a-f]{40}$/);
  });

  it('tells apart bookings that differ in amount or text, and counts equal ones within one file', () => {
    const [a, b, c] = parseBankFile(file('elba.csv')).auszuege[0]?.buchungen ?? [];
    if (!a || !b || !c) throw new Error('ELBA sample');
    expect(duplikatSchluessel(a)).not.toBe(duplikatSchluessel(b));
    expect(duplikatSchluessel({ ...b, betragCent: b.betragCent + 1 })).not.toBe(duplikatSchluessel(b));
    expect(duplikatSchluessel({ ...b, verwendungszweck: `${b.verwendungszweck}  ` })).toBe(duplikatSchluessel(b));
    const [, k2, k3] = duplikatSchluesselListe([a, b, c]);
    expect(k3).toBe(`${k2}#2`);
  });
});
