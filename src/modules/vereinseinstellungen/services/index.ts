// The public face of the vereinseinstellungen module: other modules and src/app.ts import only this.

/** The club's head, payee and bank account for letters (payment request, invoices, reminders). */
export { briefVerein } from './briefVerein';
export {
  abstellplatzKategorienById,
  deleteAbstellplatzKategorie,
  getAbstellplatzKategorie,
  importAbstellplatzKategorie,
  KATEGORIE_HISTORY_TYPE,
  type KategorieUsage,
  listAbstellplatzKategorien,
  registerKategorieUsage,
  saveAbstellplatzKategorie,
} from './kategorien';
export { LOGO_MAX_BYTES, saveVereinsLogo } from './logo';
export { resetMaileinstellungen, saveMaileinstellungen } from './maileinstellungen';
export { type EditableSection, editableSection, readSection, SECTIONS, type SectionKey, saveSection } from './sections';
export { getSmtpSettings, type SmtpSource } from './smtp';
export { getMfaLevel, getVereinseinstellungen, LOGO_URL } from './vereinseinstellungen';
