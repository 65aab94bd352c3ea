import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ladeRechnungenNachIds } from '../../src/modules/rechnungspruefung/services';
import type { Db } from '../../src/platform/db/db';

// Shared by the browser tests: a downloaded PDF as text, a receivable's state read from the database.

/** The text of a PDF (pdftotext -layout), non-breaking spaces as plain ones (amounts read „€ 1.553,44“). */
export function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kgv-e2e-pdf-')), 'x.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replaceAll('\u00a0', ' ');
}

/** What the Rechnungsübersicht shows of a receivable: status, paid, open, reminder level. */
export async function rechnungStand(db: Db, id: number) {
  const [r] = await ladeRechnungenNachIds(db, [id]);
  if (!r) throw new Error(`no receivable ${id}`);
  return { status: r.status, bezahltCent: r.bezahltCent, offenCent: r.offenCent, mahnstufe: r.mahnstufe };
}
