import { type AnyRoute, route } from '../../../http/router';
import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { getWasserabrechnung } from '../../wasserbuch/services';
import { ABRECHNUNG_VIEW, WASSERRECHNUNG_VIEW } from '../rights';
import {
  protokollQuery,
  protokollVorhandenQuery,
  protokollVorhandenWasserQuery,
  protokollWasserQuery,
} from '../schema/protokoll';
import { findeLauf, type LaufSchluessel } from '../services/lauf';
import { resolveYear } from '../services/pachtabrechnungen';
import { protokollDesLaufs } from '../services/protokoll';
import { protokollAntwort } from '../services/protokollReport';
import { wasserSchluessel } from '../services/wasserLauf';

// The run protocol (docs/api/abrechnung.md "Protokoll"): for the year's Zahlungsvorschreibung and
// for a water settlement's Wasserrechnung run, who was booked, printed and mailed.

async function zvSchluessel(db: Db, pachtabrechnungId: number | undefined) {
  const year = await resolveYear(db, pachtabrechnungId);
  return { k: { art: 'Zahlungsvorschreibung', pachtabrechnungId: year.id } as LaufSchluessel, jahr: year.jahr };
}

/** The Wasserrechnung run's key of the settlement at `stichtag` (its own year), or undefined when there is no settlement. */
async function wasserSchluesselZum(db: Db, stichtag: string): Promise<LaufSchluessel | undefined> {
  const a = await getWasserabrechnung(db, stichtag);
  return a
    ? { art: 'Wasserrechnung', pachtabrechnungId: a.pachtabrechnungId, schluessel: wasserSchluessel(a.id) }
    : undefined;
}

export const protokollRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetProtokollVorhanden',
    rights: ABRECHNUNG_VIEW,
    query: protokollVorhandenQuery,
    async handler({ db, query }) {
      const { k } = await zvSchluessel(db, query.pachtabrechnungID);
      return Boolean(await findeLauf(db, k));
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetProtokoll',
    rights: ABRECHNUNG_VIEW,
    query: protokollQuery,
    async handler({ db, services, query }) {
      const { k, jahr } = await zvSchluessel(db, query.pachtabrechnungID);
      const protokoll = await protokollDesLaufs(db, k);
      if (!protokoll)
        throw notFound(`Die Zahlungsvorschreibung ${jahr} ist noch nicht gebucht; es gibt noch kein Protokoll.`);
      return protokollAntwort(services, protokoll, `Zahlungsvorschreibung ${jahr}`, query.format ?? 'json');
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetProtokollVorhandenWasser',
    rights: WASSERRECHNUNG_VIEW,
    query: protokollVorhandenWasserQuery,
    async handler({ db, query }) {
      const k = await wasserSchluesselZum(db, query.stichtag);
      return Boolean(k && (await findeLauf(db, k)));
    },
  }),
  route({
    method: 'GET',
    path: 'Abrechnung/GetProtokollWasser',
    rights: WASSERRECHNUNG_VIEW,
    query: protokollWasserQuery,
    async handler({ db, services, query }) {
      const titel = `Wasserrechnung zum ${formatGermanDate(query.stichtag)}`;
      const k = await wasserSchluesselZum(db, query.stichtag);
      if (!k) throw notFound(`Zum ${formatGermanDate(query.stichtag)} gibt es keine Wasserabrechnung.`);
      const protokoll = await protokollDesLaufs(db, k);
      if (!protokoll) throw notFound(`Die ${titel} ist noch nicht gebucht; es gibt noch kein Protokoll.`);
      return protokollAntwort(services, protokoll, titel, query.format ?? 'json');
    },
  }),
];
