import { describe, expect, it } from 'vitest';
import { rechnungStatus, ueberfaelligCent } from './rechnungStand';

describe('rechnungStatus', () => {
  it('derives offen, teilbezahlt and bezahlt from amount and paid (credit notes too)', () => {
    expect(rechnungStatus(139_779, 0)).toBe('offen');
    expect(rechnungStatus(139_779, 50_000)).toBe('teilbezahlt');
    expect(rechnungStatus(139_779, 139_779)).toBe('bezahlt');
    expect(rechnungStatus(0, 0)).toBe('bezahlt');
    expect(rechnungStatus(-3_244, 0)).toBe('offen');
    expect(rechnungStatus(-3_244, -3_244)).toBe('bezahlt');
  });
});

describe('ueberfaelligCent', () => {
  const r = { betragCent: 30_000, bezahltCent: 0, faelligAm: '2026-03-31' };
  it('is the open amount once the due date has passed, nothing on the due date itself', () => {
    expect(ueberfaelligCent(r, '2026-03-31')).toBe(0);
    expect(ueberfaelligCent(r, '2026-04-01')).toBe(30_000);
    expect(ueberfaelligCent({ ...r, bezahltCent: 10_000 }, '2026-04-01')).toBe(20_000);
    expect(ueberfaelligCent({ ...r, betragCent: -3_244 }, '2026-04-01')).toBe(0);
  });
  it('with instalments: the instalments due before the day minus what was paid', () => {
    const raten = [
      { faelligAm: '2026-04-30', betragCent: 10_000 },
      { faelligAm: '2026-05-31', betragCent: 10_000 },
      { faelligAm: '2026-06-30', betragCent: 10_000 },
    ];
    expect(ueberfaelligCent({ ...r, raten }, '2026-04-30')).toBe(0);
    expect(ueberfaelligCent({ ...r, raten }, '2026-05-01')).toBe(10_000);
    expect(ueberfaelligCent({ ...r, raten, bezahltCent: 10_000 }, '2026-05-01')).toBe(0);
    expect(ueberfaelligCent({ ...r, raten, bezahltCent: 15_000 }, '2026-06-01')).toBe(5_000);
    expect(ueberfaelligCent({ ...r, raten, bezahltCent: 5_000 }, '2026-12-01')).toBe(25_000);
  });
  it('with instalments: a fee added after the plan is due with the receivable, the plan stays as it is', () => {
    const raten = [
      { faelligAm: '2026-04-30', betragCent: 10_000 },
      { faelligAm: '2026-05-31', betragCent: 10_000 },
      { faelligAm: '2026-06-30', betragCent: 10_000 },
    ];
    const mitGebuehr = { ...r, betragCent: 31_000, raten };
    // first instalment and the fee of 10 € overdue; the later instalments are not
    expect(ueberfaelligCent(mitGebuehr, '2026-05-01')).toBe(11_000);
    // every instalment paid: the fee alone is left and overdue
    expect(ueberfaelligCent({ ...mitGebuehr, bezahltCent: 30_000 }, '2026-07-01')).toBe(1_000);
    // before the receivable's due date nothing is overdue
    expect(ueberfaelligCent(mitGebuehr, '2026-03-31')).toBe(0);
  });
});
