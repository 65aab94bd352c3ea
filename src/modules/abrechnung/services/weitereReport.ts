import { formatGermanDate } from '../../../platform/dates';
import { formatEuro } from '../../../platform/money';
import type { Report } from '../../../platform/report';
import type { ZvEintrag } from '../schema/zvData';

// The Weitere Mitgliedschaften as a spreadsheet: one row per position of each letter (name, address,
// text, amount) so the Kassier can filter and sum as in Excel; the same numbers as the JSON letters.

type Zeile = {
  nummer: string;
  name: string;
  anschrift: string;
  text: string;
  menge: string;
  betragCent: number;
  faelligAm: string;
};

export function weitereReport(jahr: number, datum: string, eintraege: readonly ZvEintrag[]): Report<Zeile> {
  const rows: Zeile[] = [];
  for (const e of eintraege) {
    const anschrift = [e.anschrift.strasse, [e.anschrift.plz, e.anschrift.ort].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    for (const p of e.parzellen)
      for (const pos of p.positionen)
        rows.push({
          nummer: e.rechnungsnummer ?? '',
          name: e.name,
          anschrift,
          text: pos.text,
          menge: pos.menge ?? '',
          betragCent: pos.betragCent,
          faelligAm: e.faelligAm,
        });
  }
  return {
    title: `Weitere Mitgliedschaften ${jahr}`,
    fileName: `Weitere_Mitgliedschaften_${jahr}`,
    datum,
    columns: [
      { header: 'Rechnungsnummer', print: (z) => z.nummer, excel: 'nummer', kind: 'text' },
      { header: 'Name', print: (z) => z.name, excel: 'name' },
      { header: 'Anschrift', print: (z) => z.anschrift, excel: 'anschrift' },
      { header: 'Position', print: (z) => z.text, excel: 'text' },
      { header: 'Menge', print: (z) => z.menge, excel: 'menge', kind: 'text' },
      {
        header: 'Betrag',
        print: (z) => formatEuro(z.betragCent),
        excel: 'betragCent',
        kind: 'euro',
        className: 'number',
      },
      { header: 'Fällig am', print: (z) => formatGermanDate(z.faelligAm), excel: 'faelligAm', kind: 'date' },
    ],
    rows,
  };
}
