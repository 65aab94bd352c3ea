import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_PLATZHALTER, MAIL_TEMPLATE_TYPEN, PLATZHALTER_BESCHREIBUNG } from '../schema/mailTemplate';
import { fuelleVorlage, platzhalterFehler, STANDARD_MAIL_TEMPLATES, unerlaubtePlatzhalter } from './platzhalter';

describe('fuelleVorlage', () => {
  it('fills every placeholder, spaces inside the braces allowed, missing values as empty', () => {
    expect(
      fuelleVorlage('Sehr geehrte(r) {{anrede}} {{ titel }} {{nachname}}, {{betrag}} bis {{faelligAm}}.', {
        anrede: 'Frau',
        titel: 'Dr.',
        nachname: 'Huber',
        betrag: '€ 12,50',
        faelligAm: null,
      }),
    ).toBe('Sehr geehrte(r) Frau Dr. Huber, € 12,50 bis .');
  });

  it('fills a value twice, numbers as text, and leaves text without braces alone', () => {
    expect(fuelleVorlage('{{jahr}}/{{jahr}} {{x}}', { jahr: 2026 })).toBe('2026/2026 ');
    expect(fuelleVorlage('kein Platzhalter { x }', {})).toBe('kein Platzhalter { x }');
    // Inherited object keys are no values.
    expect(fuelleVorlage('{{toString}}', {})).toBe('');
  });
});

describe('placeholders per type', () => {
  it('names the unknown and the not-allowed ones, each once', () => {
    expect(unerlaubtePlatzhalter('Testmail', '{{name}} {{foo}} {{link}} {{foo}}')).toEqual(['foo', 'link']);
    expect(unerlaubtePlatzhalter('PasswortVergessen', '{{link}} {{ name }}')).toEqual([]);
    expect(platzhalterFehler('Testmail', ['foo'])).toBe(
      'Unbekannter Platzhalter {{foo}} – erlaubt sind: {{name}}, {{verein}}.',
    );
  });

  it('gives every placeholder a description and every default only allowed placeholders', () => {
    for (const typ of MAIL_TEMPLATE_TYPEN) {
      for (const name of MAIL_TEMPLATE_PLATZHALTER[typ]) expect(PLATZHALTER_BESCHREIBUNG[name]).toBeTruthy();
      const standard = STANDARD_MAIL_TEMPLATES[typ];
      expect(unerlaubtePlatzhalter(typ, `${standard.betreff}\n${standard.text}`), typ).toEqual([]);
    }
    expect(MAIL_TEMPLATE_PLATZHALTER.PasswortVergessen).toContain('link');
    expect(MAIL_TEMPLATE_TYPEN.filter((t) => MAIL_TEMPLATE_PLATZHALTER[t].includes('link'))).toEqual([
      'PasswortVergessen',
    ]);
  });
});
