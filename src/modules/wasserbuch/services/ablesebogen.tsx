import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { listeCss } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { RundeZeile } from '../schema/dokumente';
import { ablesungsrunde } from './ablesungsrunde';

// Wasserablesungen(date): the sheet the Wasserwart carries round the site, in walking order, with
// the last reading beside an empty column to write the new one in.

/** "150.250" → "150,250" (m³ as printed). */
export const germanStand = (stand: string) => stand.replace('.', ',');

const css = `${listeCss}
table { width: 100%; border-collapse: collapse; }
th, td { padding: 1.2mm 1.5mm; text-align: left; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
tbody td { height: 8mm; }
td.schreiben { border: 0.6pt solid #000; }
td.hwz { font-weight: bold; }
.zahl { text-align: right; }
`;

function Zeile({ z }: { z: RundeZeile }) {
  const ort = z.parzelleId ? z.parzelleNummer : `HWZ ${z.hauptwasserzaehlerNummer ?? ''}`;
  const letzte = z.letzteAblesung
    ? `${formatGermanDate(z.letzteAblesung.datum)}: ${germanStand(z.letzteAblesung.stand)}`
    : '–';
  return (
    <tr>
      <td className={z.parzelleId ? undefined : 'hwz'}>{ort}</td>
      <td>{z.adresseName ?? ''}</td>
      <td>{z.zaehlernummer}</td>
      <td className="zahl">{letzte}</td>
      <td className="schreiben zahl">{z.stand ? germanStand(z.stand) : ''}</td>
      <td className="schreiben">{z.notiz}</td>
    </tr>
  );
}

export function Ablesebogen(props: { vereinsName: string; datum: string; zeilen: RundeZeile[] }) {
  return (
    <div>
      <div className="kopf">
        <span className="verein">{props.vereinsName}</span>
        <span>Ablesedatum: {formatGermanDate(props.datum)}</span>
      </div>
      <h1>Ablesebogen Wasserzähler</h1>
      <table>
        <thead>
          <tr>
            <th style={{ width: '12%' }}>Parzelle</th>
            <th style={{ width: '20%' }}>Pächter</th>
            <th style={{ width: '14%' }}>Zählernummer</th>
            <th style={{ width: '18%' }} className="zahl">
              Letzte Ablesung
            </th>
            <th style={{ width: '14%' }} className="zahl">
              Neuer Stand
            </th>
            <th>Notiz</th>
          </tr>
        </thead>
        <tbody>
          {props.zeilen.map((z) => (
            <Zeile key={`${z.parzelleId ?? `H${z.hauptwasserzaehlerId}`}-${z.zaehlernummer}-${z.id}`} z={z} />
          ))}
        </tbody>
      </table>
      {props.zeilen.length === 0 ? <p className="leer">Keine Zähler.</p> : null}
    </div>
  );
}

export async function ablesebogenPdf(services: AppServices, db: Db, datum: string): Promise<FileResult> {
  const { zeilen } = await ablesungsrunde(db, datum, true);
  const pdf = await services.pdf.renderElement(
    <Ablesebogen vereinsName={await vereinsName(services)} datum={datum} zeilen={zeilen} />,
    { title: `Ablesebogen ${formatGermanDate(datum)}`, css, landscape: true, pageNumbers: true },
  );
  return pdfFile(pdf, `Ablesebogen-${datum}.pdf`);
}
