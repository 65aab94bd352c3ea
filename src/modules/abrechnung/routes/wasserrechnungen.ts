import { type AnyRoute, route } from '../../../http/router';
import { WASSERRECHNUNG_EDIT, WASSERRECHNUNG_VIEW } from '../rights';
import { wasserrechnungenBody, wasserrechnungenEinbuchenBody } from '../schema/wasserrechnungen';
import { eintraegeDesLaufs, laufEinbuchen } from '../services/laeufe';
import { laufBriefe } from '../services/laufBriefe';
import { adresseIdsAus, laufParams } from '../services/laufParams';
import { wasserrechnungenUebersicht } from '../services/wasserrechnungen';

// The Wasserrechnungen (docs/api/abrechnung.md "Wasserrechnungen"): a water settlement billed on its
// own — the letters (drafts before booking, the booked receivables after), booking once, and the
// settlement picker of the screen. Open to the Wasserwart as well as the Kassier.

/** A multipart form's small text fields only: no files are taken. */
const FELDER = { maxBytes: 64 * 1024 };

export const wasserrechnungenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Abrechnung/GetWasserrechnungen',
    rights: WASSERRECHNUNG_VIEW,
    handler: ({ db }) => wasserrechnungenUebersicht(db),
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/Wasserrechnungen',
    rights: WASSERRECHNUNG_VIEW,
    body: wasserrechnungenBody,
    upload: FELDER,
    // Printing reads and prints outside a transaction (laufBriefe writes its protocol lines in a
    // short one of its own): a long print must not hold the write lock.
    transaction: false,
    async handler({ services, actor, body }) {
      const params = await laufParams(services.db, 'Wasserrechnung', {
        datum: body.date,
        stichtag: body.stichtag,
        adresseIds: body.alle ? undefined : adresseIdsAus(body.adressen),
      });
      if (body.format !== 'json')
        return laufBriefe(services, actor, 'Wasserrechnung', params, {
          sortBy: body.sortBy,
          nurPost: body.nurPost,
          zip: body.zip,
        });
      const eintraege = await eintraegeDesLaufs(services.db, 'Wasserrechnung', params);
      return body.nurPost ? eintraege.filter((e) => !e.bevorzugtEmail) : eintraege;
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/ForderungenEinbuchenWasserrechnungen',
    rights: WASSERRECHNUNG_EDIT,
    body: wasserrechnungenEinbuchenBody,
    async handler({ db, actor, body }) {
      const params = await laufParams(db, 'Wasserrechnung', { datum: body.datum, stichtag: body.stichtag });
      return laufEinbuchen(db, actor, 'Wasserrechnung', params);
    },
  }),
];
