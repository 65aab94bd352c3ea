import { formatEuro } from '../../../platform/money';
import type { BankImportErgebnis } from '../schema/bankimport';
import type { Kontoauszug } from './bank/bankTypes';

// The balance check of an imported file, reported and never refused: per statement opening +
// entries = closing, and for the file as a whole the first opening balance, the last closing
// balance and the sum of all entries (a file may hold several days' statements in a row).

const euro = (c: number) => formatEuro(c, { nbsp: false });

/** The answer's `saldo` and `auszuege`; a German line per statement that does not balance goes to `warnungen`. */
export function bankImportSalden(
  auszuege: Kontoauszug[],
  warnungen: string[],
): Pick<BankImportErgebnis, 'saldo' | 'auszuege'> {
  const zeilen = auszuege.map((a) => ({
    iban: a.iban,
    anfangCent: a.anfangCent,
    endeCent: a.endeCent,
    summeCent: a.buchungen.reduce((s, b) => s + b.betragCent, 0),
    stimmt: a.saldoStimmt,
  }));
  for (const z of zeilen) {
    if (z.stimmt !== false || z.anfangCent === null || z.endeCent === null) continue;
    const welcher = zeilen.length > 1 ? ` (${z.iban ?? 'ohne IBAN'}, Anfangssaldo ${euro(z.anfangCent)})` : '';
    warnungen.push(
      `Der Kontoauszug${welcher} geht nicht auf: Anfangssaldo ${euro(z.anfangCent)} + Buchungen ${euro(z.summeCent)} = ` +
        `${euro(z.anfangCent + z.summeCent)}, der Endsaldo laut Bank ist aber ${euro(z.endeCent)}.`,
    );
  }
  const mitSaldo = zeilen.filter((z) => z.stimmt !== null);
  if (!mitSaldo.length) {
    warnungen.push('Die Datei enthält keine Salden; ob der Kontostand stimmt, lässt sich daraus nicht prüfen.');
  }
  const anfang = zeilen.find((z) => z.anfangCent !== null)?.anfangCent ?? null;
  const ende = zeilen.findLast((z) => z.endeCent !== null)?.endeCent ?? null;
  return {
    saldo: {
      anfangCent: anfang,
      endeCent: ende,
      summeCent: zeilen.reduce((s, z) => s + z.summeCent, 0),
      stimmt: mitSaldo.length ? mitSaldo.every((z) => z.stimmt) : null,
    },
    auszuege: zeilen,
  };
}
