import type { ReactNode } from 'react';
import { formatGermanDate } from '../dates';
import { formatEuro } from '../money';
import { epcQrPayload, formatIban, formatRf, qrDataUrl } from '../payment';

// The building blocks every letter of kgv shares (payment request, invoice, reminder, account
// statement): the club's head, the recipient in the window of a C5/6 envelope, the salutation and
// the payment slip (Zahlschein) with the EPC QR code. The club's data comes from the settings
// (vereinseinstellungen's briefVerein); the letters themselves live in their modules.

/** What the template needs from the club's settings, read once per print run. */
export type BriefVerein = {
  name: string;
  /** Address lines under the name in the head (Zusatz, Straße, PLZ Ort, ZVR). */
  zeilen: string[];
  /** One line above the recipient in the window: „KGV Sonnenhang · Gartenweg 1 · 1140 Wien“. */
  absender: string;
  ort: string;
  /** The payee: bank.kontoinhaber or the club's name. */
  empfaenger: string;
  iban: string;
  bic: string;
  bankname: string;
  /** The logo as data: URL (no network in templates), or null. */
  logo: string | null;
};

/** One payment slip: a receivable of the letter with its QR code (null when no code can be made). */
export type BriefZahlschein = {
  nummer: string;
  zahlungsreferenz: string;
  betragCent: number;
  qr: string | null;
};

/** The postal address of a letter's recipient (the same fields as Stammdaten's address). */
export type BriefAnschrift = {
  anrede: string;
  titel: string;
  vorname: string;
  nachname: string;
  strasse: string;
  plz: string;
  ort: string;
  land: string;
};

export const briefCss = `
.brief { position: relative; }
.entwurf { position: absolute; top: 110mm; left: 0; right: 0; text-align: center; font-size: 80pt; font-weight: bold;
  color: rgba(200, 0, 0, 0.15); pointer-events: none; }
.kopf { display: flex; justify-content: space-between; align-items: flex-start; border-bottom: 0.6pt solid #000; padding-bottom: 2mm; }
.kopf .verein { font-weight: bold; font-size: 12pt; }
.kopf .zeilen { font-size: 8.5pt; }
.kopf img { max-height: 18mm; max-width: 45mm; }
.fenster { height: 42mm; padding-top: 8mm; }
.absender { font-size: 7pt; border-bottom: 0.4pt solid #000; display: inline-block; margin-bottom: 2mm; }
.meta { display: grid; grid-template-columns: max-content max-content; gap: 0.5mm 4mm; justify-content: end; margin-bottom: 6mm; font-size: 9.5pt; }
.meta dt { text-align: right; }
.meta dd { margin: 0; }
h1 { font-size: 14pt; margin: 0 0 4mm; }
h3.parzelle { font-size: 10.5pt; margin: 4mm 0 1mm; }
table.positionen th.money { width: 28mm; }
table.positionen tr.zwischensumme td { border-top: 0.4pt solid #000; }
table.summe { margin-top: 3mm; }
table.summe td { font-weight: bold; font-size: 11.5pt; border-top: 0.8pt solid #000; }
.faellig { margin-top: 3mm; }
.texte p { white-space: pre-line; }
.zahlscheine { margin-top: 6mm; }
.zahlschein { break-inside: avoid; border-top: 0.6pt dashed #000; padding-top: 3mm; margin-top: 4mm; display: flex; justify-content: space-between; gap: 6mm; }
.zahlschein h2 { font-size: 11pt; margin: 0 0 2mm; }
.zahlschein dl { margin: 0; display: grid; grid-template-columns: max-content auto; gap: 1mm 4mm; font-size: 9.5pt; }
.zahlschein dt { font-weight: bold; }
.zahlschein dd { margin: 0; }
.zahlschein .qr { text-align: center; font-size: 7.5pt; }
.zahlschein img { width: 32mm; height: 32mm; display: block; }
`;

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

/** „Sehr geehrte Frau Mag. Huber,“ — or the neutral salutation when Anrede or name is missing. */
export function anredeZeile(a: BriefAnschrift): string {
  const name = [a.titel, a.nachname].filter(Boolean).join(' ');
  if (a.anrede === 'Frau' && name) return `Sehr geehrte Frau ${name},`;
  if (a.anrede === 'Herr' && name) return `Sehr geehrter Herr ${name},`;
  return 'Sehr geehrte Damen und Herren,';
}

/** The recipient's lines in the envelope window; `name` when the address has no person's name. */
export function anschriftZeilen(a: BriefAnschrift, name: string): string[] {
  const land = a.land.trim();
  const inland = land === '' || /^(österreich|austria|at|a)$/i.test(land);
  const person = [a.titel, a.vorname, a.nachname].filter(Boolean).join(' ') || name;
  return [
    ['Frau', 'Herr', 'Familie'].includes(a.anrede) ? a.anrede : '',
    person,
    a.strasse,
    [a.plz, a.ort].filter(Boolean).join(' '),
    inland ? '' : land.toUpperCase(),
  ].filter((z) => z.trim() !== '');
}

/** A payment slip: cut along the dashed line, or scan the code with a banking app. */
export function Zahlschein({ verein, schein }: { verein: BriefVerein; schein: BriefZahlschein }) {
  return (
    <div className="zahlschein">
      <div>
        <h2>Zahlschein</h2>
        <dl>
          <dt>Empfänger</dt>
          <dd>{verein.empfaenger}</dd>
          <dt>IBAN</dt>
          <dd>{verein.iban ? formatIban(verein.iban) : '–'}</dd>
          <dt>BIC</dt>
          <dd>{verein.bic || '–'}</dd>
          <dt>Betrag</dt>
          <dd>{euro(schein.betragCent)}</dd>
          <dt>Zahlungsreferenz</dt>
          <dd>{formatRf(schein.zahlungsreferenz)}</dd>
          <dt>Rechnungsnummer</dt>
          <dd>{schein.nummer}</dd>
        </dl>
      </div>
      {schein.qr ? (
        <div className="qr">
          <img src={schein.qr} alt="Zahlen mit Code" />
          Zahlen mit Code
        </div>
      ) : null}
    </div>
  );
}

export function VereinsKopf({ verein }: { verein: BriefVerein }) {
  return (
    <div className="kopf">
      <div>
        <div className="verein">{verein.name}</div>
        <div className="zeilen">
          {verein.zeilen.map((z) => (
            <div key={z}>{z}</div>
          ))}
        </div>
      </div>
      {verein.logo ? <img src={verein.logo} alt="" /> : null}
    </div>
  );
}

/** The EPC QR code of one receivable as data: URL, or null when the club's account cannot make one. */
export async function zahlscheinQr(
  verein: BriefVerein,
  betragCent: number,
  zahlungsreferenz: string,
): Promise<string | null> {
  if (betragCent <= 0 || !verein.iban) return null;
  try {
    const payload = epcQrPayload({
      bic: verein.bic || null,
      name: verein.empfaenger,
      iban: verein.iban,
      amountCents: betragCent,
      reference: zahlungsreferenz,
    });
    return await qrDataUrl(payload);
  } catch {
    // Invalid bank data is a problem the run's check reports; the slip then shows the data without code.
    return null;
  }
}

/**
 * The recipient in the window of a C5/6 envelope: the club's sender line, an optional postal note
 * („Eingeschrieben“) and the address lines (`name` when the address has no person's name).
 */
export function AnschriftFenster({
  verein,
  anschrift,
  name,
  vermerk,
}: {
  verein: BriefVerein;
  anschrift: BriefAnschrift;
  name: string;
  vermerk?: ReactNode;
}) {
  return (
    <div className="fenster">
      <div className="absender">{verein.absender}</div>
      {vermerk}
      {anschriftZeilen(anschrift, name).map((z, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines may repeat (e.g. an empty Anrede)
        <div key={i}>{z}</div>
      ))}
    </div>
  );
}

/** The first entry of a letter's reference block: „Datum  Wien, am 24.11.2026“. */
export function BriefDatum({ verein, datum }: { verein: BriefVerein; datum: string }) {
  return (
    <>
      <dt>Datum</dt>
      <dd>
        {verein.ort ? `${verein.ort}, am ` : ''}
        {formatGermanDate(datum)}
      </dd>
    </>
  );
}
