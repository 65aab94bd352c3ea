import { formatGermanDate, todayIso } from '../../../platform/dates';
import { type Db, inTransaction, nowDb } from '../../../platform/db/db';
import type { MailService } from '../../../platform/mail/mailService';
import { EICH_WARNUNG_TAGE } from '../../stammdaten/services';
import type { ZaehlerEichung } from '../schema/zaehler';
import { zaehlerEichung } from './eichung';

// The daily calibration reminder (job `wasserbuch.eichung`): the Wasserwart gets one mail listing
// the meters that fell due (within 90 days or overdue) since the last run. Each meter is mailed once
// per due date (`wasserzaehler_eichung_erinnerungen`); a meter change gives a new number and due
// date, so the new meter is mailed again when its time comes.

const RIGHT = 'WebApp.Wasser.Edit';

const keyOf = (z: ZaehlerEichung) => (z.art === 'parzelle' ? `P${z.parzelleId}` : `H${z.hauptwasserzaehlerId}`);

/** Active users whose role grants WebApp.Wasser.Edit, with an e-mail address. */
async function wasserwarte(db: Db): Promise<{ email: string; name: string }[]> {
  const rows = await db('users')
    .join('user_roles', 'user_roles.user_id', 'users.id')
    .join('role_rights', 'role_rights.role_id', 'user_roles.role_id')
    .where('role_rights.right_name', RIGHT)
    .where('users.active', true)
    .whereNot('users.email', '')
    .distinct('users.email', 'users.name')
    .orderBy('users.email');
  return rows.map((r) => ({ email: String(r.email), name: String(r.name) }));
}

function line(z: ZaehlerEichung, today: string): string {
  const what =
    z.art === 'parzelle'
      ? `Parzelle ${z.parzelleNummer}${z.adresseName ? ` (${z.adresseName})` : ''}: Zähler ${z.zaehlernummer}`
      : `Hauptwasserzähler ${z.zaehlernummer}`;
  const due = z.eichungFaelligAm ?? '';
  return `- ${what} – Eichung ${due < today ? 'seit' : 'fällig am'} ${formatGermanDate(due)}${
    z.eingebautAm ? ` (eingebaut am ${formatGermanDate(z.eingebautAm)})` : ''
  }`;
}

/** One run: mails the newly due meters and remembers them. Answers the line for the job history. */
export async function eichungErinnern(db: Db, mail: MailService | undefined, today = todayIso()): Promise<string> {
  const due = (await zaehlerEichung(db, { tage: EICH_WARNUNG_TAGE }, today)).filter((z) => z.eichungFaelligAm);
  const known = await db('wasserzaehler_eichung_erinnerungen').select(
    'zaehler_key',
    'zaehlernummer',
    'eichung_faellig_am',
  );
  const seen = new Set(
    known.map(
      (k) => `${k.zaehler_key}|${String(k.zaehlernummer).toLowerCase()}|${String(k.eichung_faellig_am).slice(0, 10)}`,
    ),
  );
  const neu = due.filter((z) => !seen.has(`${keyOf(z)}|${z.zaehlernummer.toLowerCase()}|${z.eichungFaelligAm}`));
  if (!neu.length) return 'Keine neu fälligen Wasserzähler';
  const to = await wasserwarte(db);
  // Nobody to tell: nothing is remembered, so the next run tries again.
  if (!to.length) return `${neu.length} fällige Wasserzähler, aber kein Wasserwart mit E-Mail-Adresse`;
  if (!mail) throw new Error('Kein Mail-Dienst für die Eichungserinnerung.');
  const lines = neu.map((z) => line(z, today));
  for (const person of to) {
    await mail.send({
      to: person.email,
      subject: `Wasserzähler zur Eichung fällig (${neu.length})`,
      text: [
        `Guten Tag ${person.name},`,
        '',
        `${neu.length === 1 ? 'Dieser Wasserzähler ist' : 'Diese Wasserzähler sind'} in den nächsten ${EICH_WARNUNG_TAGE} Tagen zur Eichung fällig oder bereits überfällig (Eichfrist 5 Jahre):`,
        '',
        ...lines,
        '',
        'Die Liste aller Zähler mit ihren Eichterminen steht im Wasserbuch. Nach einem Zählerwechsel beginnt die Frist neu.',
      ].join('\n'),
    });
  }
  const now = nowDb();
  await inTransaction(db, async (trx) => {
    for (const z of neu) {
      await trx('wasserzaehler_eichung_erinnerungen').insert({
        zaehler_key: keyOf(z),
        zaehlernummer: z.zaehlernummer,
        eichung_faellig_am: z.eichungFaelligAm as string,
        gemeldet_am: now,
      });
    }
  });
  return `${neu.length} fällige Wasserzähler an ${to.length} Empfänger gemeldet`;
}
