import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasserbuchJobs } from '../../src/modules/wasserbuch/jobs';
import type { ZaehlerEichung } from '../../src/modules/wasserbuch/schema/zaehler';
import { addDays, addYears, formatGermanDate, todayIso } from '../../src/platform/dates';
import { createJobRunner, type JobRunner } from '../../src/platform/jobs/jobRunner';
import { createLogger } from '../../src/platform/logger';
import type { ApiClient } from '../helpers/apiClient';
import { buildAdresse, buildHauptwasserzaehler, buildPachtverhaeltnis, buildParzelle } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/testApp';

// Meter lifecycle: install and calibration due dates (5 years) of plot and main meters, the list of
// due meters, and the daily job that mails the Wasserwart once per due meter.

let app: TestApp;
let wasserwart: ApiClient;
let runner: JobRunner;
const email = 'wasserwart-eichung@test.kgv';
const today = todayIso();
/** A date `n` days after the day five years ago: a meter installed then is due in `n` days. */
const dueIn = (n: number) => addDays(addYears(today, -5), n);

beforeAll(async () => {
  app = await startTestApp();
  wasserwart = await app.signedIn(['Wasserwart'], email);
  runner = createJobRunner({ db: app.services.db, log: createLogger('silent'), mail: app.services.mail });
  runner.register(wasserbuchJobs);
});
afterAll(() => app.stop());

async function lesen(body: Record<string, unknown>) {
  const res = await wasserwart.post('Wasserbuch/UpdateWasserablesung', body);
  expect(res.status, res.text).toBe(200);
}
async function eichung(query: Record<string, number> = {}) {
  const res = await wasserwart.get<ZaehlerEichung[]>('Wasserbuch/GetZaehlerEichung', query);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
/** The outbox files of the mails to the Wasserwart. */
const files = async () =>
  new Set((await app.services.mail.listOutbox()).filter((m) => m.to.includes(email)).map((m) => m.file));
/** The texts of the mails to the Wasserwart not in `before`, quoted-printable undone. */
async function mails(before = new Set<string>()): Promise<string[]> {
  const entries = (await app.services.mail.listOutbox()).filter((m) => m.to.includes(email) && !before.has(m.file));
  return entries.map((m) => {
    const bytes = readFileSync(path.join(app.services.config.dataDir, 'outbox', m.file), 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

describe('Zählereichung', () => {
  let plotDue: { id: number; nummer: string };
  let plotChanged: { id: number };
  let hwzId: number;

  beforeAll(async () => {
    const hwz = await buildHauptwasserzaehler(app.services, { nummer: 'HWZ-E', eichdatum: dueIn(10) });
    hwzId = hwz.id;
    plotDue = await buildParzelle(app.services, {
      nummer: 'E-1',
      wasserzaehlerNummer: 'E-1W',
      hauptwasserzaehlerId: hwz.id,
    });
    const holder = await buildAdresse(app.services, { nachname: 'Gruber', vorname: 'Eva' });
    await buildPachtverhaeltnis(app.services, { parzelleId: plotDue.id, adresseId: holder.id, von: '2020-01-01' });
    await lesen({ datum: dueIn(30), parzelleId: plotDue.id, stand: '1' });
    await lesen({ datum: addDays(today, -200), parzelleId: plotDue.id, stand: '80' });
    // Installed a year ago: not due.
    const fresh = await buildParzelle(app.services, { nummer: 'E-2', wasserzaehlerNummer: 'E-2W' });
    await lesen({ datum: addDays(today, -365), parzelleId: fresh.id, stand: '0' });
    // Its old meter ran six years, the new one came by a meter change: due from the change date.
    plotChanged = await buildParzelle(app.services, { nummer: 'E-3', wasserzaehlerNummer: 'E-3W' });
    await lesen({ datum: addYears(today, -6), parzelleId: plotChanged.id, stand: '0' });
    const change = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
      parzelleId: plotChanged.id,
      datum: addDays(today, -100),
      endstand: '500',
      neueNummer: 'E-3N',
      anfangsstand: '0',
    });
    expect(change.status, change.text).toBe(200);
    // No reading yet: no install date.
    await buildParzelle(app.services, { nummer: 'E-4', wasserzaehlerNummer: 'E-4W' });
  });

  it('lists install and due dates of every active meter, the due ones with tage', async () => {
    const all = await eichung();
    expect(
      all.map((z) => [z.art, z.parzelleNummer, z.zaehlernummer, z.eingebautAm, z.eichungFaelligAm, z.faellig]),
    ).toEqual([
      ['hauptwasserzaehler', null, 'HWZ-E', null, addYears(dueIn(10), 5), true],
      ['parzelle', 'E-1', 'E-1W', dueIn(30), addYears(dueIn(30), 5), true],
      ['parzelle', 'E-2', 'E-2W', addDays(today, -365), addYears(addDays(today, -365), 5), false],
      ['parzelle', 'E-3', 'E-3N', addDays(today, -100), addYears(addDays(today, -100), 5), false],
      ['parzelle', 'E-4', 'E-4W', null, null, false],
    ]);
    expect(all[1]).toMatchObject({ parzelleId: plotDue.id, adresseName: 'Gruber Eva', hauptwasserzaehlerId: hwzId });
    expect((await eichung({ tage: 90 })).map((z) => z.zaehlernummer)).toEqual(['HWZ-E', 'E-1W']);
    expect((await eichung({ tage: 20 })).map((z) => z.zaehlernummer)).toEqual(['HWZ-E']);
    expect((await wasserwart.get('Wasserbuch/GetZaehlerEichung', { tage: -1 })).status).toBe(422);
    expect((await wasserwart.get('Wasserbuch/GetZaehlerEichung', { tage: 4000 })).status).toBe(422);
  });

  it('mails the Wasserwart once per due meter; a changed meter is no longer due, its new due date mails again', async () => {
    // The Wasserwart and the administrator (whose role grants every right).
    expect(await runner.runNow('wasserbuch.eichung')).toEqual({
      outcome: 'ok',
      message: '2 fällige Wasserzähler an 2 Empfänger gemeldet',
    });
    const first = await mails();
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('Guten Tag Test Wasserwart');
    expect(first[0]).toContain('zur Eichung fällig oder bereits überfällig');
    expect(first[0]).toContain('Hauptwasserzähler HWZ-E');
    expect(first[0]).toContain(`Parzelle E-1 (Gruber Eva): Zähler E-1W`);
    expect(first[0]).toContain(formatGermanDate(addYears(dueIn(30), 5)));
    expect(first[0]).not.toContain('E-2W');

    // The second run finds nothing new.
    expect((await runner.runNow('wasserbuch.eichung')).message).toBe('Keine neu fälligen Wasserzähler');
    expect(await mails()).toHaveLength(1);

    // Plot E-1's meter is replaced today: the new meter is not due, nothing to mail.
    const change = await wasserwart.post('Stammdaten/UpdateZaehlerwechsel', {
      parzelleId: plotDue.id,
      datum: today,
      endstand: '90',
      neueNummer: 'E-1N',
      anfangsstand: '0',
    });
    expect(change.status, change.text).toBe(200);
    expect((await eichung({ tage: 90 })).map((z) => z.zaehlernummer)).toEqual(['HWZ-E']);
    expect((await runner.runNow('wasserbuch.eichung')).message).toBe('Keine neu fälligen Wasserzähler');
    expect(await mails()).toHaveLength(1);

    // A new main meter after WechselHWZ gets a new calibration date: due again → one more mail.
    const wechsel = await wasserwart.post('Stammdaten/WechselHWZ', {
      id: hwzId,
      datum: today,
      endstand: '10',
      neueNummer: 'HWZ-E2',
      anfangsstand: '0',
      eichdatum: dueIn(60),
    });
    expect(wechsel.status, wechsel.text).toBe(200);
    const seen = await files();
    expect((await runner.runNow('wasserbuch.eichung')).message).toBe('1 fällige Wasserzähler an 2 Empfänger gemeldet');
    const after = await mails(seen);
    expect(after).toHaveLength(1);
    expect(after[0]).toContain('Hauptwasserzähler HWZ-E2');
    expect(after[0]).not.toContain('E-1W');
    expect(await app.services.db('wasserzaehler_eichung_erinnerungen')).toHaveLength(3);
  });
});
