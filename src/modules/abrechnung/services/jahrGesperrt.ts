import type { Db } from '../../../platform/db/db';
import { conflict } from '../../../platform/errors';
import { findeLauf } from './lauf';
import { findYear } from './pachtabrechnungen';

// What a booked run freezes (docs/api/abrechnung.md): the club positions of a year once its
// Zahlungsvorschreibung is booked (they are on the letters owed), the group positions once its
// Gruppenrechnungen are booked.

/** 409 `zahlungsvorschreibung_gebucht` when the year's Zahlungsvorschreibung is booked. */
export async function assertZvNichtGebucht(db: Db, pachtabrechnungId: number): Promise<void> {
  if (!(await findeLauf(db, { art: 'Zahlungsvorschreibung', pachtabrechnungId }))) return;
  const jahr = (await findYear(db, pachtabrechnungId))?.jahr ?? '';
  throw conflict(
    `Die Zahlungsvorschreibung ${jahr} ist bereits gebucht; die Sätze dieses Jahres können nicht mehr geändert werden.`,
    undefined,
    'zahlungsvorschreibung_gebucht',
  );
}

/** 409 `gruppenrechnungen_gebucht` when the year's Gruppenrechnungen are booked. */
export async function assertGruppenrechnungenNichtGebucht(db: Db, pachtabrechnungId: number): Promise<void> {
  if (!(await findeLauf(db, { art: 'Gruppenrechnung', pachtabrechnungId }))) return;
  const jahr = (await findYear(db, pachtabrechnungId))?.jahr ?? '';
  throw conflict(
    `Die Gruppenrechnungen ${jahr} sind bereits gebucht; die Gruppenpositionen dieses Jahres können nicht mehr geändert werden.`,
    undefined,
    'gruppenrechnungen_gebucht',
  );
}
