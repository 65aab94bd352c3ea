import type { UserRow } from '../../api/user';

const dateTime = new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit' });

function parse(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "22.11.2026, 14:35"; "–" for never. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateTime.format(date) : '–';
}

export type UserStatus = { kind: 'active' | 'inactive' | 'locked'; text: string };

/** "aktiv", "inaktiv" or "gesperrt bis 14:35" (with the date when the lock ends another day). */
export function userStatus(user: Pick<UserRow, 'active' | 'lockedUntil'>, now = new Date()): UserStatus {
  if (!user.active) return { kind: 'inactive', text: 'inaktiv' };
  const until = parse(user.lockedUntil);
  if (until && until > now) {
    const sameDay = until.toDateString() === now.toDateString();
    return { kind: 'locked', text: `gesperrt bis ${sameDay ? time.format(until) : dateTime.format(until)}` };
  }
  return { kind: 'active', text: 'aktiv' };
}
