import { AppError } from '../../../platform/errors';
import type { DecimalString } from '../../../platform/money';

/** One main meter whose plots together show more water than the main meter itself. */
export type NegativerSchwund = {
  id: number;
  nummer: string;
  verbrauch: DecimalString;
  summeParzellen: DecimalString;
  schwund: DecimalString;
};

/**
 * A negative loss is never billed (DOMAIN.md, Water): it means a wrong reading or a plot hung on the
 * wrong main meter, so the settlement stops with a 422 that names every affected main meter.
 */
export class NegativerSchwundError extends AppError {
  constructor(readonly hauptwasserzaehler: readonly NegativerSchwund[]) {
    const lines = hauptwasserzaehler.map(
      (h) =>
        `Hauptwasserzähler „${h.nummer}“: ${h.verbrauch} m³ gemessen, seine Parzellen zusammen ${h.summeParzellen} m³ (Schwund ${h.schwund} m³).`,
    );
    super(
      422,
      'negativer_schwund',
      'Negativer Schwund wird nicht verrechnet. Bitte die Ablesungen prüfen.',
      lines.join(' '),
      { hauptwasserzaehler: lines },
    );
    this.name = 'NegativerSchwundError';
  }

  override get extra(): { hauptwasserzaehler: readonly NegativerSchwund[] } {
    return { hauptwasserzaehler: this.hauptwasserzaehler };
  }
}

/** A meter reading below an earlier one of the same meter without a meter change in between. */
export type GesunkenerStand = {
  zaehlernummer: string;
  vonDatum: string;
  vonStand: DecimalString;
  bisDatum: string;
  bisStand: DecimalString;
};

/**
 * A meter that runs backwards would bill a negative volume; the Fehlersuche lists the same case, and
 * the settlement refuses it (422) instead of crediting water nobody returned.
 */
export class GesunkenerZaehlerstandError extends AppError {
  constructor(readonly segmente: readonly GesunkenerStand[]) {
    const lines = segmente.map(
      (s) =>
        `Zähler „${s.zaehlernummer}“: ${s.bisStand} am ${s.bisDatum} liegt unter ${s.vonStand} am ${s.vonDatum}, ohne Zählerwechsel.`,
    );
    super(422, 'zaehlerstand_gesunken', 'Ein Zählerstand ist gesunken.', lines.join(' '), { ablesungen: lines });
    this.name = 'GesunkenerZaehlerstandError';
  }

  override get extra(): { segmente: readonly GesunkenerStand[] } {
    return { segmente: this.segmente };
  }
}

/** A reason the settlement refuses, with what it names (AbrechnungBefund of settlementInputs.ts). */
export type AbrechnungHindernis = {
  text: string;
  parzelleId: number | null;
  parzelleNummer: string | null;
  hauptwasserzaehlerId: number | null;
  zaehlernummer: string | null;
  datum: string | null;
};

/**
 * The 422 of ErstelleAbrechnung and its previews: every reason as a German line in
 * `errors.stichtag`, and the same reasons in `befunde` with the plot or main meter and the date,
 * so the screen can link each one to the reading to fix.
 */
export class AbrechnungAbgelehntError extends AppError {
  constructor(
    readonly befunde: readonly AbrechnungHindernis[],
    title = 'Die Wasserabrechnung kann so nicht erstellt werden.',
  ) {
    super(422, 'validation_failed', title, undefined, { stichtag: befunde.map((b) => b.text) });
    this.name = 'AbrechnungAbgelehntError';
  }

  override get extra(): { befunde: readonly AbrechnungHindernis[] } {
    return { befunde: this.befunde };
  }
}
