import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { buildWorkbook, type Column } from '../../../platform/excel/excelWriter';
import { formatEuro } from '../../../platform/money';
import { ListenKopf, listenCss } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { Eintrag, KassabuchAntwort, KassabuchFilter } from '../schema/kassabuch';
import { ladeKassabuch } from './kassabuchLesen';

// The Kassabuch as printed list (A4 landscape) and as Excel workbook, for the filter of the screen:
// the filter in words, every entry with its account's running balance, and the sums — the same
// numbers in both (the Excel cells are numbers, not text). Part S4's audit package calls these.

/** "Summe (1 Buchung)", "Summe (4 Buchungen)". */
const summeText = (anzahl: number) => `Summe (${anzahl} ${anzahl === 1 ? 'Buchung' : 'Buchungen'})`;

const euro = (cent: number) => formatEuro(cent, { nbsp: false }).replace('€ ', '');

const KONTO_OPTION_TEXT: Record<string, string> = {
  ungeprueft: 'nur ungeprüfte',
  geprueft: 'nur geprüfte',
  klaerung: 'nur „offen/zu klären“',
};

/** The filter in German words for the heading, e.g. "Kassa 2026 · Datum 01.01.2026 – 31.03.2026 · Konto Handkassa". */
async function filterText(db: Db, f: KassabuchFilter): Promise<string> {
  const teile: string[] = [];
  const von = (a?: string | number | null, b?: string | number | null, fmt = (x: string | number) => String(x)) =>
    `${a != null ? fmt(a) : '…'} – ${b != null ? fmt(b) : '…'}`;
  const name = async (table: 'konten' | 'buchungskonten' | 'kostenstellen', id: number) =>
    (await db(table).where({ id }).first('name'))?.name ?? `#${id}`;
  if (f.kassaabrechnungID != null)
    teile.push(
      (await db('kassaabrechnungen').where({ id: f.kassaabrechnungID }).first('bezeichnung'))?.bezeichnung ??
        `Kassaabrechnung ${f.kassaabrechnungID}`,
    );
  else teile.push('alle Kassaabrechnungen');
  const datum = (x: string | number) => formatGermanDate(String(x));
  if (f.kassabuchFilterVon || f.kassabuchFilterBis)
    teile.push(`Datum ${von(f.kassabuchFilterVon, f.kassabuchFilterBis, datum)}`);
  if (f.BelegnummerFilterVon != null || f.BelegnummerFilterBis != null)
    teile.push(`Beleg ${von(f.BelegnummerFilterVon, f.BelegnummerFilterBis)}`);
  if (f.BetragFilterVon != null || f.BetragFilterBis != null)
    teile.push(`Betrag ${von(f.BetragFilterVon, f.BetragFilterBis, (x) => euro(Number(x)))}`);
  if (f.RechnungsdatumFilterVon || f.RechnungsdatumFilterBis)
    teile.push(`Rechnungsdatum ${von(f.RechnungsdatumFilterVon, f.RechnungsdatumFilterBis, datum)}`);
  if (f.SelectedKonto != null) teile.push(`Konto ${await name('konten', f.SelectedKonto)}`);
  if (f.Kategorie != null) teile.push(`Buchungskonto ${await name('buchungskonten', f.Kategorie)}`);
  if (f.Kostenstelle != null) teile.push(`Kostenstelle ${await name('kostenstellen', f.Kostenstelle)}`);
  if (f.Bezeichnung) teile.push(`Text enthält „${f.Bezeichnung}“`);
  if (f.Kommentar) teile.push(`Kommentar enthält „${f.Kommentar}“`);
  if (f.entryID != null) teile.push(`Eintrag ${f.entryID}`);
  if (f.parzelleId != null) teile.push(`Parzelle #${f.parzelleId}`);
  if (f.adresseId != null) teile.push(`Adresse #${f.adresseId}`);
  const option = KONTO_OPTION_TEXT[f.kontoOption];
  if (option) teile.push(option);
  return teile.join(' · ');
}

export function KassabuchListe(props: { vereinsName: string; filter: string; datum: string; buch: KassabuchAntwort }) {
  const { eintraege, summe } = props.buch;
  return (
    <div>
      <ListenKopf vereinsName={props.vereinsName} datum={props.datum} titel="Kassabuch" filter={props.filter} />
      <table className="liste">
        <thead>
          <tr>
            <th>Beleg</th>
            <th>Datum</th>
            <th>Konto</th>
            <th>Buchungskonto</th>
            <th>Kostenstelle</th>
            <th>Text</th>
            <th className="n">USt %</th>
            <th className="n">Einnahme</th>
            <th className="n">Ausgabe</th>
            <th className="n">Kontosaldo</th>
            <th>Geprüft</th>
          </tr>
        </thead>
        <tbody>
          {eintraege.map((e) => (
            <tr key={e.id}>
              <td>{e.belegnummer}</td>
              <td>{formatGermanDate(e.datum)}</td>
              <td>{e.kontoName}</td>
              <td>
                {e.buchungskontoNummer} {e.buchungskontoName}
              </td>
              <td>{e.kostenstelleName ?? ''}</td>
              <td>{e.text}</td>
              <td className="n">{e.steuersatz}</td>
              <td className="n">{e.betragCent > 0 ? euro(e.betragCent) : ''}</td>
              <td className="n">{e.betragCent < 0 ? euro(-e.betragCent) : ''}</td>
              <td className="n">{euro(e.kontoSaldoCent)}</td>
              <td>{e.geprueft ? 'ja' : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={7}>{summeText(summe.anzahl)}</td>
            <td className="n">{euro(summe.einnahmenCent)}</td>
            <td className="n">{euro(summe.ausgabenCent)}</td>
            <td className="n">Saldo {euro(summe.saldoCent)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      {eintraege.length === 0 ? <p className="leer">Keine Buchungen.</p> : null}
    </div>
  );
}

/** The Kassabuch PDF (A4 landscape) of the filter. */
export async function kassabuchPdf(services: AppServices, db: Db, filter: KassabuchFilter): Promise<Buffer> {
  const buch = await ladeKassabuch(db, filter);
  return services.pdf.renderElement(
    <KassabuchListe
      vereinsName={await vereinsName(services)}
      filter={await filterText(db, filter)}
      datum={todayIso()}
      buch={buch}
    />,
    { title: 'Kassabuch', css: listenCss, landscape: true, pageNumbers: 'multiPage' },
  );
}

type ExcelZeile = Partial<Eintrag> & { einnahmeCent: number | null; ausgabeCent: number | null };

const COLUMNS: Column<ExcelZeile>[] = [
  { header: 'Beleg', key: 'belegnummer', kind: 'integer' },
  { header: 'Datum', key: 'datum', kind: 'date' },
  { header: 'Konto', key: 'kontoName', kind: 'text' },
  { header: 'Buchungskonto Nr.', key: 'buchungskontoNummer', kind: 'text' },
  { header: 'Buchungskonto', key: 'buchungskontoName', kind: 'text' },
  { header: 'Kostenstelle', key: 'kostenstelleName', kind: 'text' },
  { header: 'Text', key: 'text', kind: 'text' },
  { header: 'Kommentar', key: 'kommentar', kind: 'text' },
  { header: 'Rechnungsdatum', key: 'rechnungsdatum', kind: 'date' },
  { header: 'Parzelle', key: 'parzelleNummer', kind: 'text' },
  { header: 'Adresse', key: 'adresseName', kind: 'text' },
  { header: 'Betrag', key: 'betragCent', kind: 'euro' },
  { header: 'Einnahme', key: 'einnahmeCent', kind: 'euro' },
  { header: 'Ausgabe', key: 'ausgabeCent', kind: 'euro' },
  { header: 'USt %', key: 'steuersatz', kind: 'integer' },
  { header: 'Steuer', key: 'steuerCent', kind: 'euro' },
  { header: 'Netto', key: 'nettoCent', kind: 'euro' },
  { header: 'Kontosaldo', key: 'kontoSaldoCent', kind: 'euro' },
  { header: 'Geprüft', key: (r) => (r.geprueft == null ? null : r.geprueft), kind: 'boolean' },
];

/** The Kassabuch workbook of the filter: one row per entry, then the sums row ("Summe") as numbers. */
export async function kassabuchExcel(db: Db, filter: KassabuchFilter): Promise<Buffer> {
  const { eintraege, summe } = await ladeKassabuch(db, filter);
  const rows: ExcelZeile[] = eintraege.map((e) => ({
    ...e,
    einnahmeCent: e.betragCent > 0 ? e.betragCent : null,
    ausgabeCent: e.betragCent < 0 ? -e.betragCent : null,
  }));
  rows.push({
    text: summeText(summe.anzahl),
    betragCent: summe.saldoCent,
    einnahmeCent: summe.einnahmenCent,
    ausgabeCent: summe.ausgabenCent,
  });
  return buildWorkbook([{ name: 'Kassabuch', columns: COLUMNS, rows }]);
}
