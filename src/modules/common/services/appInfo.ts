import { dbKind } from '../../../platform/db/db';
import type { AppServices } from '../../../platform/services';
import { getSection, getSetting } from '../../../platform/settings/settings';

/** The API version this server speaks; clients send theirs in X-Api-Version (spec §7: 3.0). */
export const API_VERSION = '3.0';
export const DEFAULT_VEREINSNAME = 'Kleingartenverein';

export type AppVersionInfo = {
  versionError: string | null;
  webAppVersion: string;
  apiVersion: string;
  serverTime: string;
  database: 'SQLite' | 'MySQL';
  supplier: { name: string; email: string; phone: string; url: string };
};

/** A version error when the client's major API version differs from ours; no header means a tool, not the UI. */
export function versionError(clientVersion: string | undefined): string | null {
  if (!clientVersion) return null;
  const major = clientVersion.trim().split('.')[0];
  if (major === API_VERSION.split('.')[0]) return null;
  return `Die geladene Oberfläche (API-Version ${clientVersion}) passt nicht zum Server (API-Version ${API_VERSION}). Bitte laden Sie die Seite neu (Strg + F5).`;
}

export async function appVersionInfo(
  services: AppServices,
  clientVersion: string | undefined,
): Promise<AppVersionInfo> {
  const supplier = await services.cache.get('supplier', () => getSection(services.db, 'Anbieter'));
  return {
    versionError: versionError(clientVersion),
    webAppVersion: services.version,
    apiVersion: API_VERSION,
    serverTime: new Date().toISOString(),
    database: dbKind(services.db) === 'mysql' ? 'MySQL' : 'SQLite',
    supplier: {
      name: supplier.name ?? 'kgv – Vereinsverwaltung',
      email: supplier.email ?? '',
      phone: supplier.phone ?? '',
      url: supplier.url ?? '',
    },
  };
}

export async function vereinsName(services: AppServices): Promise<string> {
  return services.cache.get('vereinsName', async () => {
    const name = await getSetting(services.db, 'Adresse', 'name');
    return name?.trim() || DEFAULT_VEREINSNAME;
  });
}
