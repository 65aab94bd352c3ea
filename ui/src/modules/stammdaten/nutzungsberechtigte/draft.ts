import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { ADRESSE_FLAGS, type Adresse, type AdresseInput } from '../../../api/stammdaten/adressen';
import { adresseBody } from '../../../api/stammdaten/schemas';
import { schemaErrors } from '../../../lib/schemaErrors';
import { DATE_ERROR } from './format';

/** The Stammdaten form's values: dates as typed (de-AT), flags as checkboxes. */
export interface AdresseDraft {
  anrede: string;
  titel: string;
  vorname: string;
  nachname: string;
  strasse: string;
  plz: string;
  ort: string;
  land: string;
  telefon: string;
  mobil: string;
  email: string;
  geburtsdatum: string;
  eintrittsdatum: string;
  austrittsdatum: string;
  hauptwohnsitz: boolean;
  bevorzugtEmail: boolean;
  kgvMitglied: boolean;
  kgvMitarbeiter: boolean;
  adresstyp: string;
  iban: string;
  zeitungErlaubt: boolean;
  notiz: string;
}

export type DraftField = keyof AdresseDraft;
export const DATE_FIELDS = ['geburtsdatum', 'eintrittsdatum', 'austrittsdatum'] as const;

export const EMPTY_DRAFT: AdresseDraft = {
  anrede: '',
  titel: '',
  vorname: '',
  nachname: '',
  strasse: '',
  plz: '',
  ort: '',
  land: 'Österreich',
  telefon: '',
  mobil: '',
  email: '',
  geburtsdatum: '',
  eintrittsdatum: '',
  austrittsdatum: '',
  hauptwohnsitz: false,
  bevorzugtEmail: false,
  kgvMitglied: true,
  kgvMitarbeiter: false,
  adresstyp: '1',
  iban: '',
  zeitungErlaubt: false,
  notiz: '',
};

export function draftFromAdresse(a: Adresse): AdresseDraft {
  const has = (bit: number) => (a.flags & bit) !== 0;
  return {
    anrede: a.anrede ?? '',
    titel: a.titel ?? '',
    vorname: a.vorname ?? '',
    nachname: a.nachname ?? '',
    strasse: a.strasse ?? '',
    plz: a.plz ?? '',
    ort: a.ort ?? '',
    land: a.land ?? '',
    telefon: a.telefon ?? '',
    mobil: a.mobil ?? '',
    email: a.email ?? '',
    geburtsdatum: formatGermanDate(a.geburtsdatum),
    eintrittsdatum: formatGermanDate(a.eintrittsdatum),
    austrittsdatum: formatGermanDate(a.austrittsdatum),
    hauptwohnsitz: has(ADRESSE_FLAGS.hauptwohnsitz),
    bevorzugtEmail: has(ADRESSE_FLAGS.bevorzugtEmail),
    kgvMitglied: has(ADRESSE_FLAGS.kgvMitglied),
    kgvMitarbeiter: has(ADRESSE_FLAGS.kgvMitarbeiter),
    adresstyp: String(a.adresstyp ?? 1),
    iban: a.iban ?? '',
    zeitungErlaubt: Boolean(a.zeitungErlaubt),
    notiz: a.notiz ?? '',
  };
}

/**
 * Checks before sending, with the API's own schema (every mistake at once, the server's words);
 * a date the form cannot read as TT.MM.JJJJ says so instead.
 */
export function validateDraft(d: AdresseDraft): Partial<Record<DraftField, string>> {
  const errors = schemaErrors(adresseBody, inputFromDraft(d), Object.keys(d) as DraftField[]).fields;
  for (const field of DATE_FIELDS) if (parseGermanDate(d[field]) === undefined) errors[field] = DATE_ERROR;
  return errors;
}

/** The JSON for UpdateAdresse: flags summed, dates ISO. */
export function inputFromDraft(d: AdresseDraft, id?: number, version?: number): AdresseInput {
  const flags =
    (d.hauptwohnsitz ? ADRESSE_FLAGS.hauptwohnsitz : 0) +
    (d.bevorzugtEmail ? ADRESSE_FLAGS.bevorzugtEmail : 0) +
    (d.kgvMitglied ? ADRESSE_FLAGS.kgvMitglied : 0) +
    (d.kgvMitarbeiter ? ADRESSE_FLAGS.kgvMitarbeiter : 0);
  return {
    ...(id ? { id, ...(version ? { version } : {}) } : {}),
    anrede: d.anrede,
    titel: d.titel.trim(),
    vorname: d.vorname.trim(),
    nachname: d.nachname.trim(),
    strasse: d.strasse.trim(),
    plz: d.plz.trim(),
    ort: d.ort.trim(),
    land: d.land.trim(),
    telefon: d.telefon.trim(),
    mobil: d.mobil.trim(),
    email: d.email.trim(),
    geburtsdatum: parseGermanDate(d.geburtsdatum) ?? null,
    eintrittsdatum: parseGermanDate(d.eintrittsdatum) ?? null,
    austrittsdatum: parseGermanDate(d.austrittsdatum) ?? null,
    flags,
    adresstyp: Number(d.adresstyp),
    iban: d.iban.trim(),
    zeitungErlaubt: d.zeitungErlaubt,
    notiz: d.notiz,
  };
}

/** The saved record's editable fields (multipart `data` of an upload). */
export function inputFromAdresse(a: Adresse): AdresseInput {
  return {
    id: a.id,
    // A stale record must not overwrite a newer one when files are uploaded with it.
    ...(a.version ? { version: a.version } : {}),
    anrede: a.anrede,
    titel: a.titel,
    vorname: a.vorname,
    nachname: a.nachname,
    strasse: a.strasse,
    plz: a.plz,
    ort: a.ort,
    land: a.land,
    telefon: a.telefon,
    mobil: a.mobil,
    email: a.email,
    geburtsdatum: a.geburtsdatum,
    eintrittsdatum: a.eintrittsdatum,
    austrittsdatum: a.austrittsdatum,
    flags: a.flags,
    adresstyp: a.adresstyp,
    iban: a.iban,
    zeitungErlaubt: a.zeitungErlaubt,
    notiz: a.notiz,
  };
}

export function sameDraft(a: AdresseDraft, b: AdresseDraft): boolean {
  return (Object.keys(a) as DraftField[]).every((key) => a[key] === b[key]);
}
