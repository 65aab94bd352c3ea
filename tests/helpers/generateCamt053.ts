// A valid camt.053 statement with as many entries as asked, for the import benchmark and the
// parser's version tests. Entries alternate between incoming member payments (with an RF
// reference) and outgoing payments; the balances agree with the entries. Deterministic: the same
// options give the same text.

export type GenerateCamt053Options = {
  eintraege: number;
  /** camt.053.001.VV; default '08'. The version decides the element spellings (see camt053.ts). */
  version?: '02' | '03' | '04' | '05' | '06' | '07' | '08';
  iban?: string;
  anfangCent?: number;
  /** First booking date, YYYY-MM-DD; entries spread over the following days of the year. */
  von?: string;
  /**
   * Entries given one by one instead of the generated ones (`eintraege` is then ignored): signed cents
   * (+ credit), the booking date (default `von`), a structured creditor reference (RF…), an
   * unstructured remittance text, the counterparty's name and IBAN.
   */
  /** Prefix of the bank's entry references (the duplicate key): a second statement of the same test needs its own. */
  kennung?: string;
  posten?: readonly {
    betragCent: number;
    datum?: string;
    referenz?: string;
    text?: string;
    name?: string;
    iban?: string;
  }[];
};

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const euro = (cents: number) =>
  `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

export function generateCamt053(options: GenerateCamt053Options): string {
  const {
    eintraege,
    version = '08',
    iban = 'AT611904300234573201',
    anfangCent = 1_000_000,
    von = '2025-01-01',
  } = options;
  const v = Number(version);
  const party = (nm: string) => (v >= 7 ? `<Pty><Nm>${nm}</Nm></Pty>` : `<Nm>${nm}</Nm>`);
  const bic = (b: string) => (v >= 4 ? `<BICFI>${b}</BICFI>` : `<BIC>${b}</BIC>`);
  const sts = v >= 7 ? '<Sts><Cd>BOOK</Cd></Sts>' : '<Sts>BOOK</Sts>';
  const start = Date.parse(`${von}T00:00:00Z`);
  let sum = 0;
  const entries: string[] = [];
  const anzahl = options.posten ? options.posten.length : eintraege;
  for (let i = 0; i < anzahl; i++) {
    const p = options.posten?.[i];
    const datum = p
      ? (p.datum ?? von)
      : new Date(start + Math.floor((i * 360) / Math.max(anzahl, 1)) * 86_400_000).toISOString().slice(0, 10);
    const credit = p ? p.betragCent > 0 : i % 3 !== 2;
    const cents = p ? Math.abs(p.betragCent) : credit ? 2_500 + (i % 97) * 100 : 1_000 + (i % 53) * 37;
    sum += credit ? cents : -cents;
    const nr = String(i + 1).padStart(6, '0');
    const role = credit ? 'Dbtr' : 'Cdtr';
    const rmt = p
      ? `<RmtInf>${p.text ? `<Ustrd>${xml(p.text)}</Ustrd>` : ''}${p.referenz ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${xml(p.referenz)}</Ref></CdtrRefInf></Strd>` : ''}</RmtInf>`
      : credit
        ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18${nr}</Ref></CdtrRefInf></Strd></RmtInf>`
        : `<RmtInf><Ustrd>Rechnung ${nr}</Ustrd></RmtInf>`;
    entries.push(
      `<Ntry><NtryRef>${nr}</NtryRef><Amt Ccy="EUR">${euro(cents)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>${sts}` +
        `<BookgDt><Dt>${datum}</Dt></BookgDt><ValDt><Dt>${datum}</Dt></ValDt><AcctSvcrRef>${options.kennung ?? 'GEN'}-${nr}</AcctSvcrRef>` +
        '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>' +
        `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${nr}</EndToEndId></Refs>` +
        `<AmtDtls><TxAmt><Amt Ccy="EUR">${euro(cents)}</Amt></TxAmt></AmtDtls>` +
        `<RltdPties><${role}>${party(xml(p?.name ?? (credit ? `Mitglied ${nr}` : `Lieferant ${nr}`)))}</${role}>` +
        `<${role}Acct><Id><IBAN>${p?.iban ?? `AT02${String(1_000_000_000_000_000 + i)}`}</IBAN></Id></${role}Acct></RltdPties>` +
        `<RltdAgts><${role}Agt><FinInstnId>${bic('RZOOAT2L')}</FinInstnId></${role}Agt></RltdAgts>` +
        `${rmt}</TxDtls></NtryDtls></Ntry>`,
    );
  }
  const bal = (code: string, cents: number, dt: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${euro(cents)}</Amt>` +
    `<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${dt}</Dt></Dt></Bal>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">` +
    '<BkToCstmrStmt><GrpHdr><MsgId>GEN-1</MsgId><CreDtTm>2025-12-31T12:00:00</CreDtTm></GrpHdr>' +
    `<Stmt><Id>GEN-STMT-1</Id><CreDtTm>2025-12-31T12:00:00</CreDtTm><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>` +
    bal('OPBD', anfangCent, von) +
    bal('CLBD', anfangCent + sum, von) +
    `${entries.join('\n')}</Stmt></BkToCstmrStmt></Document>\n`
  );
}
