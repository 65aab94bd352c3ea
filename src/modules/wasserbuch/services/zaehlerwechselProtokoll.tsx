import { formatGermanDate } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { type FileResult, pdfFile } from '../../../platform/files/fileResult';
import { listeCss } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { Zaehlerwechsel, ZaehlerwechselFilter } from '../schema/dokumente';
import { germanStand } from './ablesebogen';
import { listZaehlerwechsel } from './zaehlerwechselListe';

// Zaehlerwechsel(date): the protocol of plot meter changes the Wasserwart and the member sign.

const css = `${listeCss}
.wechsel { border: 0.6pt solid #000; padding: 3mm 4mm; margin-bottom: 5mm; break-inside: avoid; }
.wechsel h2 { font-size: 11pt; margin: 0 0 2mm 0; }
.wechsel table { width: 100%; border-collapse: collapse; margin-bottom: 2mm; }
.wechsel td, .wechsel th { padding: 1mm 1.5mm; text-align: left; border-bottom: 0.3pt solid #999; }
.unterschriften { display: flex; gap: 12mm; margin-top: 10mm; }
.unterschriften div { flex: 1; border-top: 0.6pt solid #000; padding-top: 1mm; font-size: 9pt; }
`;

function Wechsel({ w }: { w: Zaehlerwechsel }) {
  return (
    <section className="wechsel">
      <h2>
        Parzelle {w.parzelleNummer}
        {w.adresseName ? ` – ${w.adresseName}` : ''} · Zählerwechsel am {formatGermanDate(w.datum)}
      </h2>
      <table>
        <thead>
          <tr>
            <th />
            <th>Zählernummer</th>
            <th>Stand (m³)</th>
            <th>Plombe</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Alter Zähler (Endstand)</td>
            <td>{w.alteNummer}</td>
            <td>{w.endstand ? germanStand(w.endstand) : ''}</td>
            <td />
          </tr>
          <tr>
            <td>Neuer Zähler (Anfangsstand)</td>
            <td>{w.neueNummer}</td>
            <td>{w.anfangsstand ? germanStand(w.anfangsstand) : ''}</td>
            <td>{w.plombe}</td>
          </tr>
        </tbody>
      </table>
      <div className="unterschriften">
        <div>Datum, Unterschrift Wasserwart</div>
        <div>Datum, Unterschrift Pächter{w.adresseName ? ` (${w.adresseName})` : ''}</div>
      </div>
    </section>
  );
}

export function ZaehlerwechselProtokoll(props: { vereinsName: string; zeitraum: string; wechsel: Zaehlerwechsel[] }) {
  return (
    <div>
      <div className="kopf">
        <span className="verein">{props.vereinsName}</span>
        <span>{props.zeitraum}</span>
      </div>
      <h1>Protokoll Wasserzählerwechsel</h1>
      {props.wechsel.map((w) => (
        <Wechsel key={w.endablesungId} w={w} />
      ))}
    </div>
  );
}

/** `date`: the changes of that day; else `von`/`bis` (all when absent). 404 when there are none. */
export async function zaehlerwechselProtokollPdf(
  services: AppServices,
  db: Db,
  query: ZaehlerwechselFilter & { date?: string },
): Promise<FileResult> {
  const filter = query.date ? { ...query, von: query.date, bis: query.date } : query;
  const wechsel = (await listZaehlerwechsel(db, filter)).reverse();
  if (!wechsel.length) throw notFound('Im gewählten Zeitraum gibt es keine Zählerwechsel.');
  const zeitraum = query.date
    ? `Datum: ${formatGermanDate(query.date)}`
    : filter.von || filter.bis
      ? `Zeitraum: ${formatGermanDate(filter.von, '…')} – ${formatGermanDate(filter.bis, '…')}`
      : 'Alle Zählerwechsel';
  const suffix = query.date ?? (filter.von || filter.bis ? `${filter.von ?? ''}_${filter.bis ?? ''}` : 'alle');
  const pdf = await services.pdf.renderElement(
    <ZaehlerwechselProtokoll vereinsName={await vereinsName(services)} zeitraum={zeitraum} wechsel={wechsel} />,
    { title: 'Protokoll Wasserzählerwechsel', css, pageNumbers: 'multiPage' },
  );
  return pdfFile(pdf, `Zaehlerwechsel-${suffix}.pdf`);
}
