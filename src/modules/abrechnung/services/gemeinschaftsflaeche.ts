import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { notFound, validationFailed } from '../../../platform/errors';
import { recordHistory } from '../../../platform/history/history';
import { formatArea, sumCents, sumDecimals, toBig } from '../../../platform/money';
import { setzeGemeinschaftsanteile } from '../../stammdaten/services';
import type { PachtzuschlagInput } from '../schema/pachtzuschlag';
import type {
  GemeinschaftsflaecheInput,
  PachtVorschau,
  PachtVorschauInput,
  ParzellenForZv,
} from '../schema/parzellenZv';
import type { PachtzuschlagRow } from '../tables';
import { assertZvNichtGebucht } from './jahrGesperrt';
import { zuschlagGilt } from './pacht';
import { resolveYear } from './pachtabrechnungen';
import { PACHTBERECHNUNG_HISTORY_TYPE } from './pachtberechnungen';
import { aktiveParzellen, ladePachtDaten, type PachtRegel, pachtZvPositionen, regelAus } from './pachtDaten';
import { pruefeZuschlag, zuschlagSpalten } from './pachtzuschlaege';

// The common-area shares per plot and the lease of each plot (GetParzellenForZV,
// UpdateGemeinschaftsflaeche) and the surcharge dialog's live preview (PachtVorschau);
// docs/api/abrechnung.md "Gemeinschaftsfläche und Vorschau".

/** GetParzellenForZV: the active plots with area, shares, today's holder and their lease lines. */
export async function parzellenForZv(db: Db, pachtabrechnungId?: number): Promise<ParzellenForZv> {
  const year = await resolveYear(db, pachtabrechnungId);
  const daten = await ladePachtDaten(db, year.id);
  const parzellen = await aktiveParzellen(db, year.id, daten.pachtberechnung.gemeinschaftsflaeche);
  const zeilen = parzellen.map((p) => {
    const positionen = pachtZvPositionen(p, daten);
    return {
      parzelleId: p.id,
      nummer: p.nummer,
      flaeche: p.flaeche,
      flags: p.flags,
      anteil: p.anteil,
      anteilGespeichert: p.anteilGespeichert,
      anteilStandard: p.anteilStandard,
      nutzungsberechtigter: p.nutzungsberechtigter,
      positionen,
      summeCent: sumCents(positionen.map((x) => x.betragCent)),
    };
  });
  return {
    pachtabrechnungId: year.id,
    jahr: year.jahr,
    gemeinschaftsflaeche: daten.pachtberechnung.gemeinschaftsflaeche,
    summeFlaeche: sumDecimals(
      parzellen.map((p) => p.flaeche),
      2,
    ),
    summeAnteile: sumDecimals(
      parzellen.map((p) => p.anteil),
      2,
    ),
    parzellen: zeilen,
  };
}

/**
 * UpdateGemeinschaftsflaeche: stores the given shares (null: back to the default) or, with
 * `standard`, the default shares of every active plot. 422 when the effective shares then do not
 * add up to the common area (nothing stored: the route's transaction rolls back); 409 once the
 * year's Zahlungsvorschreibung is booked.
 */
export async function speichereGemeinschaftsflaeche(
  db: Db,
  actor: Actor,
  input: GemeinschaftsflaecheInput,
): Promise<ParzellenForZv> {
  const year = await resolveYear(db, input.pachtabrechnungId);
  await assertZvNichtGebucht(db, year.id);
  const before = await parzellenForZv(db, year.id);
  const aktive = new Map(before.parzellen.map((p) => [p.parzelleId, p]));
  let anteile: { parzelleId: number; anteil: string | null }[];
  if (input.standard) {
    anteile = before.parzellen.map((p) => ({ parzelleId: p.parzelleId, anteil: p.anteilStandard }));
  } else {
    if (!input.anteile) {
      throw validationFailed({ anteile: ['Bitte geben Sie die Anteile an oder wählen Sie die Standardaufteilung.'] });
    }
    const errors: Record<string, string[]> = {};
    input.anteile.forEach((a, i) => {
      if (!aktive.has(a.parzelleId))
        errors[`anteile.${i}.parzelleId`] = ['Diese Parzelle ist nicht aktiv oder gibt es nicht.'];
    });
    if (Object.keys(errors).length) throw validationFailed(errors, 'Die Anteile wurden nicht gespeichert.');
    anteile = input.anteile;
  }
  await setzeGemeinschaftsanteile(db, year.id, anteile);
  const after = await parzellenForZv(db, year.id);
  if (!toBig(after.summeAnteile).eq(toBig(after.gemeinschaftsflaeche))) {
    throw validationFailed(
      {
        anteile: [
          `Die Anteile ergeben zusammen ${formatArea(after.summeAnteile, { nbsp: false })}, die Gemeinschaftsfläche ist ${formatArea(after.gemeinschaftsflaeche, { nbsp: false })}.`,
        ],
      },
      'Die Anteile ergeben nicht die Gemeinschaftsfläche.',
    );
  }
  const gespeichert = (z: ParzellenForZv) =>
    z.parzellen.map((p) => ({ parzelleId: p.parzelleId, nummer: p.nummer, anteil: p.anteilGespeichert }));
  await recordHistory(db, actor, {
    entityType: PACHTBERECHNUNG_HISTORY_TYPE,
    entityId: year.id,
    action: 'gemeinschaftsflaeche',
    before: gespeichert(before),
    after: gespeichert(after),
  });
  return after;
}

/**
 * PachtVorschau: the lease lines of one plot with the stored surcharges, a draft surcharge
 * replacing the stored one with its id (or added). Nothing is written.
 */
export async function pachtVorschau(db: Db, input: PachtVorschauInput): Promise<PachtVorschau> {
  const year = await resolveYear(db, input.pachtabrechnungId);
  const daten = await ladePachtDaten(db, year.id);
  const parzellen = await aktiveParzellen(db, year.id, daten.pachtberechnung.gemeinschaftsflaeche);
  const parzelle = parzellen.find((p) => p.id === input.parzelleId);
  if (!parzelle) throw notFound('Diese Parzelle gibt es nicht oder sie ist nicht aktiv.');
  let regeln: PachtRegel[] = daten.regeln;
  let gilt = false;
  if (input.zuschlag) {
    await pruefeZuschlag(db, input.zuschlag);
    const entwurf = entwurfRegel(input.zuschlag, year.id, daten.regeln);
    regeln = daten.regeln.some((r) => r.id === entwurf.id)
      ? daten.regeln.map((r) => (r.id === entwurf.id ? entwurf : r))
      : [...daten.regeln, entwurf];
    gilt = zuschlagGilt(entwurf, parzelle);
  }
  const positionen = pachtZvPositionen(parzelle, { ...daten, regeln });
  return {
    parzelleId: parzelle.id,
    nummer: parzelle.nummer,
    positionen,
    summeCent: sumCents(positionen.map((p) => p.betragCent)),
    zuschlagGilt: gilt,
  };
}

/** A draft surcharge as a rule; a new one gets an id no stored one has (−1). */
function entwurfRegel(input: PachtzuschlagInput, pachtabrechnungId: number, regeln: PachtRegel[]): PachtRegel {
  const id = input.id && regeln.some((r) => r.id === input.id) ? input.id : -1;
  const row = {
    id,
    version: 1,
    pachtabrechnung_id: pachtabrechnungId,
    sortierung: input.sortierung ?? 0,
    ...zuschlagSpalten(input),
    created_at: '',
    updated_at: '',
  } satisfies PachtzuschlagRow;
  return regelAus(row);
}
