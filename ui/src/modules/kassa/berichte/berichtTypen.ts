// The reports' JSON answers are the server's types (ADR 0005: import, never copy):
// src/modules/kassa/schema/berichte.ts and, for the Anlagebericht, schema/anlagen.ts.
export type { AnlageberichtAntwort } from '../../../../../src/modules/kassa/schema/anlagen';
export {
  GRUPPIERUNGEN,
  type Gruppierung,
  type Kassabericht,
  type Kontobericht,
  type KontoberichtEintrag,
  type Kostenaufstellung,
  type Steuerbericht,
} from '../../../../../src/modules/kassa/schema/berichte';
