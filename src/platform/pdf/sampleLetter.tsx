import { type Cents, formatEuro, sumCents } from '../money';
import { formatIban, formatRf } from '../payment';

// A realistic one-page letter (address block for a window envelope, table of positions, payment
// data with EPC QR code). The PDF tests and the benchmark print it; real templates live in modules.

export type SampleLetterProps = {
  club: { name: string; address: string; iban: string; bic: string };
  recipient: { name: string; street: string; zipCity: string };
  plot: string;
  date: string;
  subject: string;
  positions: { text: string; cents: Cents }[];
  reference: string;
  qrDataUrl: string;
};

export const sampleLetterCss = `
.sender { font-size: 7.5pt; border-bottom: 0.4pt solid #000; display: inline-block; margin-bottom: 2mm; }
.address { height: 40mm; padding-top: 7mm; }
.meta { text-align: right; margin-bottom: 8mm; }
.payment { display: flex; gap: 6mm; margin-top: 8mm; align-items: flex-start; }
.payment img { width: 32mm; height: 32mm; }
.payment dl { margin: 0; display: grid; grid-template-columns: max-content auto; gap: 1mm 4mm; }
.payment dt { font-weight: bold; }
.payment dd { margin: 0; }
`;

export function SampleLetter(props: SampleLetterProps) {
  const { club, recipient, positions } = props;
  const total = sumCents(positions.map((p) => p.cents));
  return (
    <main>
      <div className="address">
        <div className="sender">
          {club.name} · {club.address}
        </div>
        <div>{recipient.name}</div>
        <div>{recipient.street}</div>
        <div>{recipient.zipCity}</div>
      </div>
      <div className="meta">
        Wien, am {props.date}
        <br />
        Parzelle {props.plot}
      </div>
      <h1>{props.subject}</h1>
      <p>
        Sehr geehrte Damen und Herren, wir ersuchen Sie um Überweisung der folgenden Beträge für das Jahr bis zum
        Fälligkeitsdatum. Für Rückfragen steht Ihnen der Kassier gerne zur Verfügung.
      </p>
      <table>
        <thead>
          <tr>
            <th>Position</th>
            <th className="money">Betrag</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((position) => (
            <tr key={position.text}>
              <td>{position.text}</td>
              <td className="money">{formatEuro(position.cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>Summe Zahlungsvorschreibung</td>
            <td className="money">{formatEuro(total)}</td>
          </tr>
        </tfoot>
      </table>
      <div className="payment">
        <img src={props.qrDataUrl} alt="Zahlen mit Code" />
        <dl>
          <dt>Empfänger</dt>
          <dd>{club.name}</dd>
          <dt>IBAN</dt>
          <dd>{formatIban(club.iban)}</dd>
          <dt>BIC</dt>
          <dd>{club.bic}</dd>
          <dt>Betrag</dt>
          <dd>{formatEuro(total)}</dd>
          <dt>Zahlungsreferenz</dt>
          <dd>{formatRf(props.reference)}</dd>
        </dl>
      </div>
      <p style={{ marginTop: '8mm' }}>Mit freundlichen Grüßen, der Vorstand</p>
    </main>
  );
}

const firstNames = ['Anna', 'Jürgen', 'Österreicher', 'Maria', 'Ömer', 'Franziska'];
const lastNames = ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler'];

/** The positions of DOMAIN.md's worked example (sum € 1.397,79). */
export const samplePositions: SampleLetterProps['positions'] = [
  { text: 'Pachtzins 400,00 m² × € 1,31', cents: 52400 },
  { text: 'Gemeinschaftsflächenanteil 100,00 m² × € 1,31', cents: 13100 },
  { text: 'Grundsteuer 500,00 m² × € 0,14', cents: 7000 },
  { text: 'Verwaltungs- und Haftungszuschlag 14,5 % von € 725,00', cents: 10513 },
  { text: 'Verbandsbeitrag', cents: 1266 },
  { text: 'Mitgliedsbeitrag', cents: 7500 },
  { text: 'Instandhaltungsbeitrag', cents: 18000 },
  { text: 'Wasser-Akonto', cents: 30000 },
];

/** Props of letter number `n` (names and plot vary so batches are not identical documents). */
export function sampleLetterProps(n: number, qrDataUrl: string, reference: string): SampleLetterProps {
  return {
    club: { name: 'KGV Sonnenhang', address: 'Gartenweg 1, 1140 Wien', iban: 'AT611904300234573201', bic: 'BKAUATWW' },
    recipient: {
      name: `${firstNames[n % firstNames.length]} ${lastNames[(n * 5) % lastNames.length]} (${n})`,
      street: `Sonnenhangweg ${n + 1}`,
      zipCity: '1140 Wien',
    },
    plot: String(n + 1),
    date: '15.01.2025',
    subject: 'Zahlungsvorschreibung 2025',
    positions: samplePositions,
    reference,
    qrDataUrl,
  };
}
