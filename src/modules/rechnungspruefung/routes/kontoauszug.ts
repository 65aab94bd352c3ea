import { type AnyRoute, route } from '../../../http/router';
import { pdfFile } from '../../../platform/files/fileResult';
import { RECHNUNGEN_VIEW } from '../rights';
import { kontoauszugQuery } from '../schema/kontoauszug';
import { kontoauszug } from '../services/kontoauszug';
import { kontoauszugPdf } from '../services/kontoauszugBrief';

// The member's account statement (docs/api/rechnungspruefung.md "Mitglieder-Kontoauszug"): on screen
// (json) and as a PDF letter to the member.

export const kontoauszugRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    path: 'Rechnungspruefung/Kontoauszug',
    rights: RECHNUNGEN_VIEW,
    query: kontoauszugQuery,
    async handler({ services, db, query }) {
      const k = await kontoauszug(db, { adresseId: query.adresseId, von: query.von, bis: query.bis });
      if (query.format === 'pdf') {
        const name = k.adresse.name.replace(/[^\p{L}\p{N}]+/gu, '_');
        return pdfFile(await kontoauszugPdf(services, db, k), `Kontoauszug_${name}_${k.bis}.pdf`);
      }
      return k;
    },
  }),
];
