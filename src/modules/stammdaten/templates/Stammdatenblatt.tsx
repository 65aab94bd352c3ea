import { formatGermanDate } from '../../../platform/dates';
import { formatIban } from '../../../platform/payment';
import { germanDecimal } from '../services/listen';
import type { Stammdatenblatt as Data } from '../services/stammdatenblatt';

export type StammdatenblattProps = {
  vereinsName: string;
  datum: string;
  /** Absent: a blank form with the same labels. */
  data?: Data;
};

export const stammdatenblattCss = `
.kopf { display: flex; justify-content: space-between; border-bottom: 0.6pt solid #000; margin-bottom: 4mm; }
.kopf .verein { font-weight: bold; }
table.felder th { width: 45mm; font-weight: normal; color: #333; }
table.felder td { border-bottom: 0.3pt solid #999; height: 7mm; }
table.liste td { border-bottom: 0.3pt solid #999; height: 7mm; }
/* A filled sheet has its rows a little closer, so that it fits one page with its signature; the
   blank form keeps room for handwriting. */
.ausgefuellt table.felder th, .ausgefuellt table.felder td, .ausgefuellt table.liste td { padding-top: 0.5mm; padding-bottom: 0.5mm; height: 6mm; }
.unterschrift { margin-top: 8mm; }
.unterschrift .zeilen { display: flex; gap: 12mm; margin-top: 12mm; }
.unterschrift .zeile { flex: 1; border-top: 0.6pt solid #000; padding-top: 1mm; font-size: 9pt; }
`;

const ANREDEN: [string, (a: Record<string, unknown>) => string][] = [
  ['Anrede', (a) => String(a.anrede ?? '')],
  ['Titel', (a) => String(a.titel ?? '')],
  ['Vorname', (a) => String(a.vorname ?? '')],
  ['Nachname', (a) => String(a.nachname ?? '')],
  ['Straße', (a) => String(a.strasse ?? '')],
  ['PLZ', (a) => String(a.plz ?? '')],
  ['Ort', (a) => String(a.ort ?? '')],
  ['Land', (a) => String(a.land ?? '')],
  ['Telefon', (a) => String(a.telefon ?? '')],
  ['Mobil', (a) => String(a.mobil ?? '')],
  ['E-Mail', (a) => String(a.email ?? '')],
  ['Geburtsdatum', (a) => formatGermanDate(a.geburtsdatum as string | null)],
  ['Eintrittsdatum', (a) => formatGermanDate(a.eintrittsdatum as string | null)],
  ['Austrittsdatum', (a) => formatGermanDate(a.austrittsdatum as string | null)],
  ['KGV-Mitglied', (a) => ((Number(a.flags) & 256) !== 0 ? 'ja' : 'nein')],
  // Stored compact, printed in groups of four as on a bank card.
  ['IBAN', (a) => (a.iban ? formatIban(String(a.iban)) : '')],
  ['Zeitung erlaubt', (a) => (Number(a.zeitung_erlaubt) ? 'ja' : 'nein')],
  ['Notiz', (a) => String(a.notiz ?? '')],
];

function Section({
  title,
  headers,
  rows,
  blank,
}: {
  title: string;
  headers: string[];
  rows: string[][];
  blank: number;
}) {
  const shown = rows.length ? rows : Array.from({ length: blank }, () => headers.map(() => ''));
  return (
    <div className="avoid-break">
      <h2>{title}</h2>
      <table className="liste">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: printed rows have no identity of their own
            <tr key={i}>
              {r.map((c, j) => (
                <td key={headers[j]}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Stammdatenblatt({ vereinsName, datum, data }: StammdatenblattProps) {
  const a = data?.adresse;
  const blank = data ? 0 : 3;
  const range = (von: string, bis: string | null) =>
    `${formatGermanDate(von)} – ${bis ? formatGermanDate(bis) : 'laufend'}`;
  return (
    <div className={data ? 'ausgefuellt' : undefined}>
      <div className="kopf">
        <span className="verein">{vereinsName}</span>
        <span>Stand: {datum}</span>
      </div>
      <h1>Stammdatenblatt{a ? ` ${a.name}` : ''}</h1>
      <table className="felder">
        <tbody>
          {ANREDEN.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td>{a ? value(a) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Section
        title="Parzellen"
        headers={['Parzelle', 'Fläche m²', 'Zeitraum']}
        rows={(data?.parzellen ?? []).map((p) => [p.nummer, germanDecimal(p.flaeche), range(p.von, p.bis)])}
        blank={blank}
      />
      <Section
        title="Weitere Personen"
        headers={['Name', 'Beziehung', 'Geburtsdatum', 'Telefon', 'E-Mail']}
        rows={(data?.weiterePersonen ?? []).map((w) => [
          w.name,
          w.beziehung,
          formatGermanDate(w.geburtsdatum),
          w.telefon,
          w.email,
        ])}
        blank={blank}
      />
      <Section
        title="Abstellplätze"
        headers={['Abstellplatz', 'Kategorie', 'Zeitraum']}
        rows={(data?.abstellplaetze ?? []).map((p) => [p.nummer, p.kategorie, range(p.von, p.bis)])}
        blank={blank}
      />
      <Section
        title="Funktionen"
        headers={['Funktion', 'Zeitraum']}
        rows={(data?.funktionen ?? []).map((f) => [f.name, range(f.von, f.bis)])}
        blank={blank}
      />
      <Unterschrift name={a?.name} />
    </div>
  );
}

/** Place, date and the member's signature under the sheet: the member confirms the data. */
function Unterschrift({ name }: { name: string | undefined }) {
  return (
    <div className="unterschrift avoid-break">
      <p>Mit meiner Unterschrift bestätige ich, dass die Angaben richtig und vollständig sind.</p>
      <div className="zeilen">
        <div className="zeile">Ort, Datum</div>
        <div className="zeile">Unterschrift{name ? ` ${name}` : ''}</div>
      </div>
    </div>
  );
}
