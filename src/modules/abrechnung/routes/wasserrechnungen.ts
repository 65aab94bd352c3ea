import { type AnyRoute, route } from '../../../http/router';
import { conflict } from '../../../platform/errors';
import { FileResult, pdfFile } from '../../../platform/files/fileResult';
import { WASSERRECHNUNG_EDIT, WASSERRECHNUNG_VIEW } from '../rights';
import { wasserrechnungenBody, wasserrechnungenEinbuchenBody } from '../schema/wasserrechnungen';
import { briefePdf, briefeZip } from '../services/briefe';
import { eintraegeDesLaufs, laufDefinition, laufEinbuchen } from '../services/laeufe';
import { findeLauf } from '../services/lauf';
import type { LaufParams } from '../services/laufDefinition';
import { adresseIdsAus, laufParams } from '../services/laufParams';
import { protokolliereGedruckt } from '../services/protokoll';
import { wasserrechnungLauf } from '../services/wasserLauf';
import { wasserrechnungenUebersicht } from '../services/wasserrechnungen';

// The Wasserrechnungen (docs/api/abrechnung.md "Wasserrechnungen"): a water settlement billed on its
// own — the letters (drafts before booking, the booked receivables after), booking once, and the
// settlement picker of the screen. Open to the Wasserwart as well as the Kassier.

const laufSchluessel = (p: LaufParams) => ({
  art: 'Wasserrechnung' as const,
  pachtabrechnungId: p.pachtabrechnungId,
  schluessel: p.schluessel,
});

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
    async handler({ db, services, actor, body }) {
      const params = await laufParams(db, 'Wasserrechnung', {
        datum: body.date,
        stichtag: body.stichtag,
        adresseIds: body.alle ? undefined : adresseIdsAus(body.adressen),
      });
      let eintraege = await eintraegeDesLaufs(db, 'Wasserrechnung', params);
      if (body.nurPost) eintraege = eintraege.filter((e) => !e.bevorzugtEmail);
      if (body.format === 'json') return eintraege;
      const lauf = await findeLauf(db, {
        art: 'Wasserrechnung',
        pachtabrechnungId: params.pachtabrechnungId,
        schluessel: params.schluessel,
      });
      const titel = laufDefinition('Wasserrechnung').titel(params);
      const opts = {
        titel,
        datum: lauf ? String(lauf.datum).slice(0, 10) : params.datum,
        entwurf: !lauf,
        art: 'Wasserrechnung' as const,
        db,
      };
      const name = `Wasserrechnungen_${params.stichtag ?? body.stichtag}`;
      const datei = body.zip
        ? new FileResult(await briefeZip(services, eintraege, opts), 'application/zip', `${name}.zip`)
        : pdfFile(await briefePdf(services, eintraege, opts), `${name}.pdf`);
      // Printed after booking: the protocol shows who got a letter on paper.
      if (lauf) await protokolliereGedruckt(db, actor, Number(lauf.id), eintraege);
      return datei;
    },
  }),
  route({
    method: 'POST',
    path: 'Abrechnung/ForderungenEinbuchenWasserrechnungen',
    rights: WASSERRECHNUNG_EDIT,
    body: wasserrechnungenEinbuchenBody,
    async handler({ db, actor, body }) {
      const params = await laufParams(db, 'Wasserrechnung', { datum: body.datum, stichtag: body.stichtag });
      // Billed with a Zahlungsvorschreibung already: as final as booked twice (409), not a problem to fix.
      const schonVerrechnet = (await wasserrechnungLauf.pruefe(db, params)).find((p) => p.art === 'sonstiges');
      if (schonVerrechnet && !(await findeLauf(db, laufSchluessel(params))))
        throw conflict(schonVerrechnet.text, undefined, 'wasserabrechnung_verrechnet');
      return laufEinbuchen(db, actor, 'Wasserrechnung', params);
    },
  }),
];
