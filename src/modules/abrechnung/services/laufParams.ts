import { formatGermanDate, todayIso } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { readSection } from '../../vereinseinstellungen/services';
import { getWasserabrechnung } from '../../wasserbuch/services';
import type { LaufArt } from '../schema/zvData';
import type { LaufParams } from './laufDefinition';
import { resolveYear } from './pachtabrechnungen';

// From a request's (or the CLI's) names to a run's parameters: the year (absent: the newest), the
// letters' date (absent: today in Vienna), the run's key (a Wasserrechnung run is per settlement).

export type LaufEingabe = {
  pachtabrechnungId?: number | null;
  datum?: string | null;
  stichtag?: string | null;
  interimBilling?: boolean | null;
  rechnungenTeilen?: boolean | null;
  adresseIds?: readonly number[] | null;
};

/** "12,15" → [12, 15]; empty → undefined (all addresses). 422 for anything but ids. */
export function adresseIdsAus(text: string | undefined): number[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const teile = text.split(',').map((t) => t.trim());
  if (!teile.every((t) => /^\d+$/.test(t)))
    throw validationFailed({ adressen: ['Erwartet wird eine Liste von Adress-IDs, z. B. 12,15.'] });
  return teile.map(Number);
}

/** The run's parameters; `rechnungenTeilen` absent: the settings' choice (optionenAbrechnung). */
export async function laufParams(db: Db, art: LaufArt, e: LaufEingabe): Promise<LaufParams> {
  let pachtabrechnungId = e.pachtabrechnungId ?? undefined;
  let schluessel = '';
  let stichtag: string | undefined;
  if (art === 'Wasserrechnung') {
    if (!e.stichtag) throw validationFailed({ stichtag: ['Bitte wählen Sie die Wasserabrechnung (Stichtag).'] });
    const abrechnung = await getWasserabrechnung(db, e.stichtag);
    if (!abrechnung) throw notFound(`Zum ${formatGermanDate(e.stichtag)} gibt es keine Wasserabrechnung.`);
    schluessel = `wasserabrechnung:${abrechnung.id}`;
    // A settlement is billed in its own year, whichever year the screen shows: else the run's
    // key (kind, year, settlement) would differ by year and the same settlement could be booked twice.
    pachtabrechnungId = abrechnung.pachtabrechnungId;
    stichtag = abrechnung.stichtag;
  }
  const year = await resolveYear(db, pachtabrechnungId);
  return {
    pachtabrechnungId: year.id,
    jahr: year.jahr,
    datum: e.datum ?? todayIso(),
    schluessel,
    ...(stichtag ? { stichtag } : {}),
    interimBilling: Boolean(e.interimBilling),
    rechnungenTeilen: e.rechnungenTeilen ?? (await readSection(db, 'optionenAbrechnung')).rechnungenTeilen,
    adresseIds: e.adresseIds ?? undefined,
  };
}
