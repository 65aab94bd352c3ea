import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { buildWorkbook, type Column } from '../../../platform/excel/excelWriter';
import { formatEuro } from '../../../platform/money';
import { ListenKopf, listenCss } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { Rechnung, RechnungFilter } from '../schema/rechnung';
import type { Rechnungsuebersicht } from '../schema/rechnungsuebersicht';

// The Rechnungsübersicht as printed list (A4 landscape) and as Excel workbook: the filter in words,
// one row per receivable, the sums — the same numbers as the screen's json (the Excel cells are
// numbers, not text).

const euro = (cent: number) => formatEuro(cent, { nbsp: false }).replace('€ ', '');
const STATUS_TEXT: Record<Rechnung['status'], string> = {
  offen: 'offen',
  teilbezahlt: 'teilbezahlt',
  bezahlt: 'bezahlt',
};
const ART_TEXT: Record<Rechnung['art'], string> = {
  Zahlungsvorschreibung: 'Zahlungsvorschreibung',
  Wasserrechnung: 'Wasserrechnung',
  Gruppenrechnung: 'Gruppenrechnung',
  WeitereMitgliedschaft: 'Weitere Mitgliedschaft',
  manuell: 'manuell',
};

/** "Summe (1 Rechnung)", "Summe (17 Rechnungen)". */
const summeText = (anzahl: number) => `Summe (${anzahl} ${anzahl === 1 ? 'Rechnung' : 'Rechnungen'})`;

/** The filter in German words, e.g. „Datum 01.01.2026 – … · nur offene · Text enthält „Huber““. */
export async function uebersichtFilterText(db: Db, f: Partial<RechnungFilter>): Promise<string> {
  const teile: string[] = [];
  const d = (x?: string) => (x ? formatGermanDate(x) : '…');
  if (f.DatumVon || f.DatumBis) teile.push(`Datum ${d(f.DatumVon)} – ${d(f.DatumBis)}`);
  if (f.Bezeichnung) teile.push(`Suche „${f.Bezeichnung}“`);
  if (f.ParzellenID)
    teile.push(
      `Parzelle ${(await db('parzellen').where('id', f.ParzellenID).first('nummer'))?.nummer ?? f.ParzellenID}`,
    );
  if (f.AdressenID) {
    const r = await db('rechnungen').where('adresse_id', f.AdressenID).orderBy('id', 'desc').first('adresse_name');
    teile.push(`Adresse ${r?.adresse_name ?? `#${f.AdressenID}`}`);
  }
  if (f.GruppenID)
    teile.push(`Gruppe ${(await db('gruppen').where('id', f.GruppenID).first('name'))?.name ?? f.GruppenID}`);
  if (f.Art?.length) teile.push(`Art ${f.Art.map((a) => ART_TEXT[a]).join(', ')}`);
  if (f.Status?.length) teile.push(`Status ${f.Status.join(', ')}`);
  if (f.Mahnstufe != null) teile.push(`Mahnstufe ${f.Mahnstufe}`);
  if (f.IsOffen ?? !f.Status?.length) teile.push('nur offene');
  if (f.IsFaellig) teile.push('nur fällige');
  return teile.length ? teile.join(' · ') : 'alle Rechnungen';
}

function UebersichtListe(props: { vereinsName: string; filter: string; datum: string; u: Rechnungsuebersicht }) {
  const { zeilen, summen } = props.u;
  return (
    <div>
      <ListenKopf
        vereinsName={props.vereinsName}
        datum={props.datum}
        titel="Rechnungsübersicht"
        filter={props.filter}
      />
      <table className="liste">
        <thead>
          <tr>
            <th>Nummer</th>
            <th>Datum</th>
            <th>Name</th>
            <th>Parzelle</th>
            <th>Art</th>
            <th className="n">Betrag</th>
            <th className="n">Bezahlt</th>
            <th className="n">Offen</th>
            <th>Fällig am</th>
            <th className="n">Mahnstufe</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {zeilen.map((r) => (
            <tr key={r.id}>
              <td>{r.nummer}</td>
              <td>{formatGermanDate(r.datum)}</td>
              <td>{r.adresseName}</td>
              <td>{r.parzelleNummer ?? ''}</td>
              <td>{ART_TEXT[r.art]}</td>
              <td className="n">{euro(r.betragCent)}</td>
              <td className="n">{euro(r.bezahltCent)}</td>
              <td className="n">{euro(r.offenCent)}</td>
              <td>{formatGermanDate(r.faelligAm)}</td>
              <td className="n">{r.mahnstufe}</td>
              <td>{STATUS_TEXT[r.status]}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={5}>{summeText(summen.anzahl)}</td>
            <td className="n">{euro(summen.betragCent)}</td>
            <td className="n">{euro(summen.bezahltCent)}</td>
            <td className="n">{euro(summen.offenCent)}</td>
            <td colSpan={3}>davon überfällig {euro(summen.ueberfaelligCent)}</td>
          </tr>
        </tfoot>
      </table>
      {zeilen.length === 0 ? <p className="leer">Keine Rechnungen.</p> : null}
    </div>
  );
}

/** The overview PDF (A4 landscape). */
export async function rechnungsuebersichtPdf(
  services: AppServices,
  db: Db,
  filter: Partial<RechnungFilter>,
  u: Rechnungsuebersicht,
): Promise<Buffer> {
  return services.pdf.renderElement(
    <UebersichtListe
      vereinsName={await vereinsName(services)}
      filter={await uebersichtFilterText(db, filter)}
      datum={todayIso()}
      u={u}
    />,
    { title: 'Rechnungsübersicht', css: listenCss, landscape: true, pageNumbers: 'multiPage' },
  );
}

type ExcelZeile = Partial<Rechnung> & { artText?: string; statusText?: string };

const COLUMNS: Column<ExcelZeile>[] = [
  { header: 'Nummer', key: 'nummer', kind: 'text' },
  { header: 'Datum', key: 'datum', kind: 'date' },
  { header: 'Name', key: 'adresseName', kind: 'text' },
  { header: 'Parzelle', key: 'parzelleNummer', kind: 'text' },
  { header: 'Art', key: 'artText', kind: 'text' },
  { header: 'Betrag', key: 'betragCent', kind: 'euro' },
  { header: 'Bezahlt', key: 'bezahltCent', kind: 'euro' },
  { header: 'Offen', key: 'offenCent', kind: 'euro' },
  { header: 'Überfällig', key: 'ueberfaelligCent', kind: 'euro' },
  { header: 'Fällig am', key: 'faelligAm', kind: 'date' },
  { header: 'Mahnstufe', key: 'mahnstufe', kind: 'integer' },
  { header: 'Status', key: 'statusText', kind: 'text' },
  { header: 'Zahlungsreferenz', key: 'zahlungsreferenz', kind: 'text' },
];

/** The overview workbook: one row per receivable, then the sums row („Summe (n Rechnungen)“) as numbers. */
export async function rechnungsuebersichtExcel(u: Rechnungsuebersicht): Promise<Buffer> {
  const rows: ExcelZeile[] = u.zeilen.map((r) => ({
    ...r,
    artText: ART_TEXT[r.art],
    statusText: STATUS_TEXT[r.status],
  }));
  rows.push({
    nummer: summeText(u.summen.anzahl),
    betragCent: u.summen.betragCent,
    bezahltCent: u.summen.bezahltCent,
    offenCent: u.summen.offenCent,
    ueberfaelligCent: u.summen.ueberfaelligCent,
  });
  return buildWorkbook([{ name: 'Rechnungsübersicht', columns: COLUMNS, rows }]);
}
