import type { z } from 'zod';
import { ensureYear } from '../../src/modules/abrechnung/services';
import { abstellplatzBody, neuzuordnungBody } from '../../src/modules/stammdaten/schema/abstellplaetze';
import { adresseBody, weiterePersonBody } from '../../src/modules/stammdaten/schema/adressen';
import { funktionaerBody, funktionBody } from '../../src/modules/stammdaten/schema/funktionen';
import { hauptwasserzaehlerBody } from '../../src/modules/stammdaten/schema/hauptwasserzaehler';
import { gruppeBody, parzelleBody } from '../../src/modules/stammdaten/schema/parzellen';
import { saveAbstellplatz } from '../../src/modules/stammdaten/services/abstellplaetze';
import { neuzuordnung } from '../../src/modules/stammdaten/services/abstellplatzZuordnungen';
import { saveFunktion, saveFunktionaer } from '../../src/modules/stammdaten/services/funktionen';
import { executeGartenwechsel } from '../../src/modules/stammdaten/services/gartenwechsel';
import { saveGruppe } from '../../src/modules/stammdaten/services/gruppen';
import { saveHauptwasserzaehler } from '../../src/modules/stammdaten/services/hauptwasserzaehler';
import { saveParzelle } from '../../src/modules/stammdaten/services/parzellen';
import { saveAdresse } from '../../src/modules/stammdaten/services/saveAdresse';
import { saveWeiterePerson } from '../../src/modules/stammdaten/services/weiterePersonen';
import { createUser } from '../../src/modules/user/services';
import { saveAbstellplatzKategorie } from '../../src/modules/vereinseinstellungen/services';
import { systemActor } from '../../src/platform/auth/principal';
import { nowDb } from '../../src/platform/db/db';
import type { AppServices } from '../../src/platform/services';
import { TEST_PASSWORD } from './testApp';

// Factories (ADR 0004): each builds one record through the same service and schema the API uses,
// with defaults that are unique in the database, and creates the parents it needs itself. Tests
// pass only what they assert on; no test depends on rows another test made.

const actor = systemActor('Test');
let sequence = 0;
/** A number no other record of this test process got. */
const next = () => ++sequence;

type Services = AppServices;

export async function buildGruppe(services: Services, overrides: Partial<z.input<typeof gruppeBody>> = {}) {
  const data = gruppeBody.parse({ id: 0, name: `Gruppe ${next()}`, ...overrides });
  return saveGruppe(services.db, actor, data);
}

export async function buildParzelle(services: Services, overrides: Partial<z.input<typeof parzelleBody>> = {}) {
  const data = parzelleBody.parse({ id: 0, nummer: `F-${next()}`, ...overrides });
  return saveParzelle(services.db, actor, data);
}

export async function buildAdresse(services: Services, overrides: Partial<z.input<typeof adresseBody>> = {}) {
  const n = next();
  const data = adresseBody.parse({ id: 0, nachname: `Testperson${n}`, vorname: 'Anna', ...overrides });
  return saveAdresse(services, services.db, actor, data);
}

/** A Gartenwechsel: from `datum` the plot is `adresse`'s (both built when not given). */
export async function buildGartenwechsel(
  services: Services,
  input: { parzelleId?: number; adresseId?: number; datum?: string } = {},
) {
  const parzelleId = input.parzelleId ?? (await buildParzelle(services)).id;
  const neueAdresseId = input.adresseId ?? (await buildAdresse(services)).id;
  return executeGartenwechsel(services.db, actor, { parzelleId, neueAdresseId, datum: input.datum ?? '2020-01-01' });
}

/**
 * A Pachtverhältnis from `von`, open-ended through a Gartenwechsel. A closed one (`bis`) is written
 * directly: the services end a lease only by the next holder's Gartenwechsel, and a test of
 * history often needs a gap or a period that no change made.
 */
export async function buildPachtverhaeltnis(
  services: Services,
  input: { parzelleId?: number; adresseId?: number; von?: string; bis?: string | null } = {},
): Promise<{ parzelleId: number; adresseId: number }> {
  const parzelleId = input.parzelleId ?? (await buildParzelle(services)).id;
  const adresseId = input.adresseId ?? (await buildAdresse(services)).id;
  const von = input.von ?? '2020-01-01';
  if (input.bis == null) {
    await executeGartenwechsel(services.db, actor, { parzelleId, neueAdresseId: adresseId, datum: von });
  } else {
    await services
      .db('pachtverhaeltnisse')
      .insert({ parzelle_id: parzelleId, adresse_id: adresseId, von, bis: input.bis, created_at: nowDb() });
  }
  return { parzelleId, adresseId };
}

/** The billing year `jahr` (created when missing). */
export async function buildPachtabrechnung(services: Services, jahr: number) {
  return ensureYear(services.db, jahr);
}

/** A user with `roles` (role names) and the test password. */
export async function buildUser(
  services: Services,
  overrides: { email?: string; name?: string; roles?: string[]; password?: string } = {},
) {
  const n = next();
  return createUser(
    services.db,
    {
      email: overrides.email ?? `user${n}-${process.pid}@test.kgv`,
      name: overrides.name ?? `Test ${n}`,
      password: overrides.password ?? TEST_PASSWORD,
      roles: overrides.roles ?? ['Obmann'],
    },
    actor,
  );
}

/** A further person (Weitere Person) of `adresseId` (built when not given). */
export async function buildWeiterePerson(
  services: Services,
  overrides: Partial<z.input<typeof weiterePersonBody>> = {},
) {
  const adresseId = overrides.adresseId ?? (await buildAdresse(services)).id;
  const data = weiterePersonBody.parse({ id: 0, nachname: `Weitere${next()}`, ...overrides, adresseId });
  return saveWeiterePerson(services.db, actor, data);
}

/** A main water meter (Hauptwasserzähler) with a unique number. */
export async function buildHauptwasserzaehler(
  services: Services,
  overrides: Partial<z.input<typeof hauptwasserzaehlerBody>> = {},
) {
  const data = hauptwasserzaehlerBody.parse({ id: 0, nummer: `HWZ-${next()}`, ...overrides });
  return saveHauptwasserzaehler(services.db, actor, data);
}

/** A parking-space category (Vereinseinstellungen) with a unique name. */
export async function buildAbstellplatzKategorie(
  services: Services,
  overrides: { name?: string; jahresgebuehrCent?: number; aktiv?: boolean } = {},
) {
  return saveAbstellplatzKategorie(services.db, actor, { id: 0, name: `Kategorie ${next()}`, ...overrides });
}

/** A parking space in `kategorieId` (a category is built when not given). */
export async function buildAbstellplatz(services: Services, overrides: Partial<z.input<typeof abstellplatzBody>> = {}) {
  const kategorieId = overrides.kategorieId ?? (await buildAbstellplatzKategorie(services)).id;
  const data = abstellplatzBody.parse({ id: 0, nummer: `A-${next()}`, ...overrides, kategorieId });
  return saveAbstellplatz(services.db, actor, data);
}

/** Assigns a parking space to an address from `datum` (space and address built when not given). */
export async function buildAbstellplatzZuordnung(
  services: Services,
  input: { abstellplatzId?: number; adresseId?: number; datum?: string } = {},
) {
  const abstellplatzId = input.abstellplatzId ?? (await buildAbstellplatz(services)).id;
  const adresseId = input.adresseId ?? (await buildAdresse(services)).id;
  const data = neuzuordnungBody.parse({ abstellplatzId, adresseId, datum: input.datum ?? '2020-01-01' });
  return neuzuordnung(services.db, actor, data);
}

/** A Funktion (office such as Obmann) with a unique name. */
export async function buildFunktion(services: Services, overrides: Partial<z.input<typeof funktionBody>> = {}) {
  const data = funktionBody.parse({ id: 0, name: `Funktion ${next()}`, ...overrides });
  return saveFunktion(services.db, actor, data);
}

/** A Funktionär: `adresseId` holds `funktionId` from `von` (Funktion and address built when not given). */
export async function buildFunktionaer(services: Services, overrides: Partial<z.input<typeof funktionaerBody>> = {}) {
  const funktionId = overrides.funktionId ?? (await buildFunktion(services)).id;
  const adresseId = overrides.adresseId ?? (await buildAdresse(services)).id;
  const data = funktionaerBody.parse({ id: 0, von: '2020-01-01', ...overrides, funktionId, adresseId });
  return saveFunktionaer(services.db, actor, data);
}
