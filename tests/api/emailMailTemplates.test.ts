import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/apiClient';
import { passwordLinkFromOutbox } from '../helpers/outbox';
import { startTestApp, TEST_PASSWORD, type TestApp } from '../helpers/testApp';

// Mail templates (issue 16): defaults per type, save and read back with history, placeholders
// checked on save, optimistic version, rights, reset, and the password-reset mail uses its template.

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = app.client();
  await admin.login('admin@test.kgv', TEST_PASSWORD);
});
afterAll(() => app.stop());

type Template = {
  typ: string;
  betreff: string;
  text: string;
  version: number;
  standard: boolean;
  platzhalter: { name: string; beschreibung: string }[];
};
type Problem = { status: number; code: string; title: string; errors?: Record<string, string[]> };
type HistoryEntry = { action: string; before: { text: string } | null; after: { text: string } | null };

const get = (typ: string, client = admin) =>
  client.get<Template & Problem>('Email/GetMailTemplate', { mailTemplateTyp: typ });
const save = (body: unknown, client = admin) => client.post<Template & Problem>('Email/UpdateMailTemplate', body);
const reset = (typ: string) => admin.delete<Template>('Email/ResetMailTemplate', { mailTemplateTyp: typ });

describe('mail templates', () => {
  it('answers a German default with its placeholders for every type; an unknown type is a 422', async () => {
    for (const typ of [
      'Zahlungsvorschreibung',
      'Rechnung',
      'Serienbrief',
      'PasswortVergessen',
      'Testmail',
      'Wasserrechnung',
    ]) {
      const res = await get(typ);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ typ, version: 0, standard: true });
      expect(res.body.betreff).toContain('{{verein}}');
      expect(res.body.text.length).toBeGreaterThan(20);
      expect(res.body.platzhalter.every((p) => p.beschreibung.length > 3)).toBe(true);
    }
    const zv = (await get('Zahlungsvorschreibung')).body;
    expect(zv.platzhalter.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'anrede',
        'titel',
        'vorname',
        'nachname',
        'parzellen',
        'betrag',
        'faelligAm',
        'zahlungsreferenz',
        'verein',
      ]),
    );
    expect(zv.platzhalter.map((p) => p.name)).not.toContain('link');
    expect((await get('PasswortVergessen')).body.platzhalter.map((p) => p.name)).toEqual(['name', 'verein', 'link']);

    const unknown = await get('Mahnung');
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body)).toContain('Unbekannte Mail-Vorlage');
  });

  it('saves, reads back, keeps history and refuses a stale version', async () => {
    const first = await save({
      typ: 'Serienbrief',
      betreff: 'Neuigkeiten – {{verein}}',
      text: 'Liebe(r) {{vorname}},\nHallo.',
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      typ: 'Serienbrief',
      version: 1,
      standard: false,
      betreff: 'Neuigkeiten – {{verein}}',
    });
    expect((await get('Serienbrief')).body).toEqual(first.body);

    const second = await save({ typ: 'Serienbrief', betreff: 'Neuigkeiten', text: 'Text 2 {{ name }}', version: 1 });
    expect(second.status, second.text).toBe(200);
    expect(second.body.version).toBe(2);

    const stale = await save({ typ: 'Serienbrief', betreff: 'Alt', text: 'Alt', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect((await get('Serienbrief')).body.text).toBe('Text 2 {{ name }}');

    const history = (await admin.get<HistoryEntry[]>('Common/GetHistory', { entityID: 'MailTemplate:Serienbrief' }))
      .body;
    expect(history.map((h) => h.action).sort()).toEqual(['create', 'update']);

    const back = await reset('Serienbrief');
    expect(back.status, back.text).toBe(200);
    expect(back.body).toMatchObject({ standard: true, version: 0 });
    expect((await get('Serienbrief')).body.text).not.toContain('Text 2');
  });

  it('refuses unknown or not-allowed placeholders and empty fields, naming them, and writes nothing', async () => {
    const bad = await save({ typ: 'Testmail', betreff: 'Test {{foo}}', text: 'Hallo {{name}}, {{link}}' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.betreff).toEqual(['Unbekannter Platzhalter {{foo}} – erlaubt sind: {{name}}, {{verein}}.']);
    expect(bad.body.errors?.text?.[0]).toContain('{{link}}');
    const empty = await save({ typ: 'Testmail', betreff: '  ', text: '' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(['betreff', 'text']);
    expect((await get('Testmail')).body).toMatchObject({ standard: true, version: 0 });
    const history = (await admin.get<HistoryEntry[]>('Common/GetHistory', { entityID: 'MailTemplate:Testmail' })).body;
    expect(history).toEqual([]);
  });

  it('lets a Wasserwart neither read nor save; a Rechnungsprüfer reads only', async () => {
    const wasserwart = await app.signedIn(['Wasserwart']);
    expect((await get('Testmail', wasserwart)).status).toBe(403);
    expect((await save({ typ: 'Testmail', betreff: 'x', text: 'y' }, wasserwart)).status).toBe(403);
    const pruefer = await app.signedIn(['Rechnungsprüfer']);
    expect((await get('Testmail', pruefer)).status).toBe(200);
    expect((await save({ typ: 'Testmail', betreff: 'x', text: 'y' }, pruefer)).status).toBe(403);
  });

  it('sends the password-reset mail from the saved PasswortVergessen template', async () => {
    const email = 'vorlage-reset@test.kgv';
    await app.signedIn(['Kassier'], email);
    const saved = await save({
      typ: 'PasswortVergessen',
      betreff: 'Neues Passwort für {{verein}}',
      text: 'Hallo {{name}}!\nHier entlang: {{link}}\nVerein: [{{verein}}]',
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      expect((await app.client().post('User/ForgotPassword', { email })).status).toBe(204);
      const { raw, token } = await passwordLinkFromOutbox(app, email);
      expect(token.length).toBeGreaterThan(30);
      expect(raw).toContain('Hier entlang: ');
      expect(raw).toContain('/resetpassword?email=vorlage-reset%40test.kgv&token=');
      expect(raw).not.toContain('{{');
      expect(raw).not.toContain('Verein: []');
    } finally {
      await reset('PasswortVergessen');
    }
  });
});
