import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epcQrPayload } from './epcQr';
import { qrDataUrl, qrPngBuffer, qrSvg } from './qrImage';
import { rfFromNumber } from './rfReference';

const run = promisify(execFile);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kgv-qr-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Decodes a PNG with zbarimg; its --raw output ends with one newline. */
async function decode(png: Buffer, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, png);
  const { stdout } = await run('zbarimg', ['--raw', '-q', file]);
  return stdout.replace(/\n$/, '');
}

const payload = epcQrPayload({
  bic: 'BKAUATWW',
  name: 'KGV Sonnenhang',
  iban: 'AT611904300234573201',
  amountCents: 139779,
  reference: rfFromNumber('2025-00017'),
});

describe('QR images', () => {
  it('PNG decodes back to the exact EPC payload', async () => {
    const png = await qrPngBuffer(payload);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await decode(png, 'epc.png')).toBe(payload);
  });

  it('keeps umlauts as UTF-8', async () => {
    const withUmlauts = epcQrPayload({
      name: 'Kleingartenverein Schöne Aussicht – Größe',
      iban: 'AT611904300234573201',
      amountCents: 1250,
      text: 'Wasserrechnung für Parzelle 17, Jänner',
    });
    expect(await decode(await qrPngBuffer(withUmlauts, { scale: 4 }), 'umlaut.png')).toBe(withUmlauts);
  });

  it('data URL carries the same PNG and scale changes the size', async () => {
    const url = await qrDataUrl(payload);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(await decode(png, 'dataurl.png')).toBe(payload);
    const small = await qrPngBuffer(payload, { scale: 2 });
    const width = (b: Buffer) => b.readUInt32BE(16);
    expect(width(png)).toBe(width(small) * 4);
  });

  it('SVG is an SVG document with modules drawn as a path', async () => {
    const svg = await qrSvg(payload);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('<path');
  });
});
