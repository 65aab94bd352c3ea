import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './testApp';

/**
 * Waits for the newest outbox mail to `email` (mails may go out after the response) and answers its
 * text with quoted-printable soft breaks undone, and the token of the password link in it.
 */
export async function passwordLinkFromOutbox(app: TestApp, email: string): Promise<{ token: string; raw: string }> {
  for (let i = 0; i < 50; i++) {
    const mail = (await app.services.mail.listOutbox()).find((m) => m.to.includes(email));
    if (mail) {
      const raw = readFileSync(path.join(app.services.config.dataDir, 'outbox', mail.file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const token = /token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
      if (token) return { token, raw };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no password mail for ${email}`);
}
