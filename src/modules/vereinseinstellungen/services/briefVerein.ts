import type { BriefVerein } from '../../../platform/brief/briefBausteine';
import type { Db } from '../../../platform/db/db';
import type { AppServices } from '../../../platform/services';
import { getVereinseinstellungen } from './vereinseinstellungen';

// What every letter needs from the club's settings (head, sender line, payee, bank account, logo),
// read once per print run: the payment request, invoices, reminders and account statements.

export async function briefVerein(services: AppServices, db: Db = services.db): Promise<BriefVerein> {
  const s = await getVereinseinstellungen(services, db);
  const a = s.adresse;
  const plzOrt = [a.plz, a.ort].filter(Boolean).join(' ');
  const zeilen = [a.zusatz, a.strasse, plzOrt, a.zvrZahl ? `ZVR ${a.zvrZahl}` : '']
    .map((z) => (z ?? '').trim())
    .filter(Boolean);
  return {
    name: a.name,
    zeilen,
    absender: [a.name, a.strasse, plzOrt].filter(Boolean).join(' · '),
    ort: a.ort ?? '',
    // The EPC payee is at most 70 characters (code points, as the payment helper counts them).
    empfaenger: Array.from((s.bank.kontoinhaber ?? '').trim() || a.name)
      .slice(0, 70)
      .join(''),
    iban: s.bank.iban ?? '',
    bic: s.bank.bic ?? '',
    bankname: s.bank.bankname ?? '',
    logo: await logoDataUrl(services, db, s.iconFile.fileId),
  };
}

async function logoDataUrl(services: AppServices, db: Db, fileId: number | null): Promise<string | null> {
  if (fileId === null) return null;
  const row = (await db('files').where({ id: fileId }).first('sha256', 'mime')) as
    | { sha256: string; mime: string }
    | undefined;
  if (!row) return null;
  try {
    const bytes = await services.files.read(row);
    return `data:${row.mime};base64,${bytes.toString('base64')}`;
  } catch (error) {
    // A missing logo file must not stop a print run: the letters go out without it.
    services.log.warn('briefe: logo not readable', { fileId, error: String(error) });
    return null;
  }
}
