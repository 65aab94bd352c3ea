import { addDays, formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { displayName } from '../../stammdaten/services';
import { readSection } from '../../vereinseinstellungen/services';
import type { ZvEintrag, ZvParzelle, ZvProblem } from '../schema/zvData';
import { anschriften, anschriftVon, bevorzugtEmail } from './gebuchteEintraege';
import type { LaufParams } from './laufDefinition';
import { ladePachtberechnung } from './pachtberechnungen';

// What the billing runs share: the due date, the checks every run makes (the club's bank account,
// the recipient's address line) and a letter for an address.

/** Date + the year's payment term (the Pachtberechnung's, else the settings' Zahlungsziel). */
export async function faelligAmFuer(db: Db, p: LaufParams): Promise<string> {
  return addDays(p.datum, (await ladePachtberechnung(db, p.pachtabrechnungId)).zahlungszielTageWirksam);
}

/** The club's bank account must be set: the letters carry it and its QR code. */
export async function bankProblem(db: Db): Promise<ZvProblem[]> {
  const bank = await readSection(db, 'bank');
  return bank.iban.trim()
    ? []
    : [
        {
          art: 'bankverbindungFehlt',
          text: 'In den Vereinseinstellungen fehlt die Bankverbindung (IBAN) für die Zahlscheine.',
          parzelleId: null,
          adresseId: null,
        },
      ];
}

/** A recipient without street, PLZ or Ort cannot get a letter. */
export function anschriftProbleme(eintraege: readonly ZvEintrag[]): ZvProblem[] {
  return eintraege
    .filter((e) => !e.anschrift.strasse.trim() || !e.anschrift.plz.trim() || !e.anschrift.ort.trim())
    .map((e) => ({
      art: 'adresseOhneAnschrift' as const,
      text: `Bei der Adresse „${e.name}“ fehlt die Anschrift (Straße, PLZ oder Ort).`,
      parzelleId: null,
      adresseId: e.adresseId,
    }));
}

/** The letters of the given addresses with their plots' positions; sums of the rounded positions. */
export async function briefeFuer(
  db: Db,
  faelligAm: string,
  inhalt: ReadonlyMap<number, ZvParzelle[]>,
): Promise<ZvEintrag[]> {
  const adressen = await anschriften(db, [...inhalt.keys()]);
  const out: ZvEintrag[] = [];
  for (const [adresseId, parzellen] of inhalt) {
    const a = adressen.get(adresseId);
    out.push({
      adresseId,
      name: a ? displayName(a) : '',
      anschrift: anschriftVon(a),
      email: a?.email ?? '',
      bevorzugtEmail: bevorzugtEmail(a),
      parzellen,
      summeCent: parzellen.reduce((s, z) => s + z.positionen.reduce((t, pos) => t + pos.betragCent, 0), 0),
      faelligAm,
      rechnungId: null,
      rechnungsnummer: null,
      zahlungsreferenz: null,
      rechnungen: [],
    });
  }
  return out;
}

/** „zum 01.03.2026“ for problem sentences. */
export const amTag = (datum: string) => `am ${formatGermanDate(datum)}`;
