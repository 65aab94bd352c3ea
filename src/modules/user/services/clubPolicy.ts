import type { AppServices } from '../../../platform/services';
import { getSetting } from '../../../platform/settings/settings';

export type MfaLevel = 0 | 1 | 2;

/** The club's two-factor level (Vereinseinstellungen Optionen.mfa): 0 off, 1 optional, 2 required. */
export function clubMfaLevel(services: Pick<AppServices, 'db' | 'cache'>): Promise<MfaLevel> {
  return services.cache.get('mfaLevel', async () => {
    const value = Number(await getSetting(services.db, 'Optionen', 'mfa'));
    return value === 1 || value === 2 ? value : 0;
  });
}
