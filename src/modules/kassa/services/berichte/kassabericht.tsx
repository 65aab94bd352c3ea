import type { Db } from '../../../../platform/db/db';
import { buildWorkbook } from '../../../../platform/excel/excelWriter';
import { type FileResult, xlsxFile } from '../../../../platform/files/fileResult';
import type { AppServices } from '../../../../platform/services';
import type { BerichtFormat, Kassabericht } from '../../schema/berichte';
import type { KassaabrechnungRow } from '../../tables';
import { summenNach } from '../saldo';
import { istWahr } from '../standardPeriode';
import { pruefeHashKette, pruefZeile, saldenMeldungen } from '../verify';
import {
  BerichtKopf,
  berichtPdf,
  berichtPeriode,
  berichtsPeriode,
  dateiTeil,
  euro,
  SummenTabelle,
  zeitraum,
} from './berichtLayout';
import { periodenSalden, pruefePeriode, vorperiode } from './periodenSalden';

// Kassabericht(kassaabrechnungID): per account opening, income, expenses, closing; per booking
// account the sums; the integrity line (hash chain and balances). JSON, PDF and Excel carry the
// same numbers: all three are printed from the one `Kassabericht` object.

export async function kassaberichtDaten(db: Db, periodeId?: number): Promise<Kassabericht> {
  const periode = await berichtsPeriode(db, periodeId);
  const id = Number(periode.id);
  const salden = await periodenSalden(db, id);
  const pruefung = await pruefePeriode(db, periode, salden);
  const kette = await pruefeHashKette(db);

  const bkRows = await db('buchungskonten')
    .where({ kassaabrechnung_id: id })
    .select('id', 'nummer', 'name', 'art', 'geloescht');
  const eintraege = (
    await db('kassabuch').where({ kassaabrechnung_id: id }).select('buchungskonto_id', 'betrag_cent')
  ).map((r) => ({ buchungskontoId: Number(r.buchungskonto_id), betragCent: Number(r.betrag_cent) }));
  const benutzt = new Set(eintraege.map((e) => e.buchungskontoId));
  // Deleted booking accounts only when entries use them (a used one is only marked deleted).
  const buchungskonten = bkRows
    .filter((b) => !istWahr(b.geloescht) || benutzt.has(Number(b.id)))
    .map((b) => ({ id: Number(b.id), nummer: String(b.nummer), name: String(b.name), art: String(b.art) }))
    .sort((a, b) => a.nummer.localeCompare(b.nummer, 'de', { numeric: true }) || a.id - b.id);
  const bkVon = new Map(buchungskonten.map((b) => [b.id, b]));
  const summen = summenNach(
    eintraege,
    (e) => e.buchungskontoId,
    buchungskonten.map((b) => b.id),
  );

  const vor = await vorperiode(db, periode);
  const namen = new Map(salden.konten.map((k) => [k.id, k.name]));
  const fehler = saldenMeldungen(
    pruefung,
    (kontoId) => namen.get(kontoId) ?? `Konto ${kontoId}`,
    vor ? `von ${vor.bezeichnung}` : undefined,
  );
  const total = (key: 'anfangCent' | 'einnahmenCent' | 'ausgabenCent' | 'endeCent') =>
    salden.zeilen.reduce((sum, z) => sum + z[key], 0);

  return {
    kassaabrechnung: berichtPeriode(periode),
    konten: salden.zeilen.map((z) => ({
      kontoId: z.kontoId,
      name: z.name,
      anfangCent: z.anfangCent,
      einnahmenCent: z.einnahmenCent,
      ausgabenCent: z.ausgabenCent,
      endeCent: z.endeCent,
    })),
    buchungskonten: summen.map((s) => {
      const bk = s.schluessel === null ? undefined : bkVon.get(s.schluessel);
      return {
        buchungskontoId: s.schluessel ?? 0,
        nummer: bk?.nummer ?? '',
        name: bk?.name ?? 'Buchungskonto einer anderen Kassaabrechnung',
        art: bk?.art ?? '',
        einnahmenCent: s.einnahmenCent,
        ausgabenCent: s.ausgabenCent,
        summeCent: s.summeCent,
      };
    }),
    summe: {
      anfangCent: total('anfangCent'),
      einnahmenCent: total('einnahmenCent'),
      ausgabenCent: total('ausgabenCent'),
      endeCent: total('endeCent'),
      anzahl: salden.buchungen.length,
    },
    pruefung: {
      kette,
      salden: { ...pruefung.salden, stimmt: fehler.length === 0, uebertrag: pruefung.uebertrag },
      zeile: pruefZeile(kette, fehler),
    },
  };
}

function KassaberichtDruck({ b, vereinsName }: { b: Kassabericht; vereinsName: string }) {
  const p = b.kassaabrechnung;
  const ok = b.pruefung.kette.intakt && b.pruefung.salden.stimmt;
  return (
    <div>
      <BerichtKopf
        vereinsName={vereinsName}
        titel="Kassabericht"
        untertitel={`${p.bezeichnung} · ${zeitraum(p.von, p.bis)}${p.geschlossen ? ' · abgeschlossen' : ''}`}
      />
      <h2>Konten</h2>
      <table>
        <thead>
          <tr>
            <th>Konto</th>
            <th className="money">Anfangsbestand</th>
            <th className="money">Einnahmen</th>
            <th className="money">Ausgaben</th>
            <th className="money">Endbestand</th>
          </tr>
        </thead>
        <tbody>
          {b.konten.map((k) => (
            <tr key={k.kontoId}>
              <td>{k.name}</td>
              <td className="money">{euro(k.anfangCent)}</td>
              <td className="money">{euro(k.einnahmenCent)}</td>
              <td className="money">{euro(k.ausgabenCent)}</td>
              <td className="money">{euro(k.endeCent)}</td>
            </tr>
          ))}
          <tr className="summe">
            <td>Summe ({b.summe.anzahl} Buchungen)</td>
            <td className="money">{euro(b.summe.anfangCent)}</td>
            <td className="money">{euro(b.summe.einnahmenCent)}</td>
            <td className="money">{euro(b.summe.ausgabenCent)}</td>
            <td className="money">{euro(b.summe.endeCent)}</td>
          </tr>
        </tbody>
      </table>
      <h2>Buchungskonten</h2>
      <SummenTabelle
        was="Buchungskonto"
        zeilen={b.buchungskonten.map((k) => ({ ...k, key: k.buchungskontoId }))}
        summe={{ ...b.summe, summeCent: b.summe.einnahmenCent - b.summe.ausgabenCent }}
      />
      <div className={ok ? 'pruefung' : 'pruefung fehler'}>
        <p>
          <strong>Prüfung:</strong> {b.pruefung.zeile}
        </p>
        {b.pruefung.kette.anzahl > 0 ? (
          <p className="klein">
            Kettenende: <span className="hash">{b.pruefung.kette.kopf}</span>
          </p>
        ) : null}
        {p.kettenKopf ? (
          <p className="klein">
            Beim Abschluss festgehalten: <span className="hash">{p.kettenKopf}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

type KontoZeile =
  | Kassabericht['konten'][number]
  | { name: string; anfangCent: number; einnahmenCent: number; ausgabenCent: number; endeCent: number };
type BkZeile = { nummer: string; name: string; einnahmenCent: number; ausgabenCent: number; summeCent: number };

export async function kassaberichtExcel(b: Kassabericht): Promise<Buffer> {
  const kontoSumme: KontoZeile = { name: 'Summe', ...b.summe };
  const bkSumme: BkZeile = {
    nummer: '',
    name: 'Summe',
    einnahmenCent: b.summe.einnahmenCent,
    ausgabenCent: b.summe.ausgabenCent,
    summeCent: b.summe.einnahmenCent - b.summe.ausgabenCent,
  };
  return buildWorkbook<[KontoZeile, BkZeile, { text: string }]>([
    {
      name: 'Konten',
      columns: [
        { header: 'Konto', key: 'name' },
        { header: 'Anfangsbestand', key: 'anfangCent', kind: 'euro' },
        { header: 'Einnahmen', key: 'einnahmenCent', kind: 'euro' },
        { header: 'Ausgaben', key: 'ausgabenCent', kind: 'euro' },
        { header: 'Endbestand', key: 'endeCent', kind: 'euro' },
      ],
      rows: [...b.konten, kontoSumme],
    },
    {
      name: 'Buchungskonten',
      columns: [
        { header: 'Nr.', key: 'nummer' },
        { header: 'Buchungskonto', key: 'name' },
        { header: 'Einnahmen', key: 'einnahmenCent', kind: 'euro' },
        { header: 'Ausgaben', key: 'ausgabenCent', kind: 'euro' },
        { header: 'Saldo', key: 'summeCent', kind: 'euro' },
      ],
      rows: [...b.buchungskonten, bkSumme],
    },
    {
      name: 'Prüfung',
      columns: [{ header: `${b.kassaabrechnung.bezeichnung}: Prüfung`, key: 'text', kind: 'text' }],
      rows: [
        { text: b.pruefung.zeile },
        ...(b.pruefung.kette.anzahl ? [{ text: `Kettenende: ${b.pruefung.kette.kopf}` }] : []),
      ],
    },
  ]);
}

export async function kassaberichtPdf(services: AppServices, b: Kassabericht): Promise<FileResult> {
  return berichtPdf(services, {
    titel: `Kassabericht ${b.kassaabrechnung.bezeichnung}`,
    fileName: fileName(b.kassaabrechnung),
    body: (vereinsName) => <KassaberichtDruck b={b} vereinsName={vereinsName} />,
  });
}

const fileName = (p: Pick<KassaabrechnungRow, 'bezeichnung'>) => `Kassabericht-${dateiTeil(p.bezeichnung)}`;

/** GET Kassa/Kassabericht: the report in the asked format. */
export async function kassabericht(
  services: AppServices,
  db: Db,
  query: { kassaabrechnungID?: number; format: BerichtFormat },
): Promise<Kassabericht | FileResult> {
  const b = await kassaberichtDaten(db, query.kassaabrechnungID);
  if (query.format === 'json') return b;
  if (query.format === 'xlsx') return xlsxFile(await kassaberichtExcel(b), `${fileName(b.kassaabrechnung)}.xlsx`);
  return kassaberichtPdf(services, b);
}
