import type { AppServices } from '../../../platform/services';
import { getSetting } from '../../../platform/settings/settings';
import { vereinsName } from './appInfo';

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** The built-in banner when the club has no logo: a garden landscape with the club's name. */
export function defaultBanner(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="555" height="200" viewBox="0 0 555 200" role="img" aria-label="${escapeXml(name)}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dff1ff"/><stop offset="1" stop-color="#f7fbf2"/></linearGradient></defs>
  <rect width="555" height="200" fill="url(#sky)"/>
  <circle cx="470" cy="52" r="26" fill="#f6c945"/>
  <path d="M0 150 Q120 95 250 140 T555 128 V200 H0 Z" fill="#8cc46b"/>
  <path d="M0 172 Q160 130 320 168 T555 160 V200 H0 Z" fill="#4f9a3f"/>
  <g fill="#7a4a2a"><rect x="70" y="118" width="44" height="30"/><path d="M64 120 L92 98 L120 120 Z" fill="#b5432f"/></g>
  <g fill="#2f6f2a"><circle cx="150" cy="132" r="12"/><rect x="148" y="140" width="4" height="14" fill="#6b4226"/></g>
  <text x="277" y="70" text-anchor="middle" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#22461d">${escapeXml(name)}</text>
</svg>`;
}

export type LogoImage = { body: Buffer; contentType: string };

/** The club logo file if one was uploaded (Vereinseinstellungen IconFile), else the built-in banner. */
export async function getLogo(services: AppServices): Promise<LogoImage> {
  const fileId = await getSetting(services.db, 'IconFile', 'fileId');
  if (fileId) {
    try {
      const record = await services.files.get(services.db, Number(fileId));
      return { body: await services.files.read(record), contentType: record.mime };
    } catch {
      services.log.warn('logo file missing, using the default banner', { fileId });
    }
  }
  return { body: Buffer.from(defaultBanner(await vereinsName(services))), contentType: 'image/svg+xml' };
}
