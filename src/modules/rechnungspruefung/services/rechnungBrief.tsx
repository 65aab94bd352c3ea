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
  zahlscheinQr,
} from '../../../platform/brief/briefBausteine';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { formatEuro } from '../../../platform/money';
import { formatRf } from '../../../platform/payment';
import type { AppServices } from '../../../platform/services';
import { briefVerein } from '../../vereinseinstellungen/services';
import type { Rechnung } from '../schema/rechnung';

// GET Rechnungen: the invoice letter of a receivable as it stands today — head, window, number,
// date, due date, positions, Summe, what has been paid and what is still open, and a payment slip
// with the EPC QR code for the OPEN amount (none when nothing is open or for a credit note). One
// PDF for all the selected, each letter on its own page.

const euro = (cent: number) => formatEuro(cent, { nbsp: false });

const LEERE_ANSCHRIFT: BriefAnschrift = {
  anrede: '',
  titel: '',
  vorname: '',
  nachname: '',
  strasse: '',
  plz: '',
  ort: '',
  land: '',
};

/**
 * The postal addresses of the given addresses (the window of a letter). Read from Stammdaten's
 * table directly, as the billing runs' letters do: a read of columns, no logic of Stammdaten.
 */
export async function briefAnschriften(db: Db, ids: readonly number[]): Promise<Map<number, BriefAnschrift>> {
  const out = new Map<number, BriefAnschrift>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db('adressen')
      .whereIn('id', unique.slice(i, i + 500))
      .select('id', 'anrede', 'titel', 'vorname', 'nachname', 'strasse', 'plz', 'ort', 'land');
    for (const r of rows)
      out.set(Number(r.id), {
        anrede: r.anrede ?? '',
        titel: r.titel ?? '',
        vorname: r.vorname ?? '',
        nachname: r.nachname ?? '',
        strasse: r.strasse ?? '',
        plz: r.plz ?? '',
        ort: r.ort ?? '',
        land: r.land ?? '',
      });
  }
  return out;
}

/** One recipient's address for a letter; a removed address gives an empty one (the window shows the billed name). */
export async function briefAnschrift(db: Db, adresseId: number): Promise<BriefAnschrift> {
  return (await briefAnschriften(db, [adresseId])).get(adresseId) ?? LEERE_ANSCHRIFT;
}

export const rechnungBriefCss = `${briefCss}
table.positionen { width: 100%; border-collapse: collapse; }
table.positionen td { padding: 0.8mm 0; border-bottom: 0.3pt solid #bbb; }
table.positionen td.money, table.summe td.money { text-align: right; white-space: nowrap; }
table.summe { width: 100%; border-collapse: collapse; }
table.summe tr.offen td { font-weight: bold; }
table.summe tr.klein td { font-weight: normal; font-size: 10pt; border-top: none; }
`;

const ART_TITEL: Record<Rechnung['art'], string> = {
  Zahlungsvorschreibung: 'Zahlungsvorschreibung',
  Wasserrechnung: 'Wasserrechnung',
  Gruppenrechnung: 'Rechnung',
  WeitereMitgliedschaft: 'Rechnung',
  manuell: 'Rechnung',
};

function RechnungBrief(props: {
  verein: BriefVerein;
  r: Rechnung;
  anschrift: BriefAnschrift;
  schein: BriefZahlschein | null;
}) {
  const { verein, r, anschrift, schein } = props;
  const gutschrift = r.betragCent < 0;
  return (
    <div className="brief page-break">
      <VereinsKopf verein={verein} />
      <AnschriftFenster verein={verein} anschrift={anschrift} name={r.adresseName} />
      <dl className="meta">
        <BriefDatum verein={verein} datum={r.datum} />
        {r.parzelleNummer ? (
          <>
            <dt>Parzelle</dt>
            <dd>{r.parzelleNummer}</dd>
          </>
        ) : null}
        <dt>Rechnungsnummer</dt>
        <dd>{r.nummer}</dd>
        {!gutschrift ? (
          <>
            <dt>Zahlungsreferenz</dt>
            <dd>{formatRf(r.zahlungsreferenz)}</dd>
          </>
        ) : null}
        <dt>Fällig am</dt>
        <dd>{formatGermanDate(r.faelligAm)}</dd>
      </dl>
      <h1>
        {gutschrift ? 'Gutschrift' : ART_TITEL[r.art]} {r.nummer}
      </h1>
      <div className="texte">
        <p>{anredeZeile(anschrift)}</p>
      </div>
      <table className="positionen">
        <tbody>
          {r.positionen.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receivable may repeat a text; the order is fixed
            <tr key={i}>
              <td>{p.text}</td>
              <td className="money">{euro(p.betragCent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="summe">
        <tbody>
          <tr>
            <td>Summe</td>
            <td className="money">{euro(r.betragCent)}</td>
          </tr>
          {r.bezahltCent !== 0 ? (
            <tr className="klein">
              <td>bereits bezahlt</td>
              <td className="money">{euro(r.bezahltCent)}</td>
            </tr>
          ) : null}
          {r.bezahltCent !== 0 ? (
            <tr className="offen">
              <td>offen</td>
              <td className="money">{euro(r.offenCent)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p className="faellig">
        {r.offenCent === 0
          ? 'Die Rechnung ist bezahlt. Vielen Dank!'
          : r.offenCent < 0
            ? 'Guthaben – wird Ihnen gutgeschrieben.'
            : r.raten.length
              ? // An instalment plan replaces the single due date: the letter must not ask for everything at once.
                `Vereinbart ist die Zahlung in Raten: ${r.raten
                  .map((rate) => `${euro(rate.betragCent)} bis ${formatGermanDate(rate.faelligAm)}`)
                  .join(
                    ', ',
                  )}. Bitte überweisen Sie jede Rate bis zu ihrem Termin mit der angegebenen Zahlungsreferenz.`
              : `Bitte überweisen Sie ${euro(r.offenCent)} bis ${formatGermanDate(r.faelligAm)} mit der angegebenen Zahlungsreferenz.`}
      </p>
      {schein ? (
        <div className="zahlscheine">
          <Zahlschein verein={verein} schein={schein} />
        </div>
      ) : null}
    </div>
  );
}

/** One PDF with the invoice letters of the receivables (in the given order). */
export async function rechnungenPdf(services: AppServices, db: Db, rechnungen: readonly Rechnung[]): Promise<Buffer> {
  const verein = await briefVerein(services, db);
  const anschriften = await briefAnschriften(
    db,
    rechnungen.map((r) => r.adresseId),
  );
  const briefe = await Promise.all(
    rechnungen.map(async (r) => ({
      r,
      anschrift: anschriften.get(r.adresseId) ?? LEERE_ANSCHRIFT,
      schein:
        r.offenCent > 0
          ? {
              nummer: r.nummer,
              zahlungsreferenz: r.zahlungsreferenz,
              betragCent: r.offenCent,
              qr: await zahlscheinQr(verein, r.offenCent, r.zahlungsreferenz),
            }
          : null,
    })),
  );
  return services.pdf.renderElement(
    <div>
      {briefe.map((b) => (
        <RechnungBrief key={b.r.id} verein={verein} r={b.r} anschrift={b.anschrift} schein={b.schein} />
      ))}
    </div>,
    { title: rechnungen.length === 1 ? `Rechnung ${rechnungen[0]!.nummer}` : 'Rechnungen', css: rechnungBriefCss },
  );
}

export const rechnungenDateiName = (rechnungen: readonly Rechnung[], datum: string) =>
  rechnungen.length === 1 ? `Rechnung_${rechnungen[0]!.nummer}.pdf` : `Rechnungen_${datum}.pdf`;
