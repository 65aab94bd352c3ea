import {
  AnschriftFenster,
  anredeZeile,
  type BriefAnschrift,
  BriefDatum,
  type BriefVerein,
  type BriefZahlschein,
  briefCss,
  VereinsKopf,
  Zahlschein,
} from '../../../platform/brief/briefBausteine';
import { formatGermanDate } from '../../../platform/dates';
import { formatEuro } from '../../../platform/money';
import { formatRf } from '../../../platform/payment';
import { MAHNSTUFE_TITEL } from '../schema/mahnungen';

// The reminder letter (Zahlungserinnerung, Mahnung, Letzte Mahnung): the club's head, the recipient
// in the window (level 3 goes as a registered letter: „Eingeschrieben“ above the address), the
// level's title, a sentence per level and the club's own text (Einstellungen → Texte → Mahnung), a
// table of what is owed — the receivable, what was paid, every fee and interest charged so far with
// its days and rate, the open amount — and a payment slip with the EPC QR code for the amount due now.
// With an instalment plan only the overdue instalments (plus this reminder's fee and interest) are due
// now: the letter asks for them and names the later instalments, which stay due as agreed.
// Level 3 names the consequence: the termination of the sub-lease under § 12 Abs. 2 KlGG.

export type MahnBriefZeile = { text: string; betragCent: number };

export type MahnBriefDaten = {
  stufe: number;
  datum: string;
  nummer: string;
  zahlungsreferenz: string;
  rechnungDatum: string;
  faelligAm: string;
  /** „Fällig seit“: the due date, or with instalments the oldest unpaid instalment's. */
  faelligSeit: string;
  name: string;
  anschrift: BriefAnschrift;
  /** The receivable without reminder fees and interest. */
  hauptforderungCent: number;
  /** Fees and interest charged up to and including this reminder, in order. */
  zuschlaege: MahnBriefZeile[];
  bezahltCent: number;
  offenCent: number;
  /** What the letter asks to pay now (the slip's amount); < offenCent only with instalments. */
  faelligCent: number;
  /** The instalments due after the reminder's day (shown when not everything is due now). */
  weitereRaten: { faelligAm: string; betragCent: number }[];
  /** Pay by this day (the reminder's date plus the club's Zahlungsziel). */
  zahlbarBis: string;
  /** The preview of GET Mahnungen: „ENTWURF“, nothing written yet. */
  entwurf: boolean;
};

export const mahnBriefCss = `${briefCss}
.eingeschrieben { font-weight: bold; letter-spacing: 0.5pt; margin-bottom: 1mm; }
table.mahnung { margin-top: 2mm; }
table.mahnung tr.offen td { font-weight: bold; border-top: 0.8pt solid #000; font-size: 11.5pt; }
.klgg { margin-top: 4mm; padding: 2mm 3mm; border: 0.6pt solid #000; }
`;

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

/** The sentence that opens each level's letter. */
function einleitung(d: MahnBriefDaten & { raten: boolean }): string {
  const rechnung = d.raten
    ? `die vereinbarte Rate unserer Rechnung ${d.nummer} vom ${formatGermanDate(d.rechnungDatum)}, fällig am ${formatGermanDate(d.faelligSeit)}`
    : `unsere Rechnung ${d.nummer} vom ${formatGermanDate(d.rechnungDatum)}, fällig am ${formatGermanDate(d.faelligAm)}`;
  switch (d.stufe) {
    case 1:
      return `bei der Durchsicht unserer Buchhaltung haben wir festgestellt, dass ${rechnung}, noch nicht vollständig bezahlt ist. Sicher haben Sie die Zahlung nur übersehen.`;
    case 2:
      return `trotz unserer Zahlungserinnerung ist ${rechnung}, noch nicht vollständig bezahlt. Wir ersuchen Sie dringend, den offenen Betrag zu überweisen.`;
    default:
      return `trotz Zahlungserinnerung und Mahnung ist ${rechnung}, noch immer nicht vollständig bezahlt. Dies ist unsere letzte Mahnung.`;
  }
}

export function MahnBrief({
  verein,
  text,
  d,
  zahlschein,
}: {
  verein: BriefVerein;
  text: string;
  d: MahnBriefDaten;
  zahlschein: BriefZahlschein | null;
}) {
  const titel = MAHNSTUFE_TITEL[d.stufe] ?? 'Mahnung';
  // Only part is due now (an instalment plan): the letter asks for that part, the rest stays as agreed.
  const teil = d.faelligCent < d.offenCent;
  return (
    <div className="brief">
      {d.entwurf ? <div className="entwurf">ENTWURF</div> : null}
      <VereinsKopf verein={verein} />
      <AnschriftFenster
        verein={verein}
        anschrift={d.anschrift}
        name={d.name}
        vermerk={d.stufe >= 3 ? <div className="eingeschrieben">Eingeschrieben</div> : null}
      />
      <dl className="meta">
        <BriefDatum verein={verein} datum={d.datum} />
        <dt>Rechnungsnummer</dt>
        <dd>{d.nummer}</dd>
        <dt>Zahlungsreferenz</dt>
        <dd>{formatRf(d.zahlungsreferenz)}</dd>
        <dt>Fällig seit</dt>
        <dd>{formatGermanDate(d.faelligSeit)}</dd>
      </dl>
      <h1>{titel}</h1>
      <div className="texte">
        <p>{anredeZeile(d.anschrift)}</p>
        <p>{einleitung({ ...d, raten: teil })}</p>
        {text ? <p>{text}</p> : null}
      </div>
      <table className="positionen mahnung">
        <thead>
          <tr>
            <th>Text</th>
            <th className="money">Betrag</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              Rechnung {d.nummer} vom {formatGermanDate(d.rechnungDatum)}
            </td>
            <td className="money">{euro(d.hauptforderungCent)}</td>
          </tr>
          {d.zuschlaege.map((z, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the charges' order is fixed
            <tr key={i}>
              <td>{z.text}</td>
              <td className="money">{euro(z.betragCent)}</td>
            </tr>
          ))}
          <tr>
            <td>abzüglich bereits bezahlt</td>
            <td className="money">{euro(-d.bezahltCent)}</td>
          </tr>
          <tr className={teil ? undefined : 'offen'}>
            <td>Offener Betrag</td>
            <td className="money">{euro(d.offenCent)}</td>
          </tr>
          {teil ? (
            <tr className="offen">
              <td>davon jetzt fällig</td>
              <td className="money">{euro(d.faelligCent)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p className="faellig">
        Bitte überweisen Sie den {teil ? 'fälligen' : 'offenen'} Betrag von {euro(d.faelligCent)} bis{' '}
        {formatGermanDate(d.zahlbarBis)} mit der angegebenen Zahlungsreferenz. Sollten Sie in der Zwischenzeit bezahlt
        haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.
      </p>
      {teil ? (
        <p className="raten">
          Die weiteren Raten bleiben wie vereinbart fällig
          {d.weitereRaten.length
            ? `: ${d.weitereRaten.map((r) => `${euro(r.betragCent)} am ${formatGermanDate(r.faelligAm)}`).join(', ')} `
            : ' '}
          (zusammen {euro(d.offenCent - d.faelligCent)}).
        </p>
      ) : null}
      {d.stufe >= 3 ? (
        <p className="klgg">
          Wir weisen Sie darauf hin, dass der Verein den Unterpachtvertrag gemäß § 12 Abs. 2 Kleingartengesetz kündigen
          kann, wenn Sie nach dieser Mahnung mit der Zahlung länger als einen Monat im Rückstand sind. Bitte bezahlen
          Sie den {teil ? 'fälligen' : 'offenen'} Betrag daher unbedingt bis {formatGermanDate(d.zahlbarBis)}.
        </p>
      ) : null}
      <div className="texte">
        <p>Mit freundlichen Grüßen{'\n'}der Vorstand</p>
      </div>
      {zahlschein ? (
        <div className="zahlscheine">
          <Zahlschein verein={verein} schein={zahlschein} />
        </div>
      ) : null}
    </div>
  );
}
