import type { ReactElement } from 'react';
import { formatGermanDate } from '../../../platform/dates';

export type Parkkarte = {
  verein: string;
  jahr: number;
  parzelle: string;
  name: string;
  gueltigBis: string | null;
  hinweis: string;
  /** This card's number among the plot's cards, and how many the plot has. */
  nr: number;
  von: number;
};

/** Cards of 85 × 54 mm (credit-card size … doubled for a windscreen), cut along the dashed frame. */
export const parkkartenCss = `
.cards { display: flex; flex-wrap: wrap; gap: 6mm; }
.card { width: 84mm; height: 58mm; border: 0.6pt dashed #000; padding: 4mm 5mm; break-inside: avoid; display: flex; flex-direction: column; }
.card .verein { font-size: 9pt; font-weight: bold; }
.card .titel { font-size: 16pt; font-weight: bold; margin: 1.5mm 0; }
.card .parzelle { font-size: 22pt; font-weight: bold; margin: 0 0 1mm; }
.card .name { font-size: 10.5pt; }
.card .gueltig { font-size: 9pt; margin-top: auto; }
.card .hinweis { font-size: 8pt; white-space: pre-line; }
.card .nr { font-size: 7pt; color: #444; text-align: right; }
`;

export function Parkkarten({ cards }: { cards: Parkkarte[] }): ReactElement {
  return (
    <div className="cards">
      {cards.map((c) => (
        <div className="card" key={`${c.parzelle}-${c.nr}`}>
          <div className="verein">{c.verein}</div>
          <div className="titel">Parkkarte {c.jahr}</div>
          <div className="parzelle">Parzelle {c.parzelle}</div>
          <div className="name">{c.name}</div>
          {c.gueltigBis && <div className="gueltig">Gültig bis {formatGermanDate(c.gueltigBis)}</div>}
          {c.hinweis && <div className="hinweis">{c.hinweis}</div>}
          <div className="nr">
            Karte {c.nr} von {c.von}
          </div>
        </div>
      ))}
    </div>
  );
}
