import { formatGermanDate } from '../../../platform/dates';
import { formatEuro } from '../../../platform/money';
import { formatIban, formatRf } from '../../../platform/payment';
import type { ZvEintrag, ZvParzelle, ZvPosition } from '../schema/zvData';

// The letter every billing run prints (Zahlungsvorschreibung, Gruppenrechnung, Weitere
// Mitgliedschaften, Wasserrechnung): club head, recipient in the window of a C5/6 envelope, title and
// date, per plot a table of positions, the sum and due date, the club's texts, and — once booked — a
// payment slip (Zahlschein) with the EPC QR code per receivable. A draft carries „ENTWURF“ and no
// number, reference, QR or slip, so nobody can pay a letter that was never booked.
// The table has only Text and Betrag: the run's text already names quantity and rate („Pachtzins
// 400,00 m² × 1,31 €“), so menge/satz stay data for ZvData and the Excel list, not a second print.

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

export type BriefTexte = { einleitung: string; schluss: string };

/** One payment slip: a receivable of the letter with its QR code (null when no code can be made). */
export type BriefZahlschein = {
  nummer: string;
  zahlungsreferenz: string;
  betragCent: number;
  qr: string | null;
};

export type BriefProps = {
  verein: BriefVerein;
  texte: BriefTexte;
  eintrag: ZvEintrag;
  titel: string;
  datum: string;
  entwurf: boolean;
  zahlscheine: BriefZahlschein[];
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

function anredeZeile(e: ZvEintrag): string {
  const a = e.anschrift;
  const name = [a.titel, a.nachname].filter(Boolean).join(' ');
  if (a.anrede === 'Frau' && name) return `Sehr geehrte Frau ${name},`;
  if (a.anrede === 'Herr' && name) return `Sehr geehrter Herr ${name},`;
  return 'Sehr geehrte Damen und Herren,';
}

function anschriftZeilen(e: ZvEintrag): string[] {
  const a = e.anschrift;
  const land = a.land.trim();
  const inland = land === '' || /^(österreich|austria|at|a)$/i.test(land);
  const person = [a.titel, a.vorname, a.nachname].filter(Boolean).join(' ') || e.name;
  return [
    ['Frau', 'Herr', 'Familie'].includes(a.anrede) ? a.anrede : '',
    person,
    a.strasse,
    [a.plz, a.ort].filter(Boolean).join(' '),
    inland ? '' : land.toUpperCase(),
  ].filter((z) => z.trim() !== '');
}

function parzellenTitel(p: ZvParzelle): string {
  return p.parzelleId === null && p.nummer === '' ? 'Mitgliedschaft' : `Parzelle ${p.nummer}`;
}

function PositionenTabelle({ parzelle, mitSumme }: { parzelle: ZvParzelle; mitSumme: boolean }) {
  const summe = parzelle.positionen.reduce((s, p) => s + p.betragCent, 0);
  return (
    <table className="positionen">
      <thead>
        <tr>
          <th>Text</th>
          <th className="money">Betrag</th>
        </tr>
      </thead>
      <tbody>
        {parzelle.positionen.map((p: ZvPosition, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a letter may repeat a text; the order is fixed
          <tr key={i}>
            <td>{p.text}</td>
            <td className="money">{euro(p.betragCent)}</td>
          </tr>
        ))}
        {mitSumme ? (
          <tr className="zwischensumme">
            <td>Summe {parzellenTitel(parzelle)}</td>
            <td className="money">{euro(summe)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
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

export function Brief({ verein, texte, eintrag: e, titel, datum, entwurf, zahlscheine }: BriefProps) {
  const mehrereParzellen = e.parzellen.length > 1;
  const nummern = e.parzellen.filter((p) => p.nummer !== '').map((p) => p.nummer);
  const guthaben = e.summeCent < 0;
  const ueberschrift = guthaben ? `Gutschrift – ${titel}` : titel;
  return (
    <div className="brief">
      {entwurf ? <div className="entwurf">ENTWURF</div> : null}
      <VereinsKopf verein={verein} />
      <div className="fenster">
        <div className="absender">{verein.absender}</div>
        {anschriftZeilen(e).map((z, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: address lines may repeat (e.g. empty Anrede)
          <div key={i}>{z}</div>
        ))}
      </div>
      <dl className="meta">
        <dt>Datum</dt>
        <dd>
          {verein.ort ? `${verein.ort}, am ` : ''}
          {formatGermanDate(datum)}
        </dd>
        {nummern.length ? (
          <>
            <dt>{nummern.length > 1 ? 'Parzellen' : 'Parzelle'}</dt>
            <dd>{nummern.join(', ')}</dd>
          </>
        ) : null}
        {!entwurf && e.rechnungsnummer ? (
          <>
            <dt>Rechnungsnummer</dt>
            <dd>{e.rechnungen.length > 1 ? e.rechnungen.map((r) => r.nummer).join(', ') : e.rechnungsnummer}</dd>
          </>
        ) : null}
        {!entwurf && e.zahlungsreferenz && e.rechnungen.length <= 1 && e.summeCent > 0 ? (
          <>
            <dt>Zahlungsreferenz</dt>
            <dd>{formatRf(e.zahlungsreferenz)}</dd>
          </>
        ) : null}
        <dt>Fällig am</dt>
        <dd>{formatGermanDate(e.faelligAm)}</dd>
      </dl>
      <h1>{ueberschrift}</h1>
      <div className="texte">
        <p>{anredeZeile(e)}</p>
        {texte.einleitung ? <p>{texte.einleitung}</p> : null}
      </div>
      {e.parzellen.map((p) => (
        <div key={`${p.parzelleId ?? 'a'}-${p.nummer}`}>
          {mehrereParzellen || p.nummer !== '' ? <h3 className="parzelle">{parzellenTitel(p)}</h3> : null}
          <PositionenTabelle parzelle={p} mitSumme={mehrereParzellen} />
        </div>
      ))}
      <table className="summe">
        <tbody>
          <tr>
            <td>Summe</td>
            <td className="money">{euro(e.summeCent)}</td>
          </tr>
        </tbody>
      </table>
      <p className="faellig">
        {guthaben
          ? 'Guthaben – wird Ihnen gutgeschrieben.'
          : e.summeCent === 0
            ? 'Es ist kein Betrag zu bezahlen.'
            : entwurf
              ? `Fällig am ${formatGermanDate(e.faelligAm)}.`
              : `Bitte überweisen Sie ${euro(e.summeCent)} bis ${formatGermanDate(e.faelligAm)} mit ${
                  zahlscheine.length > 1 ? 'den Zahlungsreferenzen der Zahlscheine' : 'der angegebenen Zahlungsreferenz'
                }.`}
      </p>
      <div className="texte">{texte.schluss ? <p>{texte.schluss}</p> : null}</div>
      {zahlscheine.length ? (
        <div className="zahlscheine">
          {zahlscheine.map((s) => (
            <Zahlschein key={s.nummer} verein={verein} schein={s} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
