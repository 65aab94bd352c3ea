import { currentYear, formatGermanDate } from '../../../../platform/dates';
import type { Db } from '../../../../platform/db/db';
import { buildWorkbook } from '../../../../platform/excel/excelWriter';
import { type FileResult, xlsxFile } from '../../../../platform/files/fileResult';
import type { AppServices } from '../../../../platform/services';
import type { AnlageberichtAntwort, AnlageberichtFilter } from '../../schema/anlagen';
import { anlagebericht } from '../anlagebericht';
import { alleAnlagen, geringwertigGrenzeCent } from '../anlagen';
import { BerichtKopf, berichtPdf, euro } from './berichtLayout';

// Anlagebericht(jahr, kategorien, historisch, excel, anzahlJahre): the Anlagenspiegel of a year
// (book value at start, additions, depreciation, disposals, book value at end per asset) and the
// depreciation forecast of the following years (services/anlagebericht.ts).

export const PROGNOSE_JAHRE = 5;

export async function anlageberichtDaten(
  db: Db,
  filter: Omit<AnlageberichtFilter, 'format' | 'excel'>,
): Promise<AnlageberichtAntwort> {
  const jahr = filter.jahr ?? currentYear();
  const grenze = await geringwertigGrenzeCent(db);
  const kategorien = filter.kategorien ?? [];
  const historisch = filter.historisch ?? false;
  const bericht = anlagebericht(await alleAnlagen(db), jahr, {
    geringwertigGrenzeCent: grenze,
    historisch,
    anzahlJahre: filter.anzahlJahre ?? PROGNOSE_JAHRE,
    kategorien,
  });
  return { ...bericht, kategorien, historisch, geringwertigGrenzeCent: grenze };
}

const SPALTEN = [
  ['buchwertAnfangCent', 'Buchwert 1.1.'],
  ['zugangCent', 'Zugang'],
  ['afaCent', 'AfA'],
  ['abgangCent', 'Abgang'],
  ['buchwertEndeCent', 'Buchwert 31.12.'],
] as const;

function AnlageberichtDruck({ b, vereinsName }: { b: AnlageberichtAntwort; vereinsName: string }) {
  const untertitel = [
    `Geschäftsjahr ${b.jahr}`,
    b.kategorien.length ? `Kategorien: ${b.kategorien.join(', ')}` : 'alle Kategorien',
    b.historisch ? 'mit früher ausgeschiedenen Anlagen' : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div>
      <BerichtKopf vereinsName={vereinsName} titel={`Anlagebericht ${b.jahr}`} untertitel={untertitel} />
      <table>
        <thead>
          <tr>
            <th>Anlage</th>
            <th>Kategorie</th>
            <th>Angeschafft</th>
            <th className="money">Anschaffungskosten</th>
            {SPALTEN.map(([key, label]) => (
              <th key={key} className="money">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {b.anlagen.map((a) => (
            <tr key={a.id}>
              <td>
                {a.bezeichnung}
                {a.abgangsdatum ? <span className="klein"> (Abgang {formatGermanDate(a.abgangsdatum)})</span> : null}
              </td>
              <td>{a.kategorie ?? ''}</td>
              <td>{formatGermanDate(a.anschaffungsdatum)}</td>
              <td className="money">{euro(a.anschaffungskostenCent)}</td>
              {SPALTEN.map(([key]) => (
                <td key={key} className="money">
                  {euro(a[key])}
                </td>
              ))}
            </tr>
          ))}
          <tr className="summe">
            <td colSpan={4}>Summe ({b.anlagen.length} Anlagen)</td>
            {SPALTEN.map(([key]) => (
              <td key={key} className="money">
                {euro(b.summe[key])}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {b.anlagen.length === 0 ? <p className="leer">Keine Anlagen in diesem Jahr.</p> : null}
      {b.prognose.length ? (
        <>
          <h2>Vorschau der Abschreibungen</h2>
          <table style={{ width: 'auto' }}>
            <thead>
              <tr>
                <th>Jahr</th>
                <th className="money">AfA</th>
              </tr>
            </thead>
            <tbody>
              {b.prognose.map((p) => (
                <tr key={p.jahr}>
                  <td>{p.jahr}</td>
                  <td className="money">{euro(p.afaCent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <p className="klein">
        Lineare Abschreibung; Halbjahresregel (Anschaffung nach dem 30. Juni: halbe Jahres-AfA); geringwertige
        Wirtschaftsgüter bis {euro(b.geringwertigGrenzeCent)} werden im Anschaffungsjahr voll abgeschrieben.
      </p>
    </div>
  );
}

type Zeile = Partial<AnlageberichtAntwort['anlagen'][number]> & { bezeichnung: string };

export async function anlageberichtExcel(b: AnlageberichtAntwort): Promise<Buffer> {
  return buildWorkbook<[Zeile, { jahr: number; afaCent: number }]>([
    {
      name: `Anlagebericht ${b.jahr}`,
      columns: [
        { header: 'Anlage', key: 'bezeichnung' },
        { header: 'Kategorie', key: 'kategorie' },
        { header: 'Angeschafft', key: 'anschaffungsdatum', kind: 'date' },
        { header: 'Abgang', key: 'abgangsdatum', kind: 'date' },
        { header: 'Anschaffungskosten', key: 'anschaffungskostenCent', kind: 'euro' },
        ...SPALTEN.map(([key, header]) => ({ header, key, kind: 'euro' as const })),
      ],
      rows: [...b.anlagen, { bezeichnung: 'Summe', ...b.summe }],
    },
    {
      name: 'Vorschau',
      columns: [
        { header: 'Jahr', key: 'jahr', kind: 'integer' },
        { header: 'AfA', key: 'afaCent', kind: 'euro' },
      ],
      rows: b.prognose,
    },
  ]);
}

export async function anlageberichtPdf(services: AppServices, b: AnlageberichtAntwort): Promise<FileResult> {
  return berichtPdf(services, {
    titel: `Anlagebericht ${b.jahr}`,
    fileName: `Anlagebericht-${b.jahr}`,
    querformat: true,
    body: (vereinsName) => <AnlageberichtDruck b={b} vereinsName={vereinsName} />,
  });
}

/** GET Kassa/Anlagebericht: `excel=true` is the spec's way to ask for the spreadsheet (format=xlsx). */
export async function anlageberichtBericht(
  services: AppServices,
  db: Db,
  filter: AnlageberichtFilter,
): Promise<AnlageberichtAntwort | FileResult> {
  const b = await anlageberichtDaten(db, filter);
  const format = filter.excel ? 'xlsx' : filter.format;
  if (format === 'json') return b;
  if (format === 'xlsx') return xlsxFile(await anlageberichtExcel(b), `Anlagebericht-${b.jahr}.xlsx`);
  return anlageberichtPdf(services, b);
}
