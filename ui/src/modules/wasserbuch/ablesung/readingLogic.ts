import { formatCubic, readingToWire } from '../../../lib/format';

// The arithmetic of the reading round, free of React: what a typed reading means, the live
// consumption beside it and the plausibility flags shown while typing. Readings are compared in
// whole litres (integers), so "150,25" and "150.250" are the same and nothing is lost to floats.

/**
 * How many times the last consumption a new one may be before it is flagged: the round answers
 * the year's factor (Wassergrunddaten, else the settings); 3 (issue 12) until it is known.
 */
export const VERBRAUCH_WARN_FAKTOR = '3';

export const STAND_HINT = 'Bitte eine Zahl mit höchstens 3 Nachkommastellen eingeben, z. B. 150,25.';
export const KLEINER_ALS_LETZTE = 'kleiner als die letzte Ablesung';
/** "mehr als 2,5-mal der letzte Verbrauch" for the factor "2.5". */
export function mehrAlsFaktor(faktor: string): string {
  return `mehr als ${Number(faktor).toLocaleString('de-AT')}-mal der letzte Verbrauch`;
}
export const MEHR_ALS_FAKTOR = mehrAlsFaktor(VERBRAUCH_WARN_FAKTOR);

/** What the input holds: nothing (not read), a reading for the server, or text that is none. */
export type ParsedStand = { kind: 'leer' } | { kind: 'stand'; wire: string; liter: number } | { kind: 'ungueltig' };

/** "150,25", "150.25", "1.234,5" or "" → the reading; at most 3 decimals (the server's rule). */
export function parseStand(text: string): ParsedStand {
  if (text.trim() === '') return { kind: 'leer' };
  const wire = readingToWire(text);
  if (wire === undefined) return { kind: 'ungueltig' };
  return { kind: 'stand', wire, liter: toLiter(wire) };
}

/** "150.25" → 150250 (exact: the decimals are read as digits, never as a float). */
export function toLiter(wire: string): number {
  const [whole = '0', decimals = ''] = wire.split('.');
  return Number(whole) * 1000 + Number(decimals.padEnd(3, '0').slice(0, 3));
}

/** 150250 → "150.250" (the wire format with 3 decimals). */
export function fromLiter(liter: number): string {
  const sign = liter < 0 ? '-' : '';
  const abs = Math.abs(liter);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** What the input shows for a stored reading: "150.250" → "150,25" (no trailing zeros, comma). */
export function standToInput(stand: string | null): string {
  if (stand === null) return '';
  const [whole = '0', decimals = ''] = stand.split('.');
  const trimmed = decimals.replace(/0+$/, '');
  return trimmed ? `${whole},${trimmed}` : whole;
}

/** The facts beside a row's input: its meter's last reading and the consumption before it. */
export interface Vergleich {
  letzterStand: string | null;
  letzterVerbrauch: string | null;
  /** A meter change row (old meter's final reading): not compared with the last reading. */
  isZaehlerwechsel: boolean;
  /** The warning factor ("3", "2.5"); default VERBRAUCH_WARN_FAKTOR. */
  faktor?: string;
}

export interface Pruefung {
  parsed: ParsedStand;
  /** Consumption since the last reading in m³ ("12.500"), when both are known. */
  verbrauch: string | null;
  /** The input is no reading: nothing is saved, the row says why. */
  fehler: string | null;
  /** Plausibility warnings in German (saving stays possible). */
  warnungen: string[];
  /** Below the last reading: Enter asks once more before it saves (see the Handbuch). */
  kleiner: boolean;
}

/** Checks what is typed against the row's last reading and consumption, as the user types. */
export function pruefe(text: string, vergleich: Vergleich): Pruefung {
  const parsed = parseStand(text);
  if (parsed.kind === 'leer') return { parsed, verbrauch: null, fehler: null, warnungen: [], kleiner: false };
  if (parsed.kind === 'ungueltig')
    return { parsed, verbrauch: null, fehler: STAND_HINT, warnungen: [], kleiner: false };
  if (vergleich.letzterStand === null) return { parsed, verbrauch: null, fehler: null, warnungen: [], kleiner: false };
  const diff = parsed.liter - toLiter(vergleich.letzterStand);
  const warnungen: string[] = [];
  const kleiner = diff < 0 && !vergleich.isZaehlerwechsel;
  if (kleiner) warnungen.push(KLEINER_ALS_LETZTE);
  const letzter = vergleich.letzterVerbrauch === null ? 0 : toLiter(vergleich.letzterVerbrauch);
  const faktor = vergleich.faktor ?? VERBRAUCH_WARN_FAKTOR;
  if (letzter > 0 && diff > Number(faktor) * letzter) warnungen.push(mehrAlsFaktor(faktor));
  return { parsed, verbrauch: fromLiter(diff), fehler: null, warnungen, kleiner };
}

/** "12.500" → "12,500 m³"; negative consumption keeps its minus. */
export function formatVerbrauch(verbrauch: string | null): string {
  if (verbrauch === null) return '';
  return verbrauch.startsWith('-') ? `−${formatCubic(verbrauch.slice(1))}` : formatCubic(verbrauch);
}

/** The input typed equals the stored reading (nothing to save). */
export function sameStand(text: string, stand: string | null): boolean {
  const parsed = parseStand(text);
  if (parsed.kind === 'leer') return stand === null;
  if (parsed.kind === 'ungueltig') return false;
  return stand !== null && parsed.liter === toLiter(stand);
}

/** The index of the row Enter (+1) or Shift+Enter (−1) moves to, or null at either end. */
export function nachbar(index: number, richtung: 1 | -1, anzahl: number): number | null {
  const next = index + richtung;
  return next >= 0 && next < anzahl ? next : null;
}

/** "87 von 120 abgelesen". */
export function zaehlerText(abgelesen: number, gesamt: number): string {
  return `${abgelesen} von ${gesamt} abgelesen`;
}
