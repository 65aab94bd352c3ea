import { z } from 'zod';

// Mail templates (issue 16; SPEC §7 Email GetMailTemplate / UpdateMailTemplate). The UI imports these
// types and the placeholder lists.

export const MAIL_TEMPLATE_TYPEN = [
  'Zahlungsvorschreibung',
  'Rechnung',
  'Serienbrief',
  'PasswortVergessen',
  'Testmail',
  'Wasserrechnung',
] as const;
export type MailTemplateTyp = (typeof MAIL_TEMPLATE_TYPEN)[number];

export const mailTemplateTyp = z.enum(MAIL_TEMPLATE_TYPEN, {
  error: () => `Unbekannte Mail-Vorlage – erlaubt sind: ${MAIL_TEMPLATE_TYPEN.join(', ')}.`,
});

/** Every placeholder with the German description the editor shows beside the text. */
export const PLATZHALTER_BESCHREIBUNG = {
  anrede: 'Anrede der Adresse („Herr“, „Frau“, …)',
  titel: 'Titel der Adresse (z. B. „Dr.“)',
  vorname: 'Vorname',
  nachname: 'Nachname',
  name: 'Ganzer Name (Titel, Vorname, Nachname)',
  parzellen: 'Parzellen der Adresse, mit Komma getrennt',
  betrag: 'Zu zahlender Betrag (z. B. „€ 123,45“)',
  faelligAm: 'Fälligkeitsdatum (TT.MM.JJJJ)',
  zahlungsreferenz: 'Zahlungsreferenz für die Überweisung',
  rechnungsnummer: 'Rechnungsnummer',
  jahr: 'Jahr der Abrechnung',
  verein: 'Name des Vereins',
  link: 'Link zum Festlegen des neuen Passworts',
} as const;
export type PlatzhalterName = keyof typeof PLATZHALTER_BESCHREIBUNG;

const ADRESSE: PlatzhalterName[] = ['anrede', 'titel', 'vorname', 'nachname', 'name', 'parzellen'];
const ZAHLUNG: PlatzhalterName[] = ['betrag', 'faelligAm', 'zahlungsreferenz', 'jahr'];

/** The placeholders each template may use; anything else is refused on save. */
export const MAIL_TEMPLATE_PLATZHALTER: Record<MailTemplateTyp, readonly PlatzhalterName[]> = {
  Zahlungsvorschreibung: [...ADRESSE, ...ZAHLUNG, 'verein'],
  Rechnung: [...ADRESSE, ...ZAHLUNG, 'rechnungsnummer', 'verein'],
  Wasserrechnung: [...ADRESSE, ...ZAHLUNG, 'rechnungsnummer', 'verein'],
  Serienbrief: [...ADRESSE, 'verein'],
  PasswortVergessen: ['name', 'verein', 'link'],
  Testmail: ['name', 'verein'],
};

export type Platzhalter = { name: string; beschreibung: string };

export type MailTemplate = {
  typ: MailTemplateTyp;
  betreff: string;
  text: string;
  /** 0 while the default is used (no saved row). */
  version: number;
  /** True when no template was saved: the default text is shown. */
  standard: boolean;
  platzhalter: Platzhalter[];
};

export const mailTemplateQuery = z.object({ mailTemplateTyp });

const pflicht = (feld: string) =>
  z
    .string({ error: `Bitte geben Sie ${feld} ein.` })
    .trim()
    .min(1, `Bitte geben Sie ${feld} ein.`);

export const updateMailTemplateBody = z.object({
  typ: mailTemplateTyp,
  betreff: pflicht('einen Betreff').max(250, 'Der Betreff ist zu lang (höchstens 250 Zeichen).'),
  text: pflicht('einen Text').max(20000, 'Der Text ist zu lang (höchstens 20.000 Zeichen).'),
  version: z.number().int().nonnegative().nullish(),
});
export type UpdateMailTemplate = z.infer<typeof updateMailTemplateBody>;
