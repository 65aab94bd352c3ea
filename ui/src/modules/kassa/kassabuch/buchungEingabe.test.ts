import { describe, expect, it } from 'vitest';
import { betragCent, betragText, findeWahl } from './buchungEingabe';

const KONTEN = [
  { id: 1, nummer: '4000', name: 'Mitgliedsbeiträge' },
  { id: 2, nummer: '4100', name: 'Pachtzins' },
  { id: 3, nummer: '7000', name: 'Material' },
  { id: 4, nummer: '7100', name: 'Strom' },
  { id: 5, nummer: '7110', name: 'Stromzähler Miete' },
];

describe('findeWahl', () => {
  it('finds by number, by "number name", by name and by a name part that fits one', () => {
    expect(findeWahl('7000', KONTEN)).toEqual({ wahl: KONTEN[2] });
    expect(findeWahl('4000 Mitgliedsbeiträge', KONTEN)).toEqual({ wahl: KONTEN[0] });
    expect(findeWahl(' material ', KONTEN)).toEqual({ wahl: KONTEN[2] });
    expect(findeWahl('pacht', KONTEN)).toEqual({ wahl: KONTEN[1] });
    // "Strom" is a name exactly, though "Stromzähler" starts with it too.
    expect(findeWahl('strom', KONTEN)).toEqual({ wahl: KONTEN[3] });
  });

  it('says nothing typed, nothing fits, or which several fit', () => {
    expect(findeWahl('  ', KONTEN)).toEqual({ leer: true });
    expect(findeWahl('9999', KONTEN)).toEqual({ fehlt: true, mehrdeutig: [] });
    expect(findeWahl('71', KONTEN)).toEqual({ fehlt: true, mehrdeutig: [KONTEN[3], KONTEN[4]] });
  });
});

describe('betragCent', () => {
  it('takes the sign from the booking account unless one is typed', () => {
    expect(betragCent('12,50', 'einnahme')).toBe(1250);
    expect(betragCent('12,50', 'ausgabe')).toBe(-1250);
    expect(betragCent('12,50', undefined)).toBe(1250);
    expect(betragCent('-12,50', 'einnahme')).toBe(-1250);
    expect(betragCent('+12,50', 'ausgabe')).toBe(1250);
    expect(betragCent('1.234,56', 'ausgabe')).toBe(-123456);
  });

  it('is null for no amount, zero or a typo', () => {
    expect(betragCent('', 'einnahme')).toBeNull();
    expect(betragCent('0', 'einnahme')).toBeNull();
    expect(betragCent('12,345', 'einnahme')).toBeNull();
    expect(betragCent('zwölf', 'einnahme')).toBeNull();
    expect(betragCent('--5', 'einnahme')).toBeNull();
  });
});

describe('betragText', () => {
  it('writes cents as they are typed, and betragCent reads them back', () => {
    expect(betragText(-1250)).toBe('-12,50');
    expect(betragText(123456)).toBe('1.234,56');
    expect(betragCent(betragText(-1250), undefined)).toBe(-1250);
    expect(betragCent(betragText(123456), 'ausgabe')).toBe(-123456);
  });
});
