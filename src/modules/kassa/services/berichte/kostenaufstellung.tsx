import type { Db } from '../../../../platform/db/db';
import { buildWorkbook } from '../../../../platform/excel/excelWriter';
import { type FileResult, xlsxFile } from '../../../../platform/files/fileResult';
import type { AppServices } from '../../../../platform/services';
import type { BerichtFormat, Kostenaufstellung } from '../../schema/berichte';
import { summenNach } from '../saldo';
import {
  BerichtKopf,
  berichtPdf,
  berichtPeriode,
  berichtsPeriode,
  dateiTeil,
  SummenTabelle,
  zeitraum,
} from './berichtLayout';

// Kostenaufstellung(kassaabrechnungID): income, expenses and their balance per cost centre of the
// period (saldo.ts summenNach), every cost centre also without entries, and the entries without one
// in a last row "Ohne Kostenstelle".

export async function kostenaufstellungDaten(db: Db, periodeId?: number): Promise<Kostenaufstellung> {
  const periode = await berichtsPeriode(db, periodeId);
  const id = Number(periode.id);
  const kostenstellen = (await db('kostenstellen').where({ kassaabrechnung_id: id }).select('id', 'nummer', 'name'))
    .map((k) => ({ id: Number(k.id), nummer: String(k.nummer), name: String(k.name) }))
    .sort((a, b) => a.nummer.localeCompare(b.nummer, 'de', { numeric: true }) || a.id - b.id);
  const eintraege = (
    await db('kassabuch').where({ kassaabrechnung_id: id }).select('kostenstelle_id', 'betrag_cent')
  ).map((r) => ({
    kostenstelleId: r.kostenstelle_id == null ? null : Number(r.kostenstelle_id),
    betragCent: Number(r.betrag_cent),
  }));
  const ksVon = new Map(kostenstellen.map((k) => [k.id, k]));
  const zeilen = summenNach(
    eintraege,
    (e) => e.kostenstelleId,
    kostenstellen.map((k) => k.id),
  ).map((s) => {
    const ks = s.schluessel === null ? undefined : ksVon.get(s.schluessel);
    return {
      kostenstelleId: s.schluessel,
      nummer: ks?.nummer ?? '',
      name: ks?.name ?? 'Ohne Kostenstelle',
      einnahmenCent: s.einnahmenCent,
      ausgabenCent: s.ausgabenCent,
      summeCent: s.summeCent,
    };
  });
  const einnahmenCent = zeilen.reduce((s, z) => s + z.einnahmenCent, 0);
  const ausgabenCent = zeilen.reduce((s, z) => s + z.ausgabenCent, 0);
  return {
    kassaabrechnung: berichtPeriode(periode),
    kostenstellen: zeilen,
    summe: { einnahmenCent, ausgabenCent, summeCent: einnahmenCent - ausgabenCent },
  };
}

function KostenaufstellungDruck({ b, vereinsName }: { b: Kostenaufstellung; vereinsName: string }) {
  const p = b.kassaabrechnung;
  return (
    <div>
      <BerichtKopf
        vereinsName={vereinsName}
        titel="Kostenaufstellung"
        untertitel={`${p.bezeichnung} · ${zeitraum(p.von, p.bis)}`}
      />
      <SummenTabelle
        was="Kostenstelle"
        zeilen={b.kostenstellen.map((k) => ({ ...k, key: k.kostenstelleId ?? 'ohne' }))}
        summe={b.summe}
      />
    </div>
  );
}

type Zeile = Omit<Kostenaufstellung['kostenstellen'][number], 'kostenstelleId'>;

export async function kostenaufstellungExcel(b: Kostenaufstellung): Promise<Buffer> {
  return buildWorkbook<[Zeile]>([
    {
      name: 'Kostenaufstellung',
      columns: [
        { header: 'Nr.', key: 'nummer' },
        { header: 'Kostenstelle', key: 'name' },
        { header: 'Einnahmen', key: 'einnahmenCent', kind: 'euro' },
        { header: 'Ausgaben', key: 'ausgabenCent', kind: 'euro' },
        { header: 'Saldo', key: 'summeCent', kind: 'euro' },
      ],
      rows: [...b.kostenstellen, { nummer: '', name: 'Summe', ...b.summe }],
    },
  ]);
}

const dateiName = (b: Kostenaufstellung) => `Kostenaufstellung-${dateiTeil(b.kassaabrechnung.bezeichnung)}`;

/** GET Kassa/Kostenaufstellung: the report in the asked format. */
export async function kostenaufstellung(
  services: AppServices,
  db: Db,
  query: { kassaabrechnungID?: number; format: BerichtFormat },
): Promise<Kostenaufstellung | FileResult> {
  const b = await kostenaufstellungDaten(db, query.kassaabrechnungID);
  if (query.format === 'json') return b;
  if (query.format === 'xlsx') return xlsxFile(await kostenaufstellungExcel(b), `${dateiName(b)}.xlsx`);
  return berichtPdf(services, {
    titel: 'Kostenaufstellung',
    fileName: dateiName(b),
    body: (vereinsName) => <KostenaufstellungDruck b={b} vereinsName={vereinsName} />,
  });
}
