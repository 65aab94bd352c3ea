import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Beleg, Eintrag, KassabuchAntwort } from '../../src/modules/kassa/schema/kassabuch';
import { belegDateien } from '../../src/modules/kassa/services/pruefpaket';
import type { ApiClient } from '../helpers/apiClient';
import { type KassaBeispiel, seedKassaBeispiel } from '../helpers/kassaBeispiel';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Receipts: several PDF/JPEG/PNG files per entry (by content, not by name), shown inline, removed
// while the entry is unchecked (409 once checked), gone with a deleted entry, and handed to the
// audit package named by Belegnummer.

let app: TestApp;
let k: KassaBeispiel;
let kassier: ApiClient;

type Problem = { title?: string; code?: string; errors?: Record<string, string[]> };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png-daten')]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg-daten')]);

beforeAll(async () => {
  app = await startTestApp();
  k = await seedKassaBeispiel(app.services.db);
  kassier = await app.signedIn(['Kassier']);
});
afterAll(() => app.stop());

const buche = async (over: Record<string, unknown> = {}) => {
  const res = await kassier.post<Eintrag>('Kassa/UpdateKassabuch', {
    datum: '2026-04-01',
    betragCent: -4_800,
    kontoId: k.kassa,
    buchungskontoId: k.bk.material,
    text: 'Material',
    ...over,
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.body;
};

function hochladen(kassabuchID: number, files: { name: string; content: Buffer }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.content)]), f.name);
  return kassier.request<Beleg[] & Problem>('POST', 'Kassa/UpdateKassabuchBeleg', {
    rawBody: form,
    query: { kassabuchID },
  });
}

describe('receipts', () => {
  it('attaches several, lists them, shows one inline and deletes one', async () => {
    const e = await buche();
    const res = await hochladen(e.id, [
      { name: 'rechnung.pdf', content: PDF },
      { name: 'foto.png', content: PNG },
      { name: 'kassazettel.jpg', content: JPEG },
    ]);
    expect(res.status).toBe(200);
    // Files of one request are stored in the order their upload finished (src/http/upload.ts), so
    // compare them by name, not by position.
    const nachName = (bs: Beleg[]) => [...bs].sort((a, b) => a.name.localeCompare(b.name));
    expect(nachName(res.body).map((b) => [b.name, b.mime])).toEqual([
      ['foto.png', 'image/png'],
      ['kassazettel.jpg', 'image/jpeg'],
      ['rechnung.pdf', 'application/pdf'],
    ]);
    const liste = await kassier.get<Beleg[]>('Kassa/KassabuchBelegUpdate', { kassabuchID: e.id });
    expect(liste.body).toEqual(res.body);
    const buch = await kassier.get<KassabuchAntwort>('Kassa/GetKassabuch', { entryID: e.id });
    expect(buch.body.eintraege[0]?.belege).toEqual(res.body);

    const pdf = res.body.find((b) => b.name === 'rechnung.pdf') as Beleg;
    const datei = await kassier.get('Kassa/GetBeleg', { belegID: pdf.id, inline: true });
    expect(datei.status).toBe(200);
    expect(datei.headers.get('content-type')).toBe('application/pdf');
    expect(datei.headers.get('content-disposition')).toMatch(/^inline; filename="rechnung.pdf"/);
    expect(datei.buffer.equals(PDF)).toBe(true);

    const del = await kassier.delete('Kassa/DeleteBeleg', { belegID: pdf.id });
    expect(del.status).toBe(204);
    expect((await kassier.get<Beleg[]>('Kassa/KassabuchBelegUpdate', { kassabuchID: e.id })).body).toHaveLength(2);
    expect((await kassier.get('Kassa/GetBeleg', { belegID: pdf.id })).status).toBe(404);
  });

  it('refuses a file type other than PDF, JPEG and PNG with 422 and stores nothing', async () => {
    const e = await buche();
    const text = await hochladen(e.id, [
      { name: 'ok.pdf', content: PDF },
      { name: 'notiz.txt', content: Buffer.from('nur Text') },
    ]);
    expect(text.status).toBe(422);
    expect(text.body.errors?.file?.[0]).toContain('nicht erlaubt');
    const falscherName = await hochladen(e.id, [{ name: 'rechnung.pdf', content: PNG }]);
    expect(falscherName.status).toBe(422);
    expect((await kassier.get<Beleg[]>('Kassa/KassabuchBelegUpdate', { kassabuchID: e.id })).body).toEqual([]);
    expect((await hochladen(999_999, [{ name: 'a.pdf', content: PDF }])).status).toBe(404);
  });

  it('keeps receipts of a checked entry: more may be added, none removed (409)', async () => {
    const e = await buche();
    const [beleg] = (await hochladen(e.id, [{ name: 'a.pdf', content: PDF }])).body;
    await kassier.request('POST', 'Kassa/CloseFilteredEntries', { query: { entryID: e.id } });
    const del = await kassier.delete<Problem>('Kassa/DeleteBeleg', { belegID: (beleg as Beleg).id });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('kassabuch_geprueft');
    const mehr = await hochladen(e.id, [{ name: 'b.png', content: PNG }]);
    expect(mehr.status).toBe(200);
    expect(mehr.body).toHaveLength(2);
  });

  it('in a closed period a receipt may still be filed, none removed (409)', async () => {
    const e = await buche({ text: 'offen im geschlossenen Jahr' });
    const [beleg] = (await hochladen(e.id, [{ name: 'a.pdf', content: PDF }])).body;
    const id = k.perioden[2026] as number;
    expect((await kassier.post('Abrechnung/CloseKassaabrechnung', undefined, { query: { id } })).status).toBe(200);
    try {
      const del = await kassier.delete<Problem>('Kassa/DeleteBeleg', { belegID: (beleg as Beleg).id });
      expect(del.status).toBe(409);
      expect(del.body.code).toBe('kassaabrechnung_geschlossen');
      const spaeter = await hochladen(e.id, [{ name: 'nachgereicht.pdf', content: PDF }]);
      expect(spaeter.status).toBe(200);
      expect(spaeter.body.map((b) => b.name)).toEqual(['a.pdf', 'nachgereicht.pdf']);
    } finally {
      await kassier.post('Abrechnung/OpenKassaabrechnung', undefined, { query: { id } });
    }
  });

  it('removes the receipts of entries deleted by filter', async () => {
    const e = await buche({ datum: '2026-08-08', text: 'wird gelöscht' });
    await hochladen(e.id, [{ name: 'weg.pdf', content: PDF }]);
    const res = await kassier.delete('Kassa/DeleteKassabuchFiltered', { entryID: e.id });
    expect(res.body).toEqual({ geloescht: 1, uebersprungen: 0 });
    expect(await app.services.db('files').where({ owner_type: 'Kassabuch', owner_id: String(e.id) })).toEqual([]);
  });

  it('hands the period’s receipts to the audit package named by Belegnummer', async () => {
    const e = await buche({ datum: '2026-09-01' });
    await hochladen(e.id, [
      { name: 'x.pdf', content: PDF },
      { name: 'x.pdf', content: PDF },
    ]);
    const paket = await belegDateien(app.services, app.services.db, k.perioden[2026] as number);
    const meine = paket.filter((p) => p.name.startsWith(`Belege/${e.belegnummer}_`));
    // A second file of the same name in one entry gets _2 before the extension.
    expect(meine.map((p) => p.name)).toEqual([`Belege/${e.belegnummer}_x.pdf`, `Belege/${e.belegnummer}_x_2.pdf`]);
    const erste = meine[0];
    if (!erste || !('stream' in erste)) throw new Error('receipts are streamed');
    const teile: Buffer[] = [];
    for await (const teil of erste.stream()) teile.push(teil as Buffer);
    expect(Buffer.concat(teile).equals(PDF)).toBe(true);
  });
});
