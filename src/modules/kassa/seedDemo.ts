import type { Db } from '../../platform/db/db';
import type { AppServices } from '../../platform/services';

/** The demo club's cash book (being built). */
export async function seedDemoKassa(_services: AppServices, _db: Db): Promise<void> {}
