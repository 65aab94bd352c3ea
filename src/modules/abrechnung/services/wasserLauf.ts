import { addDays, formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { formatDecimal } from '../../../platform/money';
import { displayName, nutzungsberechtigteOn } from '../../stammdaten/services';
import { readSection } from '../../vereinseinstellungen/services';
import type { Wasserabrechnung } from '../../wasserbuch/schema/abrechnung';
import { getWasserabrechnungById, markiereGebucht } from '../../wasserbuch/services';
import type { ZvEintrag, ZvParzelle, ZvPosition, ZvProblem } from '../schema/zvData';
import { anschriften, anschriftVon, bevorzugtEmail } from './gebuchteEintraege';
import type { LaufDefinition, LaufParams } from './laufDefinition';

// The Wasserrechnung run: a water settlement billed on its own instead of with the next
// Zahlungsvorschreibung. One letter per holder of a settlement row with a difference: the lines of
// the settlement (consumption, loss, base fee, correction, less akonto) add up to the row's
// difference; a Nachzahlung becomes a receivable, a Guthaben a credit note (negative receivable).
// Booking marks the settlement billed, so the Zahlungsvorschreibung does not bill it again.

type Zeile = Wasserabrechnung['zeilen'][number];

const SCHLUESSEL_PREFIX = 'wasserabrechnung:';

/** `wasserabrechnung:<id>` → the id (laufParams resolved it from the stichtag). */
export function wasserabrechnungIdVon(schluessel: string): number {
  if (!schluessel.startsWith(SCHLUESSEL_PREFIX)) throw new Error(`Kein Wasserrechnungs-Schlüssel: ${schluessel}`);
  return Number(schluessel.slice(SCHLUESSEL_PREFIX.length));
}

export const wasserSchluessel = (wasserabrechnungId: number) => `${SCHLUESSEL_PREFIX}${wasserabrechnungId}`;

const laden = (db: Db, p: LaufParams) => getWasserabrechnungById(db, wasserabrechnungIdVon(p.schluessel));

const menge3 = (m3: string) => `${formatDecimal(m3, 3)} m³`;
const preis = (euro: string) => `${formatDecimal(euro, 2)} €`;

/** The lines of one settlement row; they add up to its differenzCent. */
export function wasserPositionen(z: Zeile): ZvPosition[] {
  // Water is not a booking account of the year's Kassaabrechnung yet (no setting names one), and
  // the club bills it without VAT: the receivable keeps no account, as the water akonto does.
  const basis = { art: 'wasserrechnung' as const, steuersatz: 0, buchungskontoId: null };
  const out: ZvPosition[] = [
    {
      ...basis,
      text: `Wasserverbrauch ${menge3(z.verbrauch)} × ${preis(z.preisProM3)}`,
      menge: z.verbrauch,
      satz: z.preisProM3,
      betragCent: z.verbrauchCent,
    },
  ];
  if (Number(z.schwund) > 0 || z.schwundCent !== 0)
    out.push({
      ...basis,
      text: `Schwund ${menge3(z.schwund)} × ${preis(z.preisProM3)}`,
      menge: z.schwund,
      satz: z.preisProM3,
      betragCent: z.schwundCent,
    });
  out.push({ ...basis, text: 'Grundgebühr', betragCent: z.grundgebuehrCent });
  if (z.korrekturCent !== 0)
    out.push({ ...basis, text: `Korrektur: ${z.korrekturGrund || 'ohne Angabe'}`, betragCent: z.korrekturCent });
  if (z.akontoCent !== 0) out.push({ ...basis, text: 'abzüglich Akonto', betragCent: -z.akontoCent });
  return out;
}

/** Who gets the row's letter: the address of the row, if it still exists, else the plot's holder on the date. */
async function empfaenger(db: Db, a: Wasserabrechnung, datum: string) {
  const zeilen = a.zeilen.filter((z) => z.differenzCent !== 0);
  const adressen = await anschriften(
    db,
    zeilen.flatMap((z) => (z.adresseId ? [z.adresseId] : [])),
  );
  const ohne = zeilen.filter((z) => !z.adresseId || !adressen.has(z.adresseId)).map((z) => z.parzelleId);
  const inhaber = ohne.length ? await nutzungsberechtigteOn(db, datum, ohne) : new Map();
  const holder = new Map<number, number | null>();
  for (const z of zeilen)
    holder.set(
      z.parzelleId,
      z.adresseId && adressen.has(z.adresseId) ? z.adresseId : (inhaber.get(z.parzelleId)?.adresseId ?? null),
    );
  const fehlend = [...holder.values()].filter((id): id is number => id !== null && !adressen.has(id));
  if (fehlend.length) for (const [id, row] of await anschriften(db, fehlend)) adressen.set(id, row);
  return { zeilen, holder, adressen };
}

async function faelligAm(db: Db, p: LaufParams): Promise<string> {
  const satz = await db('pachtberechnungen').where({ pachtabrechnung_id: p.pachtabrechnungId }).first();
  const tage = satz?.zahlungsziel_tage ?? (await readSection(db, 'anzahl')).zahlungszielTage;
  return addDays(p.datum, Number(tage));
}

const natuerlich = (a: string, b: string) => a.localeCompare(b, 'de', { numeric: true });

export const wasserrechnungLauf: LaufDefinition = {
  art: 'Wasserrechnung',
  titel: (p) => (p.stichtag ? `Wasserrechnung zum ${formatGermanDate(p.stichtag)}` : `Wasserrechnung ${p.jahr}`),

  async berechne(db, p) {
    const a = await laden(db, p);
    const { zeilen, holder, adressen } = await empfaenger(db, a, p.datum);
    const faellig = await faelligAm(db, p);
    const briefe = new Map<number, ZvEintrag>();
    for (const z of [...zeilen].sort((x, y) => natuerlich(x.parzelleNummer, y.parzelleNummer))) {
      const adresseId = holder.get(z.parzelleId);
      if (adresseId == null) continue; // pruefe names the plot; the run cannot be booked meanwhile
      const adr = adressen.get(adresseId);
      let brief = briefe.get(adresseId);
      if (!brief) {
        brief = {
          adresseId,
          name: adr ? displayName(adr) : z.adresseName,
          anschrift: anschriftVon(adr),
          email: adr?.email ?? '',
          bevorzugtEmail: bevorzugtEmail(adr),
          parzellen: [],
          summeCent: 0,
          faelligAm: faellig,
          rechnungId: null,
          rechnungsnummer: null,
          zahlungsreferenz: null,
          rechnungen: [],
        };
        briefe.set(adresseId, brief);
      }
      const parzelle: ZvParzelle = {
        parzelleId: z.parzelleId,
        nummer: z.parzelleNummer,
        positionen: wasserPositionen(z),
      };
      brief.parzellen.push(parzelle);
      brief.summeCent += parzelle.positionen.reduce((s, pos) => s + pos.betragCent, 0);
    }
    return [...briefe.values()];
  },

  async pruefe(db, p) {
    const a = await laden(db, p);
    const probleme: ZvProblem[] = [];
    if (a.gebuchtAm) {
      const eigenerLauf = await db('abrechnungslaeufe')
        .where({ art: 'Wasserrechnung', schluessel: wasserSchluessel(a.id) })
        .first('id');
      if (!eigenerLauf) {
        // The Zahlungsvorschreibung that billed it is the first one dated on or after the stichtag
        // (the settlement of 31.10.2025 goes on the letters of 2026), not the settlement's own year.
        const zv = await db('abrechnungslaeufe as l')
          .join('pachtabrechnungen as p', 'p.id', 'l.pachtabrechnung_id')
          .where('l.art', 'Zahlungsvorschreibung')
          .where('l.datum', '>=', a.stichtag)
          .orderBy('l.datum')
          .first('p.jahr');
        probleme.push({
          art: 'bereitsVerrechnet',
          text: `Die Wasserabrechnung zum ${formatGermanDate(a.stichtag)} ist bereits mit ${
            zv ? `der Zahlungsvorschreibung ${zv.jahr}` : 'einer Zahlungsvorschreibung'
          } verrechnet.`,
          parzelleId: null,
          adresseId: null,
        });
      }
    }
    const { zeilen, holder, adressen } = await empfaenger(db, a, p.datum);
    const gemeldet = new Set<number>();
    for (const z of zeilen) {
      const adresseId = holder.get(z.parzelleId);
      if (adresseId == null) {
        probleme.push({
          art: 'parzelleOhneNutzungsberechtigten',
          text: `Parzelle ${z.parzelleNummer}: Die Wasserabrechnung nennt keine Adresse, und am ${formatGermanDate(p.datum)} hat die Parzelle keinen Nutzungsberechtigten.`,
          parzelleId: z.parzelleId,
          adresseId: null,
        });
        continue;
      }
      const adr = adressen.get(adresseId);
      if (gemeldet.has(adresseId) || (adr?.strasse.trim() && adr.plz.trim() && adr.ort.trim())) continue;
      gemeldet.add(adresseId);
      probleme.push({
        art: 'adresseOhneAnschrift',
        text: `${adr ? displayName(adr) : z.adresseName} (Parzelle ${z.parzelleNummer}): Straße, PLZ oder Ort fehlen in der Adresse.`,
        parzelleId: z.parzelleId,
        adresseId,
      });
    }
    if (!(await readSection(db, 'bank')).iban)
      probleme.push({
        art: 'bankverbindungFehlt',
        text: 'In den Vereinseinstellungen fehlt die Bankverbindung (IBAN) für die Zahlscheine.',
        parzelleId: null,
        adresseId: null,
      });
    return probleme;
  },

  faelligAm,

  async nachBuchung(db, p) {
    await markiereGebucht(db, wasserabrechnungIdVon(p.schluessel));
  },
};
