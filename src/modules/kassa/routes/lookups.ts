import { type AnyRoute, route } from '../../../http/router';
import { STAMMDATEN_VIEW } from '../../stammdaten/rights';
import { KASSA_LOOKUP, KASSA_VIEW } from '../rights';
import { parzellenKontenQuery, periodeQuery, steuersatzFlagQuery, vonBisQuery } from '../schema/buchungskonten';
import { buchungskontenImZeitraum, buchungskontenLookup, steuersatzFlag } from '../services/buchungskonten';
import {
  parzellenspezifischeBuchungskonten,
  parzellenspezifischeKontenDerParzelle,
} from '../services/buchungskontoParzellen';
import { kassaabrechnungenLookup } from '../services/kassaabrechnungen';
import { kontenLookup } from '../services/konten';
import { kostenstellenImZeitraum } from '../services/kostenstellen';

// The dropdown lookups of Kassa (docs/api/kassa.md "Lookups"): the billing runs and the receivables
// need them too (KASSA_LOOKUP). Stammdaten/GetParzellenspezifischeKonten moved here from the
// Stammdaten module: the assignments are Kassa's data, the plot dialog shows them.

export const lookupRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Common/Kassaabrechnungen',
    rights: KASSA_LOOKUP,
    handler: ({ db }) => kassaabrechnungenLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Common/Konten',
    rights: KASSA_LOOKUP,
    handler: ({ db }) => kontenLookup(db),
  }),
  route({
    method: 'GET',
    path: 'Kassa/Buchungskonten',
    rights: KASSA_LOOKUP,
    query: periodeQuery,
    handler: ({ db, query }) => buchungskontenLookup(db, query.kassaabrechnungID),
  }),
  route({
    method: 'GET',
    path: 'Common/Buchungskonten',
    rights: KASSA_LOOKUP,
    query: vonBisQuery,
    handler: ({ db, query }) => buchungskontenImZeitraum(db, query.von, query.bis),
  }),
  route({
    method: 'GET',
    path: 'Common/Kostenstellen',
    rights: KASSA_LOOKUP,
    query: vonBisQuery,
    handler: ({ db, query }) => kostenstellenImZeitraum(db, query.von, query.bis),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetSteuersatzFlag',
    rights: KASSA_LOOKUP,
    query: steuersatzFlagQuery,
    handler: ({ db }) => steuersatzFlag(db),
  }),
  route({
    method: 'GET',
    path: 'Kassa/GetBuchungsKontenParzellenspezifischLookup',
    rights: KASSA_LOOKUP,
    query: periodeQuery,
    handler: ({ db, query }) => parzellenspezifischeBuchungskonten(db, query.kassaabrechnungID),
  }),
  route({
    method: 'GET',
    path: 'Stammdaten/GetParzellenspezifischeKonten',
    rights: [...new Set([...STAMMDATEN_VIEW, ...KASSA_VIEW])],
    query: parzellenKontenQuery,
    handler: ({ db, query }) => parzellenspezifischeKontenDerParzelle(db, query.id, query.kassaabrechnungID),
  }),
];
