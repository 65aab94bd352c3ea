import { createElement } from 'react';
import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { formatDecimal, formatEuro, sumCents, sumDecimals } from '../../../platform/money';
import { Liste, listeCss, type Report, reportXlsx } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import { nutzungsberechtigteOn } from '../../stammdaten/services';
import type { Pachtzinsliste, PachtzinslisteQuery, PachtzinslisteZeile } from '../schema/pachtzinsliste';
import { resolveYear } from './pachtabrechnungen';
import { aktiveParzellen, ladePachtDaten, pachtZvPositionen } from './pachtDaten';

// The Pachtzinsliste for the Generalpächter (docs/api/abrechnung.md "Pachtzinsliste"): per active
// plot its area, share, holder on the date and its lease positions, with the sums; JSON, PDF
// (landscape) and Excel carry the same numbers (the PDF and Excel from the same rows).

/** The list's numbers: the active plots in natural number order, the holder on `date`. */
export async function pachtzinsliste(
  db: Db,
  opts: { pachtabrechnungId?: number; datum?: string; adresseId?: number },
): Promise<Pachtzinsliste> {
  const year = await resolveYear(db, opts.pachtabrechnungId);
  const datum = opts.datum ?? todayIso();
  const daten = await ladePachtDaten(db, year.id);
  const parzellen = await aktiveParzellen(db, year.id, daten.pachtberechnung.gemeinschaftsflaeche);
  const halter = await nutzungsberechtigteOn(db, datum);
  const zeilen: PachtzinslisteZeile[] = [];
  for (const p of parzellen) {
    const h = halter.get(p.id);
    if (opts.adresseId !== undefined && h?.adresseId !== opts.adresseId) continue;
    const positionen = pachtZvPositionen(p, daten);
    const summe = (art: string) => sumCents(positionen.filter((x) => x.art === art).map((x) => x.betragCent));
    zeilen.push({
      parzelleId: p.id,
      nummer: p.nummer,
      flaeche: p.flaeche,
      anteil: p.anteil,
      nutzungsberechtigter: h?.name ?? '',
      pachtzinsCent: summe('pachtzins'),
      gemeinschaftsflaecheCent: summe('gemeinschaftsflaeche'),
      grundsteuerCent: summe('grundsteuer'),
      zuschlaegeCent: summe('pachtzuschlag'),
      summeCent: sumCents(positionen.map((x) => x.betragCent)),
    });
  }
  const summeVon = (
    k: 'pachtzinsCent' | 'gemeinschaftsflaecheCent' | 'grundsteuerCent' | 'zuschlaegeCent' | 'summeCent',
  ) => sumCents(zeilen.map((z) => z[k]));
  return {
    jahr: year.jahr,
    datum,
    zeilen,
    summen: {
      flaeche: sumDecimals(
        zeilen.map((z) => z.flaeche),
        2,
      ),
      anteil: sumDecimals(
        zeilen.map((z) => z.anteil),
        2,
      ),
      pachtzinsCent: summeVon('pachtzinsCent'),
      gemeinschaftsflaecheCent: summeVon('gemeinschaftsflaecheCent'),
      grundsteuerCent: summeVon('grundsteuerCent'),
      zuschlaegeCent: summeVon('zuschlaegeCent'),
      summeCent: summeVon('summeCent'),
    },
  };
}

/** A line of the printed list and the workbook: the plots, then the sums as the last line. */
type Zeile = Omit<PachtzinslisteZeile, 'parzelleId'>;

const euro = (c: number) => formatEuro(c, { nbsp: false });

function report(liste: Pachtzinsliste): Report<Zeile> {
  const summe: Zeile = { nummer: 'Summe', nutzungsberechtigter: '', ...liste.summen };
  return {
    title: `Pachtzinsliste ${liste.jahr}`,
    fileName: `Pachtzinsliste-${liste.jahr}`,
    subtitle: `Nutzungsberechtigte zum ${formatGermanDate(liste.datum)}`,
    datum: liste.datum,
    columns: [
      { header: 'Parzelle', print: (r) => r.nummer, excel: 'nummer', kind: 'text' },
      { header: 'Nutzungsberechtigte/r', print: (r) => r.nutzungsberechtigter, excel: 'nutzungsberechtigter' },
      {
        header: 'Fläche m²',
        print: (r) => formatDecimal(r.flaeche, 2),
        excel: 'flaeche',
        kind: 'decimal',
        className: 'number',
      },
      {
        header: 'Anteil m²',
        print: (r) => formatDecimal(r.anteil, 2),
        excel: 'anteil',
        kind: 'decimal',
        className: 'number',
      },
      {
        header: 'Pachtzins',
        print: (r) => euro(r.pachtzinsCent),
        excel: 'pachtzinsCent',
        kind: 'euro',
        className: 'number',
      },
      {
        header: 'Gemeinschaftsfläche',
        print: (r) => euro(r.gemeinschaftsflaecheCent),
        excel: 'gemeinschaftsflaecheCent',
        kind: 'euro',
        className: 'number',
      },
      {
        header: 'Grundsteuer',
        print: (r) => euro(r.grundsteuerCent),
        excel: 'grundsteuerCent',
        kind: 'euro',
        className: 'number',
      },
      {
        header: 'Zuschläge',
        print: (r) => euro(r.zuschlaegeCent),
        excel: 'zuschlaegeCent',
        kind: 'euro',
        className: 'number',
      },
      { header: 'Summe', print: (r) => euro(r.summeCent), excel: 'summeCent', kind: 'euro', className: 'number' },
    ],
    rows: [...liste.zeilen.map(({ parzelleId: _id, ...z }) => z), summe],
  };
}

/** The list in the asked format: JSON, PDF (A4 landscape, club name, year and date) or Excel. */
export async function pachtzinslisteAntwort(
  services: AppServices,
  db: Db,
  query: PachtzinslisteQuery,
): Promise<Pachtzinsliste | FileResult> {
  const liste = await pachtzinsliste(db, {
    pachtabrechnungId: query.pachtabrechnungID,
    datum: query.date,
    adresseId: query.adress,
  });
  const format = query.format ?? 'json';
  if (format === 'json') return liste;
  const r = report(liste);
  if (format === 'xlsx') return reportXlsx(r);
  const element = createElement(Liste, {
    title: r.title,
    vereinsName: await vereinsName(services),
    datum: formatGermanDate(liste.datum),
    subtitle: r.subtitle,
    columns: r.columns.map((c) => ({ header: c.header, className: c.className, width: c.width })),
    rows: r.rows.map((row) => r.columns.map((c) => c.print(row))),
  });
  const pdf = await services.pdf.renderElement(element, {
    title: r.title,
    css: listeCss,
    landscape: true,
    pageNumbers: 'multiPage',
  });
  return pdfFile(pdf, `${r.fileName}.pdf`);
}
