import {
  MAIL_TEMPLATE_PLATZHALTER,
  type MailTemplateTyp,
  PLATZHALTER_BESCHREIBUNG,
  type Platzhalter,
} from '../schema/mailTemplate';

// Placeholders of the mail templates: `{{name}}` (spaces inside the braces allowed), filled by
// fuelleVorlage and checked on save by unerlaubtePlatzhalter. Pure functions, no database.

const PLATZHALTER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Fills every `{{name}}` from `werte`; a missing (or null) value becomes ''. */
export function fuelleVorlage(text: string, werte: Record<string, string | number | null | undefined>): string {
  return text.replace(PLATZHALTER, (_, name: string) => {
    const wert = Object.hasOwn(werte, name) ? werte[name] : undefined;
    return wert === undefined || wert === null ? '' : String(wert);
  });
}

/** The placeholders of `text` that `typ` does not allow, each once, in order of appearance. */
export function unerlaubtePlatzhalter(typ: MailTemplateTyp, text: string): string[] {
  const erlaubt = new Set<string>(MAIL_TEMPLATE_PLATZHALTER[typ]);
  const falsch: string[] = [];
  for (const m of text.matchAll(PLATZHALTER)) {
    const name = m[1] ?? '';
    if (!erlaubt.has(name) && !falsch.includes(name)) falsch.push(name);
  }
  return falsch;
}

/** The placeholders of `typ` with their German descriptions, for the editor. */
export function platzhalterListe(typ: MailTemplateTyp): Platzhalter[] {
  return MAIL_TEMPLATE_PLATZHALTER[typ].map((name) => ({ name, beschreibung: PLATZHALTER_BESCHREIBUNG[name] }));
}

/** „Unbekannter Platzhalter {{foo}} – erlaubt sind: {{name}}, …“ */
export function platzhalterFehler(typ: MailTemplateTyp, falsch: string[]): string {
  const namen = falsch.map((n) => `{{${n}}}`).join(', ');
  const erlaubt = MAIL_TEMPLATE_PLATZHALTER[typ].map((n) => `{{${n}}}`).join(', ');
  return `${falsch.length > 1 ? 'Unbekannte Platzhalter' : 'Unbekannter Platzhalter'} ${namen} – erlaubt sind: ${erlaubt}.`;
}

/** The German (de-AT) default of every template, used until the club saves its own. */
export const STANDARD_MAIL_TEMPLATES: Record<MailTemplateTyp, { betreff: string; text: string }> = {
  Zahlungsvorschreibung: {
    betreff: 'Zahlungsvorschreibung {{jahr}} – {{verein}}',
    text: [
      'Sehr geehrte(r) {{anrede}} {{name}},',
      '',
      'im Anhang finden Sie die Zahlungsvorschreibung {{jahr}} für Ihre Parzelle(n) {{parzellen}}.',
      'Bitte überweisen Sie {{betrag}} bis {{faelligAm}} mit der Zahlungsreferenz {{zahlungsreferenz}}.',
      '',
      'Mit freundlichen Grüßen',
      '{{verein}}',
    ].join('\n'),
  },
  Rechnung: {
    betreff: 'Rechnung {{rechnungsnummer}} – {{verein}}',
    text: [
      'Sehr geehrte(r) {{anrede}} {{name}},',
      '',
      'im Anhang finden Sie die Rechnung {{rechnungsnummer}} für Ihre Parzelle(n) {{parzellen}}.',
      'Bitte überweisen Sie {{betrag}} bis {{faelligAm}} mit der Zahlungsreferenz {{zahlungsreferenz}}.',
      '',
      'Mit freundlichen Grüßen',
      '{{verein}}',
    ].join('\n'),
  },
  Wasserrechnung: {
    betreff: 'Wasserrechnung {{jahr}} – {{verein}}',
    text: [
      'Sehr geehrte(r) {{anrede}} {{name}},',
      '',
      'im Anhang finden Sie die Wasserrechnung {{jahr}} für Ihre Parzelle(n) {{parzellen}}.',
      'Bitte überweisen Sie {{betrag}} bis {{faelligAm}} mit der Zahlungsreferenz {{zahlungsreferenz}}.',
      '',
      'Mit freundlichen Grüßen',
      '{{verein}}',
    ].join('\n'),
  },
  Serienbrief: {
    betreff: 'Mitteilung – {{verein}}',
    text: ['Sehr geehrte(r) {{anrede}} {{name}},', '', '', '', 'Mit freundlichen Grüßen', '{{verein}}'].join('\n'),
  },
  PasswortVergessen: {
    betreff: 'Passwort zurücksetzen – {{verein}}',
    text: [
      'Guten Tag {{name}},',
      '',
      'Sie haben ein neues Passwort für die Vereinsverwaltung von {{verein}} angefordert.',
      'Über diesen Link legen Sie es fest:',
      '',
      '{{link}}',
      '',
      'Der Link ist eine Stunde gültig und funktioniert einmal.',
      'Wenn Sie nichts angefordert haben, können Sie diese Nachricht ignorieren; Ihr Passwort bleibt unverändert.',
    ].join('\n'),
  },
  Testmail: {
    betreff: 'Testnachricht – {{verein}}',
    text: [
      'Guten Tag {{name}},',
      '',
      'das ist eine Testnachricht der Vereinsverwaltung von {{verein}}.',
      'Wenn Sie sie lesen, funktioniert der Mailversand.',
    ].join('\n'),
  },
};
