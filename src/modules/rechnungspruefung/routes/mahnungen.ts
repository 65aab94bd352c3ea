import { type AnyRoute, route } from '../../../http/router';
import { todayIso } from '../../../platform/dates';
import { notFound } from '../../../platform/errors';
import { pdfFile } from '../../../platform/files/fileResult';
import { RECHNUNGEN_EDIT, RECHNUNGEN_VIEW } from '../rights';
import {
  MAHNSTUFE_TITEL,
  mahnlaufBody,
  mahnlaufQuery,
  mahnungenDruckQuery,
  mahnungQuery,
  resetMahnungQuery,
} from '../schema/mahnungen';
import { ladeRechnung } from '../services';
import { mahnlaufBuchen, mahnlaufVorschau } from '../services/mahnlauf';
import { mahneRechnung, resetMahnung } from '../services/mahnungen';
import { gespeicherteDaten, mahnbriefePdf, vorschauDaten } from '../services/mahnungenDruck';

// Reminders (docs/api/rechnungspruefung.md "Mahnungen und Mahnlauf"): one receivable's next
// reminder letter, the reminder run (preview and booking), the reprint of stored reminders, and
// the reset of a receivable's level.

export const mahnungenRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Mahnungen',
    // Prints and (unless vorschau) raises the level: a GET with a side effect, as the old API had it.
    rights: RECHNUNGEN_EDIT,
    query: mahnungQuery,
    transaction: true,
    async handler({ db, services, actor, query }) {
      const datum = query.datum ?? todayIso();
      const vorschau = query.vorschau ?? false;
      const { stand, stufe, plan, mahnungId } = await mahneRechnung(
        db,
        actor,
        query.rechnungsID,
        datum,
        query.calc ?? false,
        vorschau,
      );
      // A booked (or the day's earlier) reminder prints from its stored row; the preview from its plan.
      const briefe =
        mahnungId !== null
          ? await gespeicherteDaten(db, [mahnungId])
          : plan
            ? [await vorschauDaten(db, stand, plan, datum)]
            : [];
      const titel = `${MAHNSTUFE_TITEL[stufe]} ${stand.row.nummer}`;
      return pdfFile(await mahnbriefePdf(services, db, briefe, titel), `${titel.replace(/\s+/g, '_')}.pdf`);
    },
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Mahnlauf',
    rights: RECHNUNGEN_VIEW,
    query: mahnlaufQuery,
    async handler({ db, query }) {
      return mahnlaufVorschau(db, { ...query, datum: query.datum ?? todayIso(), calc: query.calc ?? false });
    },
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/Mahnlauf',
    rights: RECHNUNGEN_EDIT,
    body: mahnlaufBody,
    async handler({ db, actor, body }) {
      return mahnlaufBuchen(db, actor, { ...body, calc: body.calc ?? false });
    },
  }),
  route({
    method: 'GET',
    path: 'Rechnungspruefung/MahnungenDruck',
    rights: RECHNUNGEN_VIEW,
    query: mahnungenDruckQuery,
    async handler({ db, services, query }) {
      const briefe = await gespeicherteDaten(db, query.ids);
      return pdfFile(await mahnbriefePdf(services, db, briefe, 'Mahnungen'), 'Mahnungen.pdf');
    },
  }),
  route({
    method: 'POST',
    path: 'Rechnungspruefung/ResetMahnung',
    rights: RECHNUNGEN_EDIT,
    query: resetMahnungQuery,
    async handler({ db, actor, query }) {
      await resetMahnung(db, actor, query.id);
      const r = await ladeRechnung(db, query.id);
      if (!r) throw notFound('Diese Rechnung gibt es nicht.');
      return r;
    },
  }),
];
