import { route } from '../../http/router';
import { listPachtabrechnungen } from './services';

/** The billing years (docs/api/stammdaten.md, "Year scope"). */
export const abrechnungRoutes = [
  route({
    method: 'GET',
    path: 'Common/Pachtabrechnungen',
    signedIn: true,
    handler: ({ db }) => listPachtabrechnungen(db),
  }),
];
