import type { ZvPosition } from '../../../../../src/modules/abrechnung/schema/zvData';
import type { LaufArt, LaufVorschau, ZvEintrag } from '../../../api/abrechnung';

// Mocked answers of the guided run for the screen tests of Gruppenrechnungen, Weitere
// Mitgliedschaften and Wasserrechnungen (the shapes are the server's types).

export const JAHRE = [
  { id: 3, jahr: 2026, bezeichnung: '2026' },
  { id: 2, jahr: 2025, bezeichnung: '2025' },
];

const ANSCHRIFT = {
  anrede: 'Frau',
  titel: '',
  vorname: 'Maria',
  nachname: 'Huber',
  strasse: 'Gartenweg 17',
  plz: '1100',
  ort: 'Wien',
  land: 'Österreich',
};

/** One letter: a name, its plots and positions (summeCent = their sum). */
export function brief(
  adresseId: number,
  name: string,
  parzellen: { nummer: string; parzelleId?: number | null; positionen: Partial<ZvPosition>[] }[],
): ZvEintrag {
  const ps = parzellen.map((p) => ({
    parzelleId: p.parzelleId === undefined ? Number(p.nummer) || null : p.parzelleId,
    nummer: p.nummer,
    positionen: p.positionen.map((x) => ({
      art: x.art ?? 'gruppe',
      text: x.text ?? '',
      betragCent: x.betragCent ?? 0,
      steuersatz: 0,
      buchungskontoId: null,
    })),
  }));
  return {
    adresseId,
    name,
    anschrift: { ...ANSCHRIFT, nachname: name.split(' ')[0] ?? name },
    email: '',
    bevorzugtEmail: false,
    parzellen: ps,
    summeCent: ps.flatMap((p) => p.positionen).reduce((s, x) => s + x.betragCent, 0),
    faelligAm: '2026-12-08',
    rechnungId: null,
    rechnungsnummer: null,
    zahlungsreferenz: null,
    rechnungen: [],
  };
}

/** A run's preview (LaufVorschau) of these letters, not booked unless `gebucht` is given. */
export function vorschau(
  art: LaufArt,
  titel: string,
  eintraege: ZvEintrag[],
  gebucht?: { gebuchtAm: string; gebuchtVon: string },
): LaufVorschau {
  const summeCent = eintraege.reduce((s, e) => s + e.summeCent, 0);
  return {
    status: {
      art,
      pachtabrechnungId: 3,
      gebucht: Boolean(gebucht),
      laufId: gebucht ? 9 : null,
      datum: gebucht ? '2026-11-24' : null,
      faelligAm: gebucht ? '2026-12-08' : null,
      gebuchtAm: gebucht?.gebuchtAm ?? null,
      gebuchtVon: gebucht?.gebuchtVon ?? null,
      anzahl: gebucht ? eintraege.length : 0,
      summeCent: gebucht ? summeCent : 0,
    },
    titel,
    datum: '2026-11-24',
    faelligAm: '2026-12-08',
    probleme: [],
    eintraege,
    anzahl: eintraege.length,
    summeCent,
    summenJeArt: [],
  };
}
