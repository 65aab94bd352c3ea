import type { Db } from '../../../../platform/db/db';
import { conflict, validationFailed } from '../../../../platform/errors';
import { buildWorkbook } from '../../../../platform/excel/excelWriter';
import { type FileResult, xlsxFile } from '../../../../platform/files/fileResult';
import type { AppServices } from '../../../../platform/services';
import { readSection } from '../../../vereinseinstellungen/services';
import type { Steuerbericht, SteuerberichtFilter } from '../../schema/berichte';
import { type SteuerSumme, steuerbericht } from '../steuer';
import { berichtBuchungen } from './berichtBuchungen';
import { BerichtKopf, berichtPdf, berichtPeriode, berichtsPeriode, dateiTeil, euro, zeitraum } from './berichtLayout';

// Steuerbericht: per tax rate the gross, net and tax of income and of expenses (services/steuer.ts),
// of a period or a date range. Only for a club that is liable to tax (Vereinseinstellungen
// optionenKassa.steuerpflichtig); otherwise 409 `steuer_nicht_aktiv`, as the menu hides the report.

export const STEUER_NICHT_AKTIV = 'steuer_nicht_aktiv';

/** 409 unless the club's tax flag is set. */
export async function assertSteuerAktiv(db: Db): Promise<void> {
  if (!(await readSection(db, 'optionenKassa')).steuerpflichtig) {
    throw conflict(
      'Der Verein ist nicht steuerpflichtig: Es gibt keinen Steuerbericht.',
      'Die Umsatzsteuer wird erst ausgewiesen, wenn sie unter Grundeinstellungen → Vereinseinstellungen → Kassa („Verein ist umsatzsteuerpflichtig“) eingeschaltet ist.',
      STEUER_NICHT_AKTIV,
    );
  }
}

const plus = (a: SteuerSumme, b: SteuerSumme): SteuerSumme => ({
  bruttoCent: a.bruttoCent + b.bruttoCent,
  nettoCent: a.nettoCent + b.nettoCent,
  steuerCent: a.steuerCent + b.steuerCent,
});
const NULL: SteuerSumme = { bruttoCent: 0, nettoCent: 0, steuerCent: 0 };

export async function steuerberichtDaten(db: Db, filter: Omit<SteuerberichtFilter, 'format'>): Promise<Steuerbericht> {
  await assertSteuerAktiv(db);
  let von: string;
  let bis: string;
  let periode: Steuerbericht['kassaabrechnung'] = null;
  if (filter.dateFrom || filter.dateTo) {
    if (!filter.dateFrom || !filter.dateTo) {
      const field = filter.dateFrom ? 'dateTo' : 'dateFrom';
      throw validationFailed({ [field]: ['Bitte geben Sie Anfang und Ende des Zeitraums an.'] });
    }
    if (filter.dateFrom > filter.dateTo) {
      throw validationFailed({ dateTo: ['Das Ende des Zeitraums liegt vor seinem Anfang.'] });
    }
    von = filter.dateFrom;
    bis = filter.dateTo;
  } else {
    const row = await berichtsPeriode(db, filter.kassaabrechnungID);
    periode = berichtPeriode(row);
    von = row.von;
    bis = row.bis;
  }
  const buchungen = await berichtBuchungen(db, periode ? { kassaabrechnungId: periode.id } : { von, bis });
  const saetze = steuerbericht(buchungen);
  const einnahmen = saetze.reduce((s, r) => plus(s, r.einnahmen), NULL);
  const ausgaben = saetze.reduce((s, r) => plus(s, r.ausgaben), NULL);
  return {
    von,
    bis,
    kassaabrechnung: periode,
    saetze,
    summe: { einnahmen, ausgaben, zahllastCent: einnahmen.steuerCent - ausgaben.steuerCent },
  };
}

const satzText = (satz: number) => `${satz} %`;

function SteuerberichtDruck({ b, vereinsName }: { b: Steuerbericht; vereinsName: string }) {
  const zellen = (s: SteuerSumme) => (
    <>
      <td className="money">{euro(s.bruttoCent)}</td>
      <td className="money">{euro(s.nettoCent)}</td>
      <td className="money">{euro(s.steuerCent)}</td>
    </>
  );
  return (
    <div>
      <BerichtKopf
        vereinsName={vereinsName}
        titel="Steuerbericht"
        untertitel={[b.kassaabrechnung?.bezeichnung, zeitraum(b.von, b.bis)].filter(Boolean).join(' · ')}
      />
      <table>
        <thead>
          <tr>
            <th rowSpan={2}>Steuersatz</th>
            <th colSpan={3}>Einnahmen</th>
            <th colSpan={3}>Ausgaben</th>
          </tr>
          <tr>
            <th className="money">Brutto</th>
            <th className="money">Netto</th>
            <th className="money">Steuer</th>
            <th className="money">Brutto</th>
            <th className="money">Netto</th>
            <th className="money">Steuer</th>
          </tr>
        </thead>
        <tbody>
          {b.saetze.map((s) => (
            <tr key={s.steuersatz}>
              <td>{satzText(s.steuersatz)}</td>
              {zellen(s.einnahmen)}
              {zellen(s.ausgaben)}
            </tr>
          ))}
          <tr className="summe">
            <td>Summe</td>
            {zellen(b.summe.einnahmen)}
            {zellen(b.summe.ausgaben)}
          </tr>
        </tbody>
      </table>
      <p style={{ marginTop: '5mm' }}>
        <strong>
          {b.summe.zahllastCent >= 0 ? 'Zahllast' : 'Überschuss (Vorsteuer)'}: {euro(Math.abs(b.summe.zahllastCent))}
        </strong>{' '}
        (Steuer der Einnahmen {euro(b.summe.einnahmen.steuerCent)} − Steuer der Ausgaben{' '}
        {euro(b.summe.ausgaben.steuerCent)})
      </p>
      <p className="klein">
        Ausgaben sind als positive Beträge ausgewiesen. Die Steuer ist die Summe der Steuerbeträge der einzelnen
        Buchungen (je Buchung kaufmännisch gerundet); 100 % bedeutet: der ganze Betrag ist Steuer.
      </p>
    </div>
  );
}

type Zeile = {
  satz: string;
  eBrutto: number;
  eNetto: number;
  eSteuer: number;
  aBrutto: number;
  aNetto: number;
  aSteuer: number;
};

export async function steuerberichtExcel(b: Steuerbericht): Promise<Buffer> {
  const zeile = (satz: string, e: SteuerSumme, a: SteuerSumme): Zeile => ({
    satz,
    eBrutto: e.bruttoCent,
    eNetto: e.nettoCent,
    eSteuer: e.steuerCent,
    aBrutto: a.bruttoCent,
    aNetto: a.nettoCent,
    aSteuer: a.steuerCent,
  });
  return buildWorkbook<[Zeile]>([
    {
      name: 'Steuerbericht',
      columns: [
        { header: 'Steuersatz', key: 'satz' },
        { header: 'Einnahmen brutto', key: 'eBrutto', kind: 'euro' },
        { header: 'Einnahmen netto', key: 'eNetto', kind: 'euro' },
        { header: 'Einnahmen Steuer', key: 'eSteuer', kind: 'euro' },
        { header: 'Ausgaben brutto', key: 'aBrutto', kind: 'euro' },
        { header: 'Ausgaben netto', key: 'aNetto', kind: 'euro' },
        { header: 'Ausgaben Steuer', key: 'aSteuer', kind: 'euro' },
      ],
      rows: [
        ...b.saetze.map((s) => zeile(satzText(s.steuersatz), s.einnahmen, s.ausgaben)),
        zeile('Summe', b.summe.einnahmen, b.summe.ausgaben),
      ],
    },
  ]);
}

export async function steuerberichtPdf(services: AppServices, b: Steuerbericht): Promise<FileResult> {
  return berichtPdf(services, {
    titel: 'Steuerbericht',
    fileName: dateiName(b),
    body: (vereinsName) => <SteuerberichtDruck b={b} vereinsName={vereinsName} />,
  });
}

const dateiName = (b: Steuerbericht) =>
  `Steuerbericht-${b.kassaabrechnung ? dateiTeil(b.kassaabrechnung.bezeichnung) : `${b.von}_${b.bis}`}`;

/** GET Kassa/Steuerbericht: the report in the asked format; 409 without the tax flag. */
export async function steuerberichtBericht(
  services: AppServices,
  db: Db,
  filter: SteuerberichtFilter,
): Promise<Steuerbericht | FileResult> {
  const b = await steuerberichtDaten(db, filter);
  if (filter.format === 'json') return b;
  if (filter.format === 'xlsx') return xlsxFile(await steuerberichtExcel(b), `${dateiName(b)}.xlsx`);
  return steuerberichtPdf(services, b);
}
