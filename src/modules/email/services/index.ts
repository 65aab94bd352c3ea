// The E-Mail module's public services: other modules (user's password mail, later the dispatch)
// import from here only.
export { ladeMailTemplate, MAIL_TEMPLATE_HISTORY_TYPE, resetMailTemplate, saveMailTemplate } from './mailTemplates';
export { fuelleVorlage, platzhalterListe, STANDARD_MAIL_TEMPLATES, unerlaubtePlatzhalter } from './platzhalter';
