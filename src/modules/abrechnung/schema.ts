// Answer types of the Abrechnung module, shared with the UI (no server-only imports here).

/** One billing year (Pachtabrechnung): the scope of every yearly value. */
export type Pachtabrechnung = { id: number; jahr: number; bezeichnung: string };
