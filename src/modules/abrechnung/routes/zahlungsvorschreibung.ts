import { type AnyRoute, route } from '../../../http/router';
import { ABRECHNUNG_VIEW, WASSERRECHNUNG_VIEW } from '../rights';
import { type LaufBriefeBody, laufBriefeBody, ZV_SORT_BY_OPTIONEN, zahlungsvorschreibungBody } from '../schema/briefe';
import type { LaufArt } from '../schema/zvData';
import { laufBriefe } from '../services/laufBriefe';
import { adresseIdsAus, laufParams } from '../services/laufParams';
import { assertLaufRecht } from './laufRecht';

// The letters of a run as one PDF or a ZIP (docs/api/abrechnung.md "Briefe"). Multipart form fields
// as the original screens send them, or JSON. Printing takes long and must not hold the write lock:
// no route transaction; the service writes the protocol lines in a short one of its own.

type Felder = Omit<LaufBriefeBody, 'art'> & { stichtag?: string };

function drucke(
  services: Parameters<typeof laufBriefe>[0],
  actor: Parameters<typeof laufBriefe>[1],
  art: LaufArt,
  f: Felder,
) {
  return laufParams(services.db, art, {
    pachtabrechnungId: f.pachtabrechnungID,
    datum: f.date,
    stichtag: f.stichtag,
    interimBilling: f.interimBilling,
    rechnungenTeilen: f.rechnungenTeilen,
    adresseIds: f.alle ? undefined : adresseIdsAus(f.adressen),
  }).then((params) => laufBriefe(services, actor, art, params, { sortBy: f.sortBy, nurPost: f.nurPost, zip: f.zip }));
}

// Form fields come as a multipart body; there are no files, so the limit is small.
const FORM = { maxBytes: 64 * 1024 };

export const zahlungsvorschreibungRoutes: AnyRoute[] = [
  route({
    method: 'POST',
    path: 'Abrechnung/Zahlungsvorschreibung',
    rights: ABRECHNUNG_VIEW,
    upload: FORM,
    body: zahlungsvorschreibungBody,
    // Printing 2,000 letters takes minutes: no transaction around it (see the file's head).
    transaction: false,
    handler: ({ services, actor, body }) => drucke(services, actor, 'Zahlungsvorschreibung', body),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/LaufBriefe',
    rights: WASSERRECHNUNG_VIEW,
    upload: FORM,
    body: laufBriefeBody,
    // As above: printing runs outside a transaction.
    transaction: false,
    handler({ services, actor, body, user }) {
      assertLaufRecht(user, body.art, 'lesen');
      return drucke(services, actor, body.art, body);
    },
  }),
  route({
    method: 'GET',
    path: 'Common/ZvSortBy',
    rights: WASSERRECHNUNG_VIEW,
    handler: () => ZV_SORT_BY_OPTIONEN,
  }),
];
