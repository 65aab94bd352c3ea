import { Geld } from '../Geld';
import type { AnlageDetail } from './api';

const zelle = { padding: '4px 8px', textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const kopf = { ...zelle, fontWeight: 600, borderBottom: '1px solid var(--spectrum-global-color-gray-400, #ccc)' };

/** The depreciation plan of one asset: a row per year (Anlagenspiegel). */
export function AfaPlanTabelle({ detail, jahr }: { detail: AnlageDetail; jahr: number }) {
  return (
    <table aria-label="Abschreibungsplan" style={{ borderCollapse: 'collapse', width: '100%' }}>
      <thead>
        <tr>
          <th style={{ ...kopf, textAlign: 'left' }}>Jahr</th>
          <th style={kopf}>Buchwert 1.1.</th>
          <th style={kopf}>Zugang</th>
          <th style={kopf}>AfA</th>
          <th style={kopf}>Abgang</th>
          <th style={kopf}>Buchwert 31.12.</th>
        </tr>
      </thead>
      <tbody>
        {detail.plan.map((j) => (
          <tr key={j.jahr} style={j.jahr === jahr ? { fontWeight: 600 } : undefined}>
            <td style={{ ...zelle, textAlign: 'left' }}>{j.jahr}</td>
            <td style={zelle}>
              <Geld cent={j.buchwertAnfangCent} />
            </td>
            <td style={zelle}>
              <Geld cent={j.zugangCent} />
            </td>
            <td style={zelle}>
              <Geld cent={j.afaCent} />
            </td>
            <td style={zelle}>
              <Geld cent={j.abgangCent} />
            </td>
            <td style={zelle}>
              <Geld cent={j.buchwertEndeCent} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
