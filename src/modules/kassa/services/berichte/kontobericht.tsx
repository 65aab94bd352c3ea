import { formatGermanDate } from '../../../../platform/dates';
import type { Db } from '../../../../platform/db/db';
import { validationFailed } from '../../../../platform/errors';
import { buildWorkbook } from '../../../../platform/excel/excelWriter';
import { type FileResult, xlsxFile } from '../../../../platform/files/fileResult';
import type { AppServices } from '../../../../platform/services';
import type { Kontobericht, KontoberichtEintrag, KontoberichtFilter } from '../../schema/berichte';
import { type BerichtBuchung, berichtBuchungen, nummerName } from './berichtBuchungen';
import { BerichtKopf, berichtPdf, berichtsPeriode, euro, zeitraum } from './berichtLayout';

// Kontobericht(dateFrom, dateTo, buchungskonto, kostenstelle, gruppe, gruppierung, querformat): the
// entries of a date range, filtered and grouped, with sums per group and in total. A booking account
// or cost centre exists once per period; the filter and the grouping take its number, so a range
// across New Year shows "4000 Mitgliedsbeiträge" of both years together.

const MONATE = [
  'Jänner',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

type Gruppe = Kontobericht['gruppen'][number];

function gruppeVon(
  b: BerichtBuchung,
  gruppierung: KontoberichtFilter['gruppierung'],
): { schluessel: string; titel: string } {
  switch (gruppierung) {
    case 'buchungskonto':
      return { schluessel: b.buchungskontoNummer, titel: nummerName(b.buchungskontoNummer, b.buchungskontoName) };
    case 'kostenstelle':
      return b.kostenstelleNummer == null
        ? { schluessel: '', titel: 'Ohne Kostenstelle' }
        : { schluessel: b.kostenstelleNummer, titel: nummerName(b.kostenstelleNummer, b.kostenstelleName) };
    case 'konto':
      return { schluessel: String(b.kontoId), titel: b.kontoName };
    case 'monat':
      return {
        schluessel: b.datum.slice(0, 7),
        titel: `${MONATE[Number(b.datum.slice(5, 7)) - 1]} ${b.datum.slice(0, 4)}`,
      };
    default:
      return { schluessel: '', titel: 'Alle Buchungen' };
  }
}

const summenVon = (eintraege: { betragCent: number }[]) => {
  const einnahmenCent = eintraege.filter((e) => e.betragCent > 0).reduce((s, e) => s + e.betragCent, 0);
  const ausgabenCent = eintraege.filter((e) => e.betragCent < 0).reduce((s, e) => s - e.betragCent, 0);
  return { einnahmenCent, ausgabenCent, summeCent: einnahmenCent - ausgabenCent };
};

/** The number of a booking account or cost centre chosen by id (its number names it in every period). */
async function nummerVon(
  db: Db,
  table: 'buchungskonten' | 'kostenstellen',
  id: number,
  field: string,
): Promise<string> {
  const row = await db(table).where({ id }).first('nummer');
  if (!row) {
    const was = table === 'buchungskonten' ? 'Dieses Buchungskonto' : 'Diese Kostenstelle';
    throw validationFailed({ [field]: [`${was} gibt es nicht (mehr).`] });
  }
  return String(row.nummer);
}

export async function kontoberichtDaten(db: Db, filter: KontoberichtFilter): Promise<Kontobericht> {
  let { dateFrom: von, dateTo: bis } = filter;
  if (!von || !bis) {
    const periode = await berichtsPeriode(db);
    von ??= periode.von;
    bis ??= periode.bis;
  }
  if (von > bis) throw validationFailed({ dateTo: ['Das Ende des Zeitraums liegt vor seinem Anfang.'] });
  if (filter.gruppe !== undefined && !(await db('gruppen').where({ id: filter.gruppe }).first('id'))) {
    throw validationFailed({ gruppe: ['Diese Gruppe gibt es nicht (mehr).'] });
  }
  const buchungen = await berichtBuchungen(db, {
    von,
    bis,
    buchungskontoNummern:
      filter.buchungskonto === undefined
        ? undefined
        : [await nummerVon(db, 'buchungskonten', filter.buchungskonto, 'buchungskonto')],
    kostenstelleNummern:
      filter.kostenstelle === undefined
        ? undefined
        : [await nummerVon(db, 'kostenstellen', filter.kostenstelle, 'kostenstelle')],
    gruppeId: filter.gruppe,
  });

  const gruppen = new Map<string, { titel: string; eintraege: KontoberichtEintrag[] }>();
  for (const b of buchungen) {
    const { schluessel, titel } = gruppeVon(b, filter.gruppierung);
    let g = gruppen.get(schluessel);
    if (!g) {
      g = { titel, eintraege: [] };
      gruppen.set(schluessel, g);
    }
    g.eintraege.push({
      id: b.id,
      belegnummer: b.belegnummer,
      datum: b.datum,
      text: b.text,
      betragCent: b.betragCent,
      buchungskonto: nummerName(b.buchungskontoNummer, b.buchungskontoName),
      kostenstelle: nummerName(b.kostenstelleNummer, b.kostenstelleName),
      konto: b.kontoName,
    });
  }
  const ordnung = (a: [string, { titel: string }], b: [string, { titel: string }]) => {
    // Without a cost centre last; accounts by name; numbers and months in their natural order.
    if (filter.gruppierung === 'kostenstelle' && (a[0] === '' || b[0] === '')) return a[0] === '' ? 1 : -1;
    if (filter.gruppierung === 'konto') return a[1].titel.localeCompare(b[1].titel, 'de');
    return a[0].localeCompare(b[0], 'de', { numeric: true });
  };
  const liste: Gruppe[] = [...gruppen.entries()]
    .sort(ordnung)
    .map(([schluessel, g]) => ({ schluessel, titel: g.titel, eintraege: g.eintraege, ...summenVon(g.eintraege) }));
  return {
    von,
    bis,
    gruppierung: filter.gruppierung,
    gruppen: liste,
    summe: { ...summenVon(buchungen), anzahl: buchungen.length },
  };
}

/** The filter line printed under the title ("Buchungskonto 4000 · Gruppe Nord"). */
async function filterText(db: Db, filter: KontoberichtFilter): Promise<string> {
  const teile: string[] = [];
  if (filter.buchungskonto !== undefined) {
    const r = await db('buchungskonten').where({ id: filter.buchungskonto }).first('nummer', 'name');
    if (r) teile.push(`Buchungskonto ${nummerName(r.nummer, r.name)}`);
  }
  if (filter.kostenstelle !== undefined) {
    const r = await db('kostenstellen').where({ id: filter.kostenstelle }).first('nummer', 'name');
    if (r) teile.push(`Kostenstelle ${nummerName(r.nummer, r.name)}`);
  }
  if (filter.gruppe !== undefined) {
    const r = await db('gruppen').where({ id: filter.gruppe }).first('name');
    if (r) teile.push(`Gruppe ${r.name}`);
  }
  return teile.join(' · ');
}

const GRUPPIERUNG_TEXT: Record<KontoberichtFilter['gruppierung'], string> = {
  buchungskonto: 'nach Buchungskonto',
  kostenstelle: 'nach Kostenstelle',
  konto: 'nach Konto',
  monat: 'nach Monat',
  keine: '',
};

function KontoberichtDruck({ b, vereinsName, filter }: { b: Kontobericht; vereinsName: string; filter: string }) {
  const gruppiert = b.gruppierung !== 'keine';
  return (
    <div>
      <BerichtKopf
        vereinsName={vereinsName}
        titel="Kontobericht"
        untertitel={[zeitraum(b.von, b.bis), filter, GRUPPIERUNG_TEXT[b.gruppierung]].filter(Boolean).join(' · ')}
      />
      <table>
        <thead>
          <tr>
            <th>Beleg</th>
            <th>Datum</th>
            <th>Text</th>
            <th>Buchungskonto</th>
            <th>Kostenstelle</th>
            <th>Konto</th>
            <th className="money">Betrag</th>
          </tr>
        </thead>
        {b.gruppen.map((g) => (
          <tbody key={g.schluessel}>
            {gruppiert ? (
              <tr className="zwischensumme">
                <td colSpan={7}>{g.titel}</td>
              </tr>
            ) : null}
            {g.eintraege.map((e) => (
              <tr key={e.id}>
                <td className="number">{e.belegnummer}</td>
                <td>{formatGermanDate(e.datum)}</td>
                <td>{e.text}</td>
                <td>{e.buchungskonto}</td>
                <td>{e.kostenstelle}</td>
                <td>{e.konto}</td>
                <td className="money">{euro(e.betragCent)}</td>
              </tr>
            ))}
            {gruppiert ? (
              <tr className="summe">
                <td colSpan={6}>
                  Summe {g.titel} (Einnahmen {euro(g.einnahmenCent)}, Ausgaben {euro(g.ausgabenCent)})
                </td>
                <td className="money">{euro(g.summeCent)}</td>
              </tr>
            ) : null}
          </tbody>
        ))}
        <tbody>
          <tr className="summe">
            <td colSpan={6}>
              Gesamtsumme ({b.summe.anzahl} Buchungen; Einnahmen {euro(b.summe.einnahmenCent)}, Ausgaben{' '}
              {euro(b.summe.ausgabenCent)})
            </td>
            <td className="money">{euro(b.summe.summeCent)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

type ExcelZeile = Partial<KontoberichtEintrag> & { gruppe: string };
type ExcelGruppe = {
  titel: string;
  einnahmenCent: number;
  ausgabenCent: number;
  summeCent: number;
  anzahl: number | null;
};

export async function kontoberichtExcel(b: Kontobericht): Promise<Buffer> {
  const zeilen: ExcelZeile[] = b.gruppen.flatMap((g) => g.eintraege.map((e) => ({ gruppe: g.titel, ...e })));
  return buildWorkbook<[ExcelZeile, ExcelGruppe]>([
    {
      name: 'Buchungen',
      columns: [
        { header: 'Gruppe', key: 'gruppe' },
        { header: 'Beleg', key: 'belegnummer', kind: 'integer' },
        { header: 'Datum', key: 'datum', kind: 'date' },
        { header: 'Text', key: 'text' },
        { header: 'Buchungskonto', key: 'buchungskonto' },
        { header: 'Kostenstelle', key: 'kostenstelle' },
        { header: 'Konto', key: 'konto' },
        { header: 'Betrag', key: 'betragCent', kind: 'euro' },
      ],
      rows: [...zeilen, { gruppe: 'Summe', betragCent: b.summe.summeCent }],
    },
    {
      name: 'Summen',
      columns: [
        { header: 'Gruppe', key: 'titel' },
        { header: 'Buchungen', key: 'anzahl', kind: 'integer' },
        { header: 'Einnahmen', key: 'einnahmenCent', kind: 'euro' },
        { header: 'Ausgaben', key: 'ausgabenCent', kind: 'euro' },
        { header: 'Saldo', key: 'summeCent', kind: 'euro' },
      ],
      rows: [...b.gruppen.map((g) => ({ ...g, anzahl: g.eintraege.length })), { titel: 'Summe', ...b.summe }],
    },
  ]);
}

/** GET Kassa/Kontobericht: the report in the asked format (PDF landscape with `querformat`). */
export async function kontobericht(
  services: AppServices,
  db: Db,
  filter: KontoberichtFilter,
): Promise<Kontobericht | FileResult> {
  const b = await kontoberichtDaten(db, filter);
  const fileName = `Kontobericht-${b.von}_${b.bis}`;
  if (filter.format === 'json') return b;
  if (filter.format === 'xlsx') return xlsxFile(await kontoberichtExcel(b), `${fileName}.xlsx`);
  const text = await filterText(db, filter);
  return berichtPdf(services, {
    titel: 'Kontobericht',
    fileName,
    querformat: filter.querformat ?? false,
    body: (vereinsName) => <KontoberichtDruck b={b} vereinsName={vereinsName} filter={text} />,
  });
}
