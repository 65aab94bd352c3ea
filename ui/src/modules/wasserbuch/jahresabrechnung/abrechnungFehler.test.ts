import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { abrechnungFehler } from './abrechnungFehler';

const MISSING = {
  text: 'Parzelle 2: Für den Zähler „WZ-2“ fehlt die Ablesung am 31.10.2026.',
  parzelleId: 12,
  parzelleNummer: '2',
  hauptwasserzaehlerId: null,
  zaehlernummer: 'WZ-2',
  datum: '2026-10-31',
};

describe('abrechnungFehler', () => {
  const refusal = (body: Record<string, unknown>) =>
    new ApiError({
      url: '/api/Wasserbuch/ErstelleAbrechnung',
      status: 422,
      statusText: 'Unprocessable Entity',
      body: { type: 'about:blank', status: 422, code: 'validation_failed', ...body },
    });

  it('links a plot to its reading, a main meter to its round and its balance, missing basis data to them', () => {
    const negative = {
      text: 'Hauptwasserzähler HWZ-1: Verbrauch 400.000 m³ ist kleiner als die Summe der Parzellen 410.000 m³.',
      parzelleId: null,
      parzelleNummer: null,
      hauptwasserzaehlerId: 7,
      zaehlernummer: 'HWZ-1',
      datum: '2026-10-31',
    };
    const grunddaten = {
      text: 'Für 2026 sind keine Wassergrunddaten angelegt.',
      parzelleId: null,
      parzelleNummer: null,
      hauptwasserzaehlerId: null,
      zaehlernummer: null,
      datum: null,
    };
    const fehler = abrechnungFehler(
      refusal({ title: 'Negativer Schwund wird nicht verrechnet.', befunde: [MISSING, negative, grunddaten] }),
      '2026-10-31',
    );
    expect(fehler).toEqual({
      title: 'Negativer Schwund wird nicht verrechnet.',
      eintraege: [
        {
          text: MISSING.text,
          links: [{ href: '/wasserbuch/wasserablesung?datum=2026-10-31&parzelle=12', text: 'Zur Ablesung' }],
        },
        {
          text: negative.text,
          links: [
            { href: '/wasserbuch/wasserablesung?datum=2026-10-31', text: 'Ablesungen vom 31.10.2026' },
            { href: '/stammdatenverwalten/hauptwasserzaehler?id=7', text: 'Hauptwasserzähler öffnen' },
          ],
        },
        {
          text: grunddaten.text,
          links: [{ href: '/basisdatenabrechnung/wasserabrechnung/abrechnung', text: 'Wassergrunddaten öffnen' }],
        },
      ],
    });
  });

  it('without befunde lists the German lines, linking the round of the date they name', () => {
    const fehler = abrechnungFehler(
      refusal({ title: 'Es fehlen Ablesungen.', errors: { stichtag: ['Parzelle 3: keine Ablesung am 1.4.2026.'] } }),
      '2026-10-31',
    );
    expect(fehler?.eintraege).toEqual([
      {
        text: 'Parzelle 3: keine Ablesung am 1.4.2026.',
        links: [{ href: '/wasserbuch/wasserablesung?datum=2026-04-01', text: 'Ablesungen vom 01.04.2026' }],
      },
    ]);
    expect(abrechnungFehler(new Error('x'), '2026-10-31')).toBeNull();
  });
});
