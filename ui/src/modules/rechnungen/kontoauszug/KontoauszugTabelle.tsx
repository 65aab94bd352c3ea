import { formatGermanDate } from '../../../../../src/platform/dates';
import { ART_TEXT, type Kontoauszug } from '../../../api/kontoauszug';
import { Geld } from '../../kassa/Geld';
import '../../../components/denseTable.css';
import './kontoauszug.css';

/**
 * The statement as a running account: the opening balance, one line per receivable, payment,
 * credit, offset or reminder fee with debit (Soll), credit (Haben) and the balance after it, the
 * sums and the closing balance. A positive balance is what the member owes.
 */
export function KontoauszugTabelle({ auszug }: { auszug: Kontoauszug }) {
  return (
    <div className="kgv-dense-frame kgv-kontoauszug-frame">
      <table className="kgv-dense-table kgv-kontoauszug-table" aria-label="Kontoauszug">
        <thead>
          <tr>
            <th>Datum</th>
            <th>Art</th>
            <th>Nummer</th>
            <th>Text</th>
            <th className="kgv-kontoauszug-num">Soll</th>
            <th className="kgv-kontoauszug-num">Haben</th>
            <th className="kgv-kontoauszug-num">Saldo</th>
          </tr>
        </thead>
        <tbody>
          <tr className="kgv-kontoauszug-summe">
            <td>{auszug.von ? formatGermanDate(auszug.von) : ''}</td>
            <td colSpan={5}>Anfangssaldo</td>
            <td className="kgv-kontoauszug-num">
              <Geld cent={auszug.anfangsSaldoCent} />
            </td>
          </tr>
          {auszug.zeilen.map((z, i) => (
            // Lines have no id of their own; their order is the statement's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order of the lines is fixed by the server
            <tr key={i}>
              <td>{formatGermanDate(z.datum)}</td>
              <td>{ART_TEXT[z.art]}</td>
              <td>{z.nummer ?? ''}</td>
              <td>{z.text}</td>
              <td className="kgv-kontoauszug-num">{z.sollCent ? <Geld cent={z.sollCent} /> : ''}</td>
              <td className="kgv-kontoauszug-num">{z.habenCent ? <Geld cent={z.habenCent} /> : ''}</td>
              <td className="kgv-kontoauszug-num">
                <Geld cent={z.saldoCent} />
              </td>
            </tr>
          ))}
          <tr className="kgv-kontoauszug-summe">
            <td>{formatGermanDate(auszug.bis)}</td>
            <td colSpan={3}>Summen und Endsaldo</td>
            <td className="kgv-kontoauszug-num">
              <Geld cent={auszug.summen.sollCent} />
            </td>
            <td className="kgv-kontoauszug-num">
              <Geld cent={auszug.summen.habenCent} />
            </td>
            <td className="kgv-kontoauszug-num">
              <Geld cent={auszug.endSaldoCent} />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
