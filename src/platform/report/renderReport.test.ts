import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createPdfService } from '../pdf';
import { reportPdf } from './renderReport';
import type { Report } from './report';

const run = promisify(execFile);
const pdf = createPdfService({
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  log: createLogger('silent'),
});
let dir = '';

/** Text of each page of the PDF, as pdftotext lays it out. */
async function pages(buffer: Buffer): Promise<string[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, buffer);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout
    .replaceAll('\u00a0', ' ')
    .split('\f')
    .filter((page) => page.trim() !== '');
}

type Row = { parzelle: string; name: string };
const list = (count: number): Report<Row> => ({
  title: 'Unterschriftenliste',
  fileName: 'Unterschriftenliste',
  signature: true,
  columns: [
    { header: 'Parzelle', print: (r) => r.parzelle, excel: 'parzelle' },
    { header: 'Name', print: (r) => r.name, excel: 'name' },
  ],
  rows: Array.from({ length: count }, (_, i) => ({ parzelle: String(i + 1), name: `Mitglied ${i + 1}` })),
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kgv-report-'));
});
afterAll(async () => {
  await pdf.close();
  await rm(dir, { recursive: true, force: true });
});

describe('printed reports', () => {
  it('number the pages of a list that runs over one page: "Seite x von y"', async () => {
    const printed = await pages((await reportPdf(list(30), { pdf, vereinsName: 'KGV Sonnenhang' })).body as Buffer);
    expect(printed).toHaveLength(2);
    expect(printed[0]).toContain('Seite 1 von 2');
    expect(printed[1]).toContain('Seite 2 von 2');
    expect(printed[1]).toContain('Mitglied 30');
  });

  it('leave a one-page list without "Seite 1 von 1"', async () => {
    const printed = await pages((await reportPdf(list(3), { pdf, vereinsName: 'KGV Sonnenhang' })).body as Buffer);
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('Mitglied 3');
    expect(printed[0]).not.toContain('Seite');
  });
});
