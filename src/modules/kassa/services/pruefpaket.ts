import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { FileResult } from '../../../platform/files/fileResult';
import type { AppServices } from '../../../platform/services';
import { readSection } from '../../vereinseinstellungen/services';
import { anlageberichtDaten, anlageberichtPdf } from './berichte/anlagebericht';
import { dateiTeil } from './berichte/berichtLayout';
import { kassaberichtDaten, kassaberichtPdf } from './berichte/kassabericht';
import { steuerberichtDaten, steuerberichtPdf } from './berichte/steuerbericht';
import { kassabuchExcel, kassabuchPdf } from './kassabuchDokumente';
import { filterVon } from './kassabuchFilter';
import { BELEG_OWNER } from './kassabuchLesen';
import { ladePeriode } from './periode';

// The audit package (Prüfpaket) for the Rechnungsprüfer: one ZIP with the period's Kassabericht,
// the Kassabuch (PDF and Excel), the Steuerbericht (when the club is liable to tax), the
// Anlagebericht of the period's year and every receipt as Belege/<Belegnummer>_<file name>.
// The documents are made first (an error there is still a proper HTTP error), then the ZIP is
// streamed: receipts are read one at a time from the file store, never all held in memory.

export const ZIP_TYPE = 'application/zip';

/** A file of the package: bytes already made, or a stream read when its turn comes. */
export type PaketDatei = { name: string; content: Buffer } | { name: string; stream: () => Readable };

/**
 * Every receipt of the period's entries, by Belegnummer then upload order, with unique names. The
 * files are only opened when the ZIP streams them: a year's receipts may be hundreds of megabytes of
 * scans.
 */
export async function belegDateien(services: AppServices, db: Db, periodeId: number): Promise<PaketDatei[]> {
  const eintraege = await db('kassabuch').where({ kassaabrechnung_id: periodeId }).select('id', 'belegnummer');
  const belegnummer = new Map(eintraege.map((e) => [String(e.id), Number(e.belegnummer)]));
  const rows: { id: number; name: string; sha256: string; owner_id: string | null }[] = [];
  const ids = [...belegnummer.keys()];
  // In chunks: SQLite and MySQL limit the number of bound values of one statement.
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db('files')
        .where({ owner_type: BELEG_OWNER })
        .whereIn('owner_id', ids.slice(i, i + 500))
        .select('id', 'name', 'sha256', 'owner_id')),
    );
  }
  rows.sort(
    (a, b) =>
      (belegnummer.get(a.owner_id ?? '') ?? 0) - (belegnummer.get(b.owner_id ?? '') ?? 0) ||
      Number(a.id) - Number(b.id),
  );
  const vergeben = new Set<string>();
  return rows.map((r) => {
    const base = `Belege/${belegnummer.get(r.owner_id ?? '')}_${r.name}`;
    let name = base;
    for (let i = 2; vergeben.has(name.toLowerCase()); i++) {
      const dot = base.lastIndexOf('.');
      name = dot > base.lastIndexOf('/') ? `${base.slice(0, dot)}_${i}${base.slice(dot)}` : `${base}_${i}`;
    }
    vergeben.add(name.toLowerCase());
    const sha256 = String(r.sha256);
    return { name, stream: () => services.files.stream({ sha256 }) };
  });
}

/** The documents of the package (everything but the receipts), made in the order they are listed. */
export async function paketDokumente(services: AppServices, db: Db, periodeId: number): Promise<PaketDatei[]> {
  const periode = await ladePeriode(db, periodeId);
  const pdfBuffer = async (file: Promise<FileResult>) => (await file).body as Buffer;
  const dateien: PaketDatei[] = [
    {
      name: 'Kassabericht.pdf',
      content: await pdfBuffer(kassaberichtPdf(services, await kassaberichtDaten(db, periodeId))),
    },
  ];
  const filter = filterVon({ kassaabrechnungID: periodeId });
  dateien.push({ name: 'Kassabuch.pdf', content: await kassabuchPdf(services, db, filter) });
  dateien.push({ name: 'Kassabuch.xlsx', content: await kassabuchExcel(db, filter) });
  if ((await readSection(db, 'optionenKassa')).steuerpflichtig) {
    const steuer = await steuerberichtDaten(db, { kassaabrechnungID: periodeId });
    dateien.push({ name: 'Steuerbericht.pdf', content: await pdfBuffer(steuerberichtPdf(services, steuer)) });
  }
  const anlagen = await anlageberichtDaten(db, { jahr: Number(periode.jahr), historisch: false });
  dateien.push({ name: 'Anlagebericht.pdf', content: await pdfBuffer(anlageberichtPdf(services, anlagen)) });
  return dateien;
}

/** Already compressed kinds are stored, not deflated again (saves time, not space). */
const KOMPRIMIERT = /\.(jpe?g|png|gif|webp|zip|xlsx|docx|heic)$/i;

/** Streams the files as one ZIP; the stream errors when a file cannot be read. */
export function zipStream(dateien: PaketDatei[]): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const mtime = new Date();
  const eintrag = (name: string) => {
    const f = KOMPRIMIERT.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    f.mtime = mtime;
    zip.add(f);
    return f;
  };
  void (async () => {
    for (const datei of dateien) {
      const f = eintrag(datei.name);
      if ('content' in datei) {
        f.push(datei.content, true);
      } else {
        for await (const chunk of datei.stream()) {
          f.push(chunk as Buffer);
          // The reader sets the pace: wait while the downloader has not taken what is there.
          if (out.writableNeedDrain) await once(out, 'drain');
        }
        f.push(new Uint8Array(0), true);
      }
      if (out.destroyed) return;
    }
    zip.end();
  })().catch((error: unknown) => {
    zip.terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** GET Kassa/Pruefpaket and `kgv kassa pruefpaket`: the ZIP of a period. */
export async function pruefpaket(services: AppServices, db: Db, periodeId: number): Promise<FileResult> {
  const periode = await ladePeriode(db, periodeId);
  const dateien = [
    ...(await paketDokumente(services, db, periodeId)),
    ...(await belegDateien(services, db, periodeId)),
  ];
  return new FileResult(zipStream(dateien), ZIP_TYPE, `Pruefpaket-${dateiTeil(periode.bezeichnung)}.zip`);
}

/** The period of a year, for the CLI's `--jahr`; 404 in German when there is none. */
export async function periodeDesJahres(db: Db, jahr: number): Promise<number> {
  const row = await db('kassaabrechnungen').where({ jahr }).first('id');
  if (!row) throw notFound(`Für ${jahr} gibt es keine Kassaabrechnung.`);
  return Number(row.id);
}
