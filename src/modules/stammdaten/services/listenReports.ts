import { createElement } from 'react';
import type { z } from 'zod';
import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { buildWorkbook, type Column } from '../../../platform/excel/excelWriter';
import { type FileResult, pdfFile, xlsxFile } from '../../../platform/files/fileResult';
import { formatIban } from '../../../platform/payment';
import { type ReportPrintContext, renderReport } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type {
  geburtstagslisteQuery,
  jubilaeumslisteQuery,
  stammdatenblattQuery,
  summenblattQuery,
  unterschriftenlisteQuery,
} from '../schema/listen';
import { Stammdatenblatt, stammdatenblattCss } from '../templates/Stammdatenblatt';
import { exportAll } from './exportAll';
import {
  adressenFuerExport,
  geburtstagsliste,
  germanDecimal,
  jubilaeumsliste,
  summenblatt,
  unterschriftenliste,
} from './listen';
import { stammdatenblatt } from './stammdatenblatt';

// The Stammdaten lists as reports (platform/report): each answers its rows as JSON, a printed list
// or a workbook. The routes only pass the query on.

const printContext = (services: AppServices) => async (): Promise<ReportPrintContext> => ({
  pdf: services.pdf,
  vereinsName: await vereinsName(services),
});

export async function geburtstagslisteReport(
  services: AppServices,
  db: Db,
  query: z.output<typeof geburtstagslisteQuery>,
): Promise<unknown> {
  const date = query.date ?? todayIso();
  const opts = {
    date,
    weiterePersonen: query.weiterePersonen ?? true,
    zeitungsfilter: query.zeitungsfilter ?? false,
    fifties: query.fifties ?? false,
  };
  const rows = await geburtstagsliste(db, opts);
  const year = date.slice(0, 4);
  return renderReport(
    query.format ?? 'json',
    {
      title: `Geburtstagsliste ${year}`,
      fileName: `Geburtstagsliste-${year}`,
      subtitle: opts.fifties ? 'Runde Geburtstage (50, 60, 70, 75, 80, 85, 90, 95, ab 100)' : undefined,
      datum: date,
      columns: [
        {
          header: 'Geburtstag',
          print: (r) => formatGermanDate(r.geburtsdatum).slice(0, 6),
          excel: 'geburtsdatum',
          kind: 'date',
        },
        { header: 'Name', print: (r) => r.name, excel: 'name' },
        { header: 'Alter', print: (r) => r.alter, excel: 'alter', kind: 'integer', className: 'number' },
        { header: 'Parzellen', print: (r) => r.parzellen, excel: 'parzellen', kind: 'text' },
      ],
      rows,
    },
    printContext(services),
  );
}

export async function jubilaeumslisteReport(
  services: AppServices,
  db: Db,
  query: z.output<typeof jubilaeumslisteQuery>,
): Promise<unknown> {
  const date = query.date ?? todayIso();
  const rows = await jubilaeumsliste(db, date);
  const year = date.slice(0, 4);
  return renderReport(
    query.format ?? 'json',
    {
      title: `Jubiläumsliste ${year}`,
      fileName: `Jubilaeumsliste-${year}`,
      datum: date,
      columns: [
        { header: 'Jahre', print: (r) => r.jahre, excel: 'jahre', kind: 'integer', className: 'number' },
        { header: 'Name', print: (r) => r.name, excel: 'name' },
        {
          header: 'Eintritt',
          print: (r) => formatGermanDate(r.eintrittsdatum),
          excel: 'eintrittsdatum',
          kind: 'date',
        },
        { header: 'Parzellen', print: (r) => r.parzellen, excel: 'parzellen', kind: 'text' },
      ],
      rows,
    },
    printContext(services),
  );
}

export async function unterschriftenlisteReport(
  services: AppServices,
  db: Db,
  query: z.output<typeof unterschriftenlisteQuery>,
): Promise<unknown> {
  const rows = await unterschriftenliste(db, {
    nurMitglieder: query.nurMitglieder ?? false,
    gruppenFilter: query.gruppenFilter || undefined,
  });
  const title = query.title?.trim() || 'Unterschriftenliste';
  return renderReport(
    query.format ?? 'pdf',
    {
      title,
      fileName: 'Unterschriftenliste',
      signature: true,
      columns: [
        { header: 'Parzelle', print: (r) => r.parzelle, excel: 'parzelle', kind: 'text', width: '18mm' },
        { header: 'Name', print: (r) => r.name, excel: 'name', width: '60mm' },
        { header: 'Unterschrift', print: () => '', excel: () => '' },
      ],
      rows,
    },
    printContext(services),
  );
}

/** The Summenblatt; its JSON answer is the whole result (year, Stichtag, rows). */
export async function summenblattReport(
  services: AppServices,
  db: Db,
  query: z.output<typeof summenblattQuery>,
): Promise<unknown> {
  const result = await summenblatt(db, query.pachtabrechnungID || undefined);
  const jahr = result.pachtabrechnung.jahr;
  return renderReport(
    query.format ?? 'json',
    {
      title: `Summenblatt ${jahr}`,
      fileName: `Summenblatt-${jahr}`,
      datum: result.stichtag,
      columns: [
        { header: 'Bezeichnung', print: (r) => r.bezeichnung, excel: 'bezeichnung' },
        {
          header: 'Wert',
          print: (r) => germanDecimal(r.wert, typeof r.wert === 'string' ? 2 : 0),
          excel: (r) => Number(r.wert),
          className: 'number',
        },
      ],
      rows: result.rows,
    },
    printContext(services),
    result,
  );
}

/** One address's sheet as JSON or PDF, or the blank form (PDF only). */
export async function stammdatenblattReport(
  services: AppServices,
  db: Db,
  query: z.output<typeof stammdatenblattQuery>,
): Promise<unknown> {
  // The schema demands an id unless a blank form is asked for; a blank form comes only as PDF.
  const data = query.isleer || !query.id ? undefined : await stammdatenblatt(db, query.id);
  if (query.format === 'json' && data) return data;
  const element = createElement(Stammdatenblatt, {
    vereinsName: await vereinsName(services),
    datum: formatGermanDate(todayIso()),
    data,
  });
  const title = data ? `Stammdatenblatt ${data.adresse.name}` : 'Stammdatenblatt';
  const pdf = await services.pdf.renderElement(element, { title, css: stammdatenblattCss, pageNumbers: 'multiPage' });
  return pdfFile(pdf, data ? `Stammdatenblatt-${data.adresse.id}.pdf` : 'Stammdatenblatt.pdf');
}

const adresseColumns: Column<Record<string, unknown>>[] = [
  { header: 'ID', key: 'id', kind: 'integer' },
  { header: 'Name', key: 'name' },
  { header: 'Anrede', key: 'anrede' },
  { header: 'Titel', key: 'titel' },
  { header: 'Vorname', key: 'vorname' },
  { header: 'Nachname', key: 'nachname' },
  { header: 'Straße', key: 'strasse' },
  { header: 'PLZ', key: 'plz', kind: 'text' },
  { header: 'Ort', key: 'ort' },
  { header: 'Land', key: 'land' },
  { header: 'Telefon', key: 'telefon', kind: 'text' },
  { header: 'Mobil', key: 'mobil', kind: 'text' },
  { header: 'E-Mail', key: 'email' },
  { header: 'Geburtsdatum', key: 'geburtsdatum', kind: 'date' },
  { header: 'Eintritt', key: 'eintrittsdatum', kind: 'date' },
  { header: 'Austritt', key: 'austrittsdatum', kind: 'date' },
  { header: 'Mitglied', key: 'mitglied', kind: 'boolean' },
  { header: 'Aktiv', key: 'aktiv', kind: 'boolean' },
  { header: 'Parzellen', key: 'parzellen', kind: 'text' },
  // Grouped as printed ("AT61 1904 …"): this workbook is for reading; the backup keeps it compact.
  { header: 'IBAN', key: (r) => (r.iban ? formatIban(String(r.iban)) : '') },
  { header: 'Zeitung erlaubt', key: 'zeitung_erlaubt', kind: 'boolean' },
];

/** Every address (or, `weitereMitgliedschaften`, those without a plot) as a workbook. */
export async function adressenWorkbook(db: Db, weitereMitgliedschaften: boolean): Promise<FileResult> {
  const name = weitereMitgliedschaften ? 'Weitere Mitgliedschaften' : 'Adressen';
  const rows = await adressenFuerExport(db, weitereMitgliedschaften);
  const buffer = await buildWorkbook([{ name, columns: adresseColumns, rows }]);
  return xlsxFile(buffer, weitereMitgliedschaften ? 'WeitereMitgliedschaften.xlsx' : 'Adressen.xlsx');
}

/** The whole Stammdaten backup workbook (kgv import stammdaten reads it back). */
export async function exportAllWorkbook(db: Db): Promise<FileResult> {
  return xlsxFile(await exportAll(db), `Stammdaten-${todayIso()}.xlsx`);
}
