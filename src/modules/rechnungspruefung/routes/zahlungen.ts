import { type AnyRoute, route } from '../../../http/router';
import { hasAnyRight } from '../../../platform/auth/principal';
import { forbidden } from '../../../platform/errors';
import { KASSA_BUCHEN, RECHNUNGEN_EDIT, RECHNUNGEN_VIEW } from '../rights';
import {
  alleBezahltBody,
  guthabenQuery,
  kassabuchIdQuery,
  ohneForderungBody,
  teilbezahltQuery,
  zahlungErfassenBody,
  zuordnenBody,
  zuordnungIdQuery,
} from '../schema/zahlungen';
import { alleBezahlt } from '../services/alleBezahlt';
import { ladeGuthaben } from '../services/guthaben';
import { teilbezahlteRechnungen } from '../services/teilbezahlt';
import { erfasseZahlung } from '../services/zahlungErfassen';
import { setzeOhneForderung } from '../services/zuKlaeren';
import { loescheZuordnung, ordneZu } from '../services/zuordnungen';
import { ladeRechnungenKassabuch } from '../services/zuordnungenEintrag';

// Payments (docs/api/rechnungspruefung.md "Zahlungen (Zuordnungen)", "Guthaben"): allocations of
// cash-book entries to receivables, counter payments, credits. Writes run in the router's transaction.

/** Booking a cash entry needs Kassa.Edit besides Rechnungspruefung.Edit. */
const kassaBuchenPruefen = (principal: Parameters<typeof hasAnyRight>[0] | undefined) => {
  if (!principal || !hasAnyRight(principal, KASSA_BUCHEN))
    throw forbidden('Zum Buchen im Kassabuch fehlt Ihnen die Berechtigung (Kassa bearbeiten).');
};

export const zahlungenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/GetRechnungenKassabuch',
    rights: RECHNUNGEN_VIEW,
    query: kassabuchIdQuery,
    handler: ({ db, query }) => ladeRechnungenKassabuch(db, query.kassabuchID),
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/Zuordnen',
    rights: RECHNUNGEN_EDIT,
    body: zuordnenBody,
    async handler({ db, actor, body }) {
      await ordneZu(db, actor, { ...body, quelle: 'manuell' });
      return ladeRechnungenKassabuch(db, body.kassabuchId);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Rechnungspruefung/DeleteZuordnung',
    rights: RECHNUNGEN_EDIT,
    query: zuordnungIdQuery,
    async handler({ db, actor, query }) {
      await loescheZuordnung(db, actor, query.id);
    },
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/OhneForderung',
    rights: RECHNUNGEN_EDIT,
    body: ohneForderungBody,
    handler: ({ db, actor, body }) => setzeOhneForderung(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/ZahlungErfassen',
    rights: RECHNUNGEN_EDIT,
    body: zahlungErfassenBody,
    handler: ({ db, actor, principal, body }) => {
      kassaBuchenPruefen(principal);
      return erfasseZahlung(db, actor, body);
    },
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/AlleBezahlt',
    rights: RECHNUNGEN_EDIT,
    body: alleBezahltBody,
    handler: ({ db, actor, principal, body }) => {
      kassaBuchenPruefen(principal);
      return alleBezahlt(db, actor, body);
    },
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Guthaben',
    rights: RECHNUNGEN_VIEW,
    query: guthabenQuery,
    handler: ({ db, query }) => ladeGuthaben(db, query.adresseId),
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/FindTeilbezahlteRechnungen',
    rights: RECHNUNGEN_VIEW,
    query: teilbezahltQuery,
    handler: ({ db, query }) => teilbezahlteRechnungen(db, query),
  }),
];
