import { type AnyRoute, route } from '../../../http/router';
import { idQuery } from '../../stammdaten/schema/abstellplaetze';
import {
  PARZELLE_ZAEHLER_EDIT,
  PARZELLE_ZAEHLER_VIEW,
  WASSER_EDIT,
  WASSER_VIEW,
  WASSERABRECHNUNG_VIEW,
} from '../rights';
import {
  ablesungBody,
  ablesungenQuery,
  datumQuery,
  parzelleIdQuery,
  selectedDatumQuery,
  zaehlerwechselBody,
} from '../schema/ablesungen';
import {
  ablesungLookup,
  deleteAblesung,
  deleteAllAblesungen,
  getAblesung,
  listAblesungen,
  saveAblesung,
} from '../services/ablesungen';
import { insertRunde, lastAblesungenParzelle } from '../services/runde';
import { zaehlerwechselParzelle } from '../services/zaehlerwechsel';

// The reading calls (docs/api/wasserbuch.md). Writes run in the router's transaction.

export const ablesungRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserablesungLookup',
    // The settlement's Stichtag is chosen from these dates, and the Kassier settles too; dates and
    // counts only, nothing about a plot.
    rights: WASSERABRECHNUNG_VIEW,
    handler: ({ db }) => ablesungLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserablesungen',
    rights: WASSER_VIEW,
    query: ablesungenQuery,
    handler: ({ db, query }) => listAblesungen(db, query),
  }),
  route({
    method: 'GET',
    path: 'Wasserbuch/GetWasserAblesung',
    rights: WASSER_VIEW,
    query: idQuery,
    handler: ({ db, query }) => getAblesung(db, query.id),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/UpdateWasserablesung',
    rights: WASSER_EDIT,
    body: ablesungBody,
    handler: ({ db, actor, body }) => saveAblesung(db, actor, body),
  }),
  route({
    method: 'POST',
    path: 'Wasserbuch/InsertNeueWasserAblesungen',
    rights: WASSER_EDIT,
    query: selectedDatumQuery,
    handler: ({ db, actor, query }) => insertRunde(db, actor, query.selectedDatum),
  }),
  route({
    method: 'DELETE',
    path: 'Wasserbuch/DeleteWasserablesung',
    rights: WASSER_EDIT,
    query: idQuery,
    async handler({ db, actor, query }) {
      await deleteAblesung(db, actor, query.id);
    },
  }),
  route({
    method: 'DELETE',
    path: 'Wasserbuch/DeleteAllWasserablesungen',
    rights: WASSER_EDIT,
    query: datumQuery,
    handler: ({ db, actor, query }) => deleteAllAblesungen(db, actor, query.datum),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetLastAblesungenParzelle',
    rights: PARZELLE_ZAEHLER_VIEW,
    query: parzelleIdQuery,
    handler: ({ db, query }) => lastAblesungenParzelle(db, query.parzelleId),
  }),
  route({
    method: 'POST',
    path: 'Stammdaten/UpdateZaehlerwechsel',
    rights: PARZELLE_ZAEHLER_EDIT,
    body: zaehlerwechselBody,
    handler: ({ db, actor, body }) => zaehlerwechselParzelle(db, actor, body),
  }),
];
