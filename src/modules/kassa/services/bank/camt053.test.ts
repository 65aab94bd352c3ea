import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCamt053 } from '../../../../../tests/helpers/generateCamt053';
import { BankImportFehler } from './bankTypes';
import { CAMT_VERSIONS, parseCamt053 } from './camt053';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../tests/fixtures/bank/${name}`, import.meta.url), 'utf8');
const sum = (cents: number[]) => cents.reduce((s, c) => s + c, 0);

describe('parseCamt053', () => {
  it('reads the real sample (001.02): four bookings from three entries, the batch split, the reversal marked', () => {
    const [stmt, ...rest] = parseCamt053(fixture('oca-test-camt053.xml'));
    expect(rest).toHaveLength(0);
    expect(stmt?.iban).toBe('NL77ABNA0574908765');
    expect(stmt?.anfangCent).toBe(1_556_827);
    expect(stmt?.endeCent).toBe(1_512_112);
    const b = stmt?.buchungen ?? [];
    expect(b.map((x) => x.betragCent)).toEqual([-75_425, -56_405, -10_000, 140_531]);
    expect(sum(b.map((x) => x.betragCent))).toBe(-1_299);
    // The sample's closing balance does not follow from its entries: reported, not hidden.
    expect(stmt?.saldoStimmt).toBe(false);
    expect(b[0]).toMatchObject({
      name: 'INSURANCE COMPANY TESTX',
      iban: 'NL46ABNA0499998748',
      bic: 'ABNANL2A',
      storno: false,
    });
    expect(b[0]?.verwendungszweck).toBe('Insurance policy 857239PERIOD 01.01.2014 - 31.12.2014');
    expect(b.slice(1, 3).map((x) => [x.storno, x.referenz])).toEqual([
      [true, 'TESTBANK/NL/20141229/01206408'],
      [true, 'TESTBANK/NL/20141229/01206407'],
    ]);
    // No remittance text: the additional transaction information stands in.
    expect(b[3]).toMatchObject({
      name: '3rd party Media',
      iban: 'NL69ABNA0522123643',
      verwendungszweck: '#RD PARTY MEDIA CUSNO 90782 4210773',
    });
  });

  it('001.08: splits a batch by TxDtls/Amt, joins Ustrd lines, takes the RF reference, signs a reversal by its direction', () => {
    const [stmt] = parseCamt053(fixture('camt053-v08-stapel-storno.xml'));
    const b = stmt?.buchungen ?? [];
    expect(b).toHaveLength(4); // the pending entry is not a statement line
    expect(b[0]).toMatchObject({
      datum: '2025-02-03',
      valuta: '2025-02-04',
      betragCent: 15_000,
      name: 'Maria Gärtner',
      iban: 'AT483200000012345864',
      bic: 'RLNWATWW',
      verwendungszweck: 'Pacht 2025',
      referenz: 'RF18539007547034',
      bankReferenz: 'RB-2025-0001/1',
    });
    expect(b[1]).toMatchObject({
      betragCent: 10_000,
      name: 'Josef Huber',
      verwendungszweck: 'Parzelle 12 Wasser 2024',
      referenz: 'E2E-HUBER-1',
      bankReferenz: 'RB-2025-0001/2',
    });
    // A returned direct debit: money comes back (+), the counterparty is the original creditor, not us.
    expect(b[2]).toMatchObject({
      betragCent: 8_000,
      storno: true,
      name: 'Wien Energie GmbH',
      bankReferenz: 'RB-2025-0002-R',
    });
    expect(b[3]).toMatchObject({
      datum: '2025-02-20',
      valuta: null,
      betragCent: -3_050,
      bic: 'RLNWATWWTUL',
      referenz: null,
    });
    expect(stmt).toMatchObject({ anfangCent: 100_000, endeCent: 129_950, saldoStimmt: true, waehrung: 'EUR' });
  });

  it('a returned member direct debit names the member, not the club, though the club is named as creditor', () => {
    const xml = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
      <Acct><Id><IBAN>AT611904300234573201</IBAN></Id></Acct>
      <Ntry><Amt Ccy="EUR">45.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2025-03-05</Dt></BookgDt>
        <NtryDtls><TxDtls><RltdPties>
          <Dbtr><Pty><Nm>Josef Huber</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>AT026000000001349870</IBAN></Id></DbtrAcct>
          <Cdtr><Pty><Nm>Kleingartenverein Sonnenschein</Nm></Pty></Cdtr>
        </RltdPties><RmtInf><Ustrd>Rücklastschrift Mitgliedsbeitrag</Ustrd></RmtInf></TxDtls></NtryDtls>
      </Ntry></Stmt></BkToCstmrStmt></Document>`;
    const [stmt] = parseCamt053(xml);
    expect(stmt?.buchungen[0]).toMatchObject({
      betragCent: -4_500,
      storno: true,
      name: 'Josef Huber',
      iban: 'AT026000000001349870',
    });
    expect(stmt?.saldoStimmt).toBeNull();
  });

  it('001.04: two statements in one file, a negative PRCD opening balance and an entry without details', () => {
    const stmts = parseCamt053(fixture('camt053-v04-zwei-auszuege.xml'));
    expect(stmts.map((s) => [s.anfangCent, s.endeCent, s.saldoStimmt, s.buchungen.length])).toEqual([
      [-5_000, 7_000, true, 1],
      [7_000, 6_000, true, 1],
    ]);
    expect(stmts[0]?.buchungen[0]).toMatchObject({ name: 'Anna Berger', bic: 'SPADATW1XXX', betragCent: 12_000 });
    expect(stmts[1]?.buchungen[0]).toMatchObject({
      name: '',
      iban: null,
      betragCent: -1_000,
      verwendungszweck: 'Kontoführung',
    });
  });

  it.each(CAMT_VERSIONS)('reads 001.%s with that version’s element spellings', (version) => {
    const [stmt] = parseCamt053(generateCamt053({ eintraege: 3, version }));
    expect(stmt?.saldoStimmt).toBe(true);
    expect(stmt?.buchungen.map((b) => [b.betragCent, b.name, b.bic])).toEqual([
      [2_500, 'Mitglied 000001', 'RZOOAT2L'],
      [2_600, 'Mitglied 000002', 'RZOOAT2L'],
      [-1_074, 'Lieferant 000003', 'RZOOAT2L'],
    ]);
    expect(stmt?.buchungen[0]?.referenz).toBe('RF18000001');
  });

  it('reads the generated benchmark statement of 10,000 entries with a matching balance', () => {
    const [stmt] = parseCamt053(generateCamt053({ eintraege: 10_000 }));
    expect(stmt?.buchungen).toHaveLength(10_000);
    expect(stmt?.saldoStimmt).toBe(true);
    expect(new Set(stmt?.buchungen.map((b) => b.bankReferenz)).size).toBe(10_000);
  });

  it('refuses a broken file, another camt message and an unsupported version in German', () => {
    expect(() => parseCamt053(fixture('kaputt.xml'))).toThrow(BankImportFehler);
    expect(() => parseCamt053(fixture('kaputt.xml'))).toThrow(/beschädigt/);
    const v08 = generateCamt053({ eintraege: 1 });
    expect(() => parseCamt053(v08.replace('camt.053.001.08', 'camt.054.001.08'))).toThrow(
      'Die Datei ist eine camt.054-Nachricht, kein Kontoauszug (camt.053).',
    );
    expect(() =>
      parseCamt053(v08.replace('<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE d [<!ENTITY a "aaaa">]>')),
    ).toThrow(/DOCTYPE/);
    expect(() => parseCamt053(v08.replace('camt.053.001.08', 'camt.053.001.12'))).toThrow(
      /001\.12 wird nicht unterstützt/,
    );
    expect(() => parseCamt053(v08.replace('<Amt Ccy="EUR">25.00</Amt>', '<Amt Ccy="EUR">25,00</Amt>'))).toThrow(
      /kein.* gültigen Betrag/,
    );
  });
});
