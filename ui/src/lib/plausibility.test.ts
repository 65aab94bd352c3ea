import { describe, expect, it } from 'vitest';
import { implausibleDate, plausibilityIssues } from './plausibility';

const today = new Date(2026, 10, 24);

describe('implausibleDate', () => {
  it('questions events more than 5 years ahead or 100 years back, not ordinary ones', () => {
    expect(implausibleDate('2999-01-01', { date: 'event' }, today)).toBe(
      '01.01.2999 liegt mehr als 5 Jahre in der Zukunft.',
    );
    expect(implausibleDate('2099-03-01', { date: 'event' }, today)).toContain('Zukunft');
    expect(implausibleDate('1900-01-01', { date: 'event' }, today)).toBe('01.01.1900 liegt mehr als 100 Jahre zurück.');
    expect(implausibleDate('2031-11-24', { date: 'event' }, today)).toBeUndefined();
    expect(implausibleDate('1990-05-01', { date: 'event' }, today)).toBeUndefined();
  });

  it('questions birth dates more than 110 years ago or in the future', () => {
    expect(implausibleDate('1910-01-01', { date: 'birth' }, today)).toBe('01.01.1910 liegt mehr als 110 Jahre zurück.');
    expect(implausibleDate('2027-01-01', { date: 'birth' }, today)).toBe('01.01.2027 liegt in der Zukunft.');
    expect(implausibleDate('1950-06-15', { date: 'birth' }, today)).toBeUndefined();
  });

  it('names the field by its label and ignores empty or unreadable values', () => {
    const issues = plausibilityIssues(
      { eintrittsdatum: '2999-01-01', geburtsdatum: null, austrittsdatum: '' },
      { eintrittsdatum: { date: 'event' }, geburtsdatum: { date: 'birth' }, austrittsdatum: { date: 'event' } },
      { eintrittsdatum: 'Eintritt' },
      today,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'Eintritt: 01.01.2999 liegt mehr als 5 Jahre in der Zukunft.',
    ]);
  });
});
