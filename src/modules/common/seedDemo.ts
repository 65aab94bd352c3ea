import type { Db } from '../../platform/db/db';
import { setSection } from '../../platform/settings/settings';

/** The demo club's name, address and the supplier contact shown in the footer. */
export async function seedDemoClub(db: Db): Promise<void> {
  await setSection(
    db,
    'Adresse',
    { name: 'KGV Sonnenhang', strasse: 'Gartenweg 1', plz: '1140', ort: 'Wien', land: 'Österreich' },
    null,
  );
  await setSection(
    db,
    'Anbieter',
    { name: 'kgv – Vereinsverwaltung', email: 'hilfe@kgv.example.at', phone: '+43 1 234 56 78', url: '' },
    null,
  );
}
