import { createElement } from 'react';
import { pdfFile, xlsxFile } from '../../../http/fileResult';
import type { Right } from '../../../http/rights';
import { type AnyRoute, route } from '../../../http/router';
import { formatGermanDate, todayIso } from '../../../platform/dates';
import { buildWorkbook, type Column } from '../../../platform/excel/excelWriter';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import {
  geburtstagslisteQuery,
  jubilaeumslisteQuery,
  type ListFormat,
  stammdatenblattQuery,
  summenblattQuery,
  unterschriftenlisteQuery,
} from '../schema/listen';
import { exportAll } from '../services/exportAll';
import {
  adressenFuerExport,
  geburtstagsliste,
  germanDecimal,
  jubilaeumsliste,
  summenblatt,
  unterschriftenliste,
} from '../services/listen';
import { stammdatenblatt } from '../services/stammdatenblatt';
import { Liste, type ListeColumn, listeCss } from '../templates/Liste';
import { Stammdatenblatt, stammdatenblattCss } from '../templates/Stammdatenblatt';

const view: readonly Right[] = ['WebApp.Stammdaten.View', 'WebApp.Stammdaten.Edit'];

/** One list column: header, the row's value for print and Excel, and its Excel kind. */
type ListColumn<T> = {
  header: string;
  print: (row: T) => string | number;
  excel: Column<T>['key'];
  kind?: Column<T>['kind'];
  className?: string;
  width?: string;
};

type ListDoc<T> = {
  title: string;
  fileName: string;
  subtitle?: string;
  columns: ListColumn<T>[];
  rows: T[];
  signature?: boolean;
  datum?: string;
};

async function listPdf<T>(services: AppServices, doc: ListDoc<T>) {
  const element = createElement(Liste, {
    title: doc.title,
    vereinsName: await vereinsName(services),
    datum: formatGermanDate(doc.datum ?? todayIso()),
    subtitle: doc.subtitle,
    signature: doc.signature,
    columns: doc.columns.map((c): ListeColumn => ({ header: c.header, className: c.className, width: c.width })),
    rows: doc.rows.map((r) => doc.columns.map((c) => c.print(r))),
  });
  const pdf = await services.pdf.renderElement(element, { title: doc.title, css: listeCss });
  return pdfFile(pdf, `${doc.fileName}.pdf`);
}

async function listXlsx<T>(doc: ListDoc<T>) {
  const buffer = await buildWorkbook([
    {
      name: doc.title,
      columns: doc.columns.map((c) => ({ header: c.header, key: c.excel, kind: c.kind })),
      rows: doc.rows,
    },
  ]);
  return xlsxFile(buffer, `${doc.fileName}.xlsx`);
}

async function answer<T>(services: AppServices, fmt: ListFormat, doc: ListDoc<T>, json: unknown) {
  if (fmt === 'pdf') return listPdf(services, doc);
  if (fmt === 'xlsx') return listXlsx(doc);
  return json;
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
  { header: 'IBAN', key: 'iban' },
  { header: 'Zeitung erlaubt', key: 'zeitung_erlaubt', kind: 'boolean' },
];

/** The Stammdaten lists (JSON rows, PDF or Excel) and the Excel exports. */
export const listenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Stammdaten/Geburtstagsliste',
    rights: view,
    query: geburtstagslisteQuery,
    handler: async ({ db, services, query }) => {
      const date = query.date ?? todayIso();
      const opts = {
        date,
        weiterePersonen: query.weiterePersonen ?? true,
        zeitungsfilter: query.zeitungsfilter ?? false,
        fifties: query.fifties ?? false,
      };
      const rows = await geburtstagsliste(db, opts);
      const year = date.slice(0, 4);
      return answer(
        services,
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
        rows,
      );
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Jubilaeumsliste',
    rights: view,
    query: jubilaeumslisteQuery,
    handler: async ({ db, services, query }) => {
      const date = query.date ?? todayIso();
      const rows = await jubilaeumsliste(db, date);
      const year = date.slice(0, 4);
      return answer(
        services,
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
        rows,
      );
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Unterschriftenliste',
    rights: view,
    query: unterschriftenlisteQuery,
    handler: async ({ db, services, query }) => {
      const rows = await unterschriftenliste(db, {
        nurMitglieder: query.nurMitglieder ?? false,
        gruppenFilter: query.gruppenFilter || undefined,
      });
      const title = query.title?.trim() || 'Unterschriftenliste';
      return answer(
        services,
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
        rows,
      );
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Summenblatt',
    rights: view,
    query: summenblattQuery,
    handler: async ({ db, services, query }) => {
      const result = await summenblatt(db, query.pachtabrechnungID || undefined);
      const jahr = result.pachtabrechnung.jahr;
      return answer(
        services,
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
        result,
      );
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/Stammdatenblatt',
    rights: view,
    query: stammdatenblattQuery,
    handler: async ({ db, services, query }) => {
      // The schema demands an id unless a blank form is asked for; a blank form comes only as PDF.
      const data = query.isleer || !query.id ? undefined : await stammdatenblatt(db, query.id);
      if (query.format === 'json' && data) return data;
      const element = createElement(Stammdatenblatt, {
        vereinsName: await vereinsName(services),
        datum: formatGermanDate(todayIso()),
        data,
      });
      const title = data ? `Stammdatenblatt ${data.adresse.name}` : 'Stammdatenblatt';
      const pdf = await services.pdf.renderElement(element, { title, css: stammdatenblattCss });
      return pdfFile(pdf, data ? `Stammdatenblatt-${data.adresse.id}.pdf` : 'Stammdatenblatt.pdf');
    },
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAdressen',
    rights: view,
    handler: async ({ db }) =>
      xlsxFile(
        await buildWorkbook([{ name: 'Adressen', columns: adresseColumns, rows: await adressenFuerExport(db, false) }]),
        'Adressen.xlsx',
      ),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportWeitereMitgliedschaften',
    rights: view,
    handler: async ({ db }) =>
      xlsxFile(
        await buildWorkbook([
          { name: 'Weitere Mitgliedschaften', columns: adresseColumns, rows: await adressenFuerExport(db, true) },
        ]),
        'WeitereMitgliedschaften.xlsx',
      ),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/ExportAll',
    rights: view,
    handler: async ({ db }) => xlsxFile(await exportAll(db), `Stammdaten-${todayIso()}.xlsx`),
  }),
];
