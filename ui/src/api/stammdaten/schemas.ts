// The server's request schemas (src/modules/stammdaten/schema) and the answer types kept there. A
// dialog checks its body with the very schema the API checks it with: the same rules and German
// messages before the round trip, and a body whose type cannot drift from what the server accepts.
export {
  abstellplatzBody,
  neuzuordnungBody,
  parkkartenInfoBody,
  zuordnungBody,
} from '../../../../src/modules/stammdaten/schema/abstellplaetze';
export {
  type AdresseJahr,
  adresseBody,
  type ParzelleImJahr,
  weiterePersonBody,
} from '../../../../src/modules/stammdaten/schema/adressen';
export { funktionaerBody, funktionBody } from '../../../../src/modules/stammdaten/schema/funktionen';
export { hauptwasserzaehlerBody, wechselBody } from '../../../../src/modules/stammdaten/schema/hauptwasserzaehler';
export { gartenwechselBody, gruppeBody, parzelleBody } from '../../../../src/modules/stammdaten/schema/parzellen';
