import { Text } from '@adobe/react-spectrum';
import { formatEuro } from '../../../../../src/platform/money';
import type { PachtVorschau } from '../../../api/abrechnung';
import '../../../components/denseTable.css';
import '../basisdaten.css';

/** The plot's lease lines; the draft surcharge's line highlighted; the sum. */
export function VorschauTabelle({
  vorschau,
  bezeichnung,
  mitEntwurf,
}: {
  vorschau: PachtVorschau;
  bezeichnung: string;
  /** The draft is complete enough to be sent: only then can it not apply. */
  mitEntwurf: boolean;
}) {
  const name = bezeichnung.trim();
  return (
    <div className="kgv-dense-frame">
      <table className="kgv-dense-table" aria-label={`Vorschau Parzelle ${vorschau.nummer}`}>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col" className="kgv-bd-num">
              Betrag
            </th>
          </tr>
        </thead>
        <tbody>
          {vorschau.positionen.map((p, i) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is fixed
              key={i}
              className={
                p.art === 'pachtzuschlag' && name !== '' && p.text.startsWith(name) ? 'kgv-bd-highlight' : undefined
              }
            >
              <td>{p.text}</td>
              <td className="kgv-bd-num">{formatEuro(p.betragCent, { nbsp: false })}</td>
            </tr>
          ))}
          <tr className="kgv-bd-summe">
            <td>Summe Pacht Parzelle {vorschau.nummer}</td>
            <td className="kgv-bd-num">{formatEuro(vorschau.summeCent, { nbsp: false })}</td>
          </tr>
        </tbody>
      </table>
      {mitEntwurf && !vorschau.zuschlagGilt ? <Text>Der Zuschlag gilt für diese Parzelle nicht.</Text> : null}
    </div>
  );
}
