// The public face of the Abrechnung module: what other modules may call.
export {
  currentJahr,
  ensureYear,
  findYear,
  importPachtabrechnung,
  listPachtabrechnungen,
  resolveYear,
} from './pachtabrechnungen';
