import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { conflict, notFound, validationFailed } from '../../../platform/errors';
import type { KassaabrechnungRow } from '../tables';

// Which cash period a date belongs to, and the one rule every write obeys: a closed period refuses
// every change with 409 until it is reopened (DOMAIN.md "Cash book", BAO § 131).

export const PERIODE_NICHT_GEFUNDEN = 'Diese Kassaabrechnung gibt es nicht (mehr).';

/** A boolean column as read: SQLite and MariaDB answer 0/1, a bound value may still be a boolean. */
export const istWahr = (v: unknown): boolean => v === true || v === 1 || v === '1';

export const istGeschlossen = (row: Pick<KassaabrechnungRow, 'geschlossen'>): boolean => istWahr(row.geschlossen);

/** The period with this id, or 404. `forUpdate` locks it (counter, closing) until the transaction ends. */
export async function ladePeriode(db: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<KassaabrechnungRow> {
  const q = db('kassaabrechnungen').where({ id }).first();
  const row = await (opts.forUpdate ? q.forUpdate() : q);
  if (!row) throw notFound(PERIODE_NICHT_GEFUNDEN);
  return row;
}

/** 409 with a German sentence naming the period when it is closed. */
export function assertOffen(row: Pick<KassaabrechnungRow, 'geschlossen' | 'bezeichnung'>): void {
  if (istGeschlossen(row)) {
    throw conflict(
      `Die Kassaabrechnung „${row.bezeichnung}“ ist abgeschlossen.`,
      'Sie muss erst wieder geöffnet werden (Basisdaten → Kassaabrechnung), bevor etwas geändert werden kann.',
      'kassaabrechnung_geschlossen',
    );
  }
}

/**
 * The period containing `datum` (YYYY-MM-DD): 422 on `field` when there is none. Does not check
 * whether it is closed: writers call `assertOffen` (a reader may look at a closed period).
 */
export async function periodeFuerDatum(db: Db, datum: string, field = 'datum'): Promise<KassaabrechnungRow> {
  const row = await db('kassaabrechnungen').where('von', '<=', datum).andWhere('bis', '>=', datum).first();
  if (!row) {
    throw validationFailed(
      {
        [field]: [
          `Für den ${formatGermanDate(datum)} gibt es keine Kassaabrechnung. Bitte legen Sie sie unter Basisdaten → Kassaabrechnung an.`,
        ],
      },
      'Für dieses Datum gibt es keine Kassaabrechnung.',
    );
  }
  return row;
}
