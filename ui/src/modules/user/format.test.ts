import { describe, expect, it } from 'vitest';
import { userStatus } from './format';

describe('userStatus', () => {
  // Local times: the UI speaks the browser's time zone.
  const now = new Date(2026, 10, 22, 14, 0);

  it('says until when a lock lasts: the time today, date and time when it ends another day', () => {
    expect(userStatus({ active: true, lockedUntil: new Date(2026, 10, 22, 14, 35).toISOString() }, now)).toEqual({
      kind: 'locked',
      text: 'gesperrt bis 14:35',
    });
    const late = new Date(2026, 10, 22, 23, 30);
    expect(userStatus({ active: true, lockedUntil: new Date(2026, 10, 23, 0, 5).toISOString() }, late).text).toBe(
      'gesperrt bis 23.11.2026, 00:05',
    );
  });

  it('is active once the lock has passed, and inactive above all', () => {
    expect(userStatus({ active: true, lockedUntil: new Date(2026, 10, 22, 13, 0).toISOString() }, now).kind).toBe(
      'active',
    );
    expect(userStatus({ active: false, lockedUntil: new Date(2026, 10, 22, 15, 0).toISOString() }, now).text).toBe(
      'inaktiv',
    );
  });
});
