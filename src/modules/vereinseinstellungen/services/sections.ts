import type { z } from 'zod';
import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import type { AppServices } from '../../../platform/services';
import { setSection } from '../../../platform/settings/settings';
import {
  type Adresse,
  type Anzahl,
  adresseSchema,
  anzahlSchema,
  type Bank,
  bankSchema,
  type Kontakt,
  kontaktSchema,
  type Optionen,
  type OptionenAbrechnung,
  type OptionenKassa,
  type OptionenWasser,
  optionenAbrechnungSchema,
  optionenKassaSchema,
  optionenSchema,
  optionenWasserSchema,
  type Texte,
  type Texte2,
  texte2Schema,
  texteSchema,
} from '../schema';
import { invalidateSettingsCache } from './cache';
import { parseInput } from './input';
import { claimSectionVersion } from './sectionVersions';

export const HISTORY_TYPE = 'Vereinseinstellungen';

type Value = string | number | boolean;
type SectionDef<T extends Record<string, Value>> = {
  /** The `settings.section` the values are stored under (spec §3 names). */
  section: string;
  schema: z.ZodType<T, unknown>;
  defaults: T;
};

const def = <T extends Record<string, Value>>(d: SectionDef<T>) => d;

/**
 * The plain sections: stored as key/value rows under their spec name, answered under their
 * camelCase key. Mail (encrypted password) and IconFile (a file) have their own services.
 */
export const SECTIONS = {
  adresse: def<Adresse>({
    section: 'Adresse',
    schema: adresseSchema,
    defaults: { name: '', zusatz: '', strasse: '', plz: '', ort: '', land: 'Österreich', zvrZahl: '' },
  }),
  kontakt: def<Kontakt>({
    section: 'Kontakt',
    schema: kontaktSchema,
    defaults: { telefon: '', email: '', website: '', sprechstunden: '' },
  }),
  bank: def<Bank>({
    section: 'Bank',
    schema: bankSchema,
    defaults: { kontoinhaber: '', iban: '', bic: '', bankname: '', glaeubigerId: '' },
  }),
  texte: def<Texte>({
    section: 'Texte',
    schema: texteSchema,
    defaults: {
      zahlungsvorschreibungEinleitung: '',
      zahlungsvorschreibungSchluss: '',
      mahnungText: '',
      rechnungText: '',
    },
  }),
  texte2: def<Texte2>({
    section: 'Texte2',
    schema: texte2Schema,
    defaults: { wasserrechnungText: '', serienbriefFusszeile: '', emailSignatur: '' },
  }),
  anzahl: def<Anzahl>({
    section: 'Anzahl',
    schema: anzahlSchema,
    defaults: {
      zahlungszielTage: 14,
      mahngebuehrStufe2Cent: 500,
      mahngebuehrStufe3Cent: 1000,
      parkkartenProParzelle: 1,
    },
  }),
  optionen: def<Optionen>({ section: 'Optionen', schema: optionenSchema, defaults: { mfa: 0, flags: 0 } }),
  optionenWasser: def<OptionenWasser>({
    section: 'OptionenWasser',
    schema: optionenWasserSchema,
    defaults: {
      schwundMethode: 'proportional',
      verbrauchsWarnFaktor: '3.0',
      schwundWarnProzent: '30',
      akontoMindestCent: 0,
    },
  }),
  optionenAbrechnung: def<OptionenAbrechnung>({
    section: 'OptionenAbrechnung',
    schema: optionenAbrechnungSchema,
    defaults: { rechnungenTeilen: false, zvSortierung: 'parzelle', zahlscheinDrucken: true },
  }),
  optionenKassa: def<OptionenKassa>({
    section: 'OptionenKassa',
    schema: optionenKassaSchema,
    defaults: { steuerpflichtig: false, sofortabschreibungGrenzeCent: 100_000 },
  }),
};

export type SectionKey = keyof typeof SECTIONS;
export type SectionValue<K extends SectionKey> = (typeof SECTIONS)[K]['defaults'];
/** What `edit=` of UpdateVereinseinstellungen may name: the plain sections and Mail. */
export type EditableSection = SectionKey | 'mail';

const EDITABLE: Record<string, EditableSection> = Object.fromEntries([
  ...(Object.keys(SECTIONS) as SectionKey[]).map((k) => [k.toLowerCase(), k] as const),
  ['mail', 'mail'] as const,
]);

export const EDITABLE_SECTION_NAMES = [...(Object.values(SECTIONS).map((s) => s.section) as string[]), 'Mail'];

/** `edit=adresse`, `edit=Adresse`, `edit=OPTIONENWASSER` …; anything else is a 422 on `edit`. */
export function editableSection(edit: string | undefined): EditableSection {
  const name = (edit ?? '').trim();
  if (!name) throw validationFailed({ edit: ['Bitte geben Sie den Abschnitt an (edit=…).'] });
  const key = EDITABLE[name.toLowerCase()];
  if (key) return key;
  if (name.toLowerCase() === 'iconfile') {
    throw validationFailed({ edit: ['Das Vereinslogo wird über UpdateVereinsLogo hochgeladen.'] });
  }
  throw validationFailed({
    edit: [`Unbekannter Abschnitt „${name.slice(0, 50)}“. Möglich sind: ${EDITABLE_SECTION_NAMES.join(', ')}.`],
  });
}

/**
 * Stored strings back to typed values, field by field; a missing or unreadable value takes the
 * default (values are validated when written, so this only happens for rows written by hand).
 */
export function fromStored<T extends Record<string, Value>>(defaults: T, stored: Record<string, string | null>): T {
  const out: Record<string, Value> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const raw = stored[key];
    if (raw == null) out[key] = fallback;
    else if (typeof fallback === 'number') out[key] = /^-?\d+$/.test(raw.trim()) ? Number(raw) : fallback;
    else if (typeof fallback === 'boolean') out[key] = raw === 'true' || raw === '1';
    else out[key] = raw;
  }
  return out as T;
}

export function toStored(values: Record<string, Value>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
}

/** The settings rows of the given sections in one query, grouped by section. */
export async function loadSections(db: Db, sections: string[]): Promise<Map<string, Record<string, string | null>>> {
  const rows = await db('settings').whereIn('section', sections).select('section', 'key', 'value');
  const out = new Map<string, Record<string, string | null>>(sections.map((s) => [s, {}]));
  for (const r of rows) {
    const values = out.get(r.section);
    if (values) values[r.key] = r.value;
  }
  return out;
}

export async function readSection<K extends SectionKey>(db: Db, key: K): Promise<SectionValue<K>> {
  const d = SECTIONS[key];
  const rows = await loadSections(db, [d.section]);
  return fromStored(d.defaults, rows.get(d.section) ?? {}) as SectionValue<K>;
}

/**
 * Replaces one section with the given object (validated here, so the CLI and the demo seed get the
 * same checks as the API) and notes before/after in the history, in the caller's transaction.
 */
export async function saveSection<K extends SectionKey>(
  services: AppServices,
  db: Db,
  actor: Actor,
  key: K,
  input: unknown,
): Promise<SectionValue<K>> {
  const d = SECTIONS[key];
  const { version, ...values } = parseInput(d.schema, input) as Record<string, Value> & { version?: number };
  await claimSectionVersion(db, d.section, version);
  const before = await readSection(db, key);
  await setSection(db, d.section, toStored(values), actor.userId);
  const after = await readSection(db, key);
  await recordHistory(db, actor, { entityType: HISTORY_TYPE, entityId: d.section, action: 'update', before, after });
  invalidateSettingsCache(services, db);
  return after;
}
