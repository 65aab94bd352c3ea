import { Flex, Heading, Text } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import type { Protokoll, ProtokollZeile } from '../../../api/abrechnung';
import { ExportMenu } from '../../../components/ExportMenu';
import type { ExportFormat } from '../../../lib/listExport';
import '../../../components/denseTable.css';
import '../wasserrechnungen/wasserrechnungen.css';

const ZEIT = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** „24.11.2026, 10:15“ in Vienna time from the server's UTC timestamp; a bare date stays a date. */
export function zeitpunkt(iso: string | null | undefined): string {
  if (!iso) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatGermanDate(iso);
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : ZEIT.format(d);
}

/** The mail column in words: „gesendet an …“, „Fehler: …“ or „—“. */
export function emailText(z: ProtokollZeile): string {
  if (!z.email) return z.kanal === 'email' ? 'noch nicht gesendet' : '—';
  if (z.email.status === 'ok') return `gesendet an ${z.email.empfaenger} (${zeitpunkt(z.email.zeitpunkt)})`;
  return `Fehler: ${z.email.fehler ?? 'unbekannt'} (${z.email.empfaenger}, ${zeitpunkt(z.email.zeitpunkt)})`;
}

/**
 * The protocol of a booked run (GetProtokoll / GetProtokollWasser): one row per receivable with
 * when it was booked, printed and mailed, the counts above, PDF and Excel of the same rows.
 */
export function ProtokollAnsicht({
  titel,
  protokoll,
  onExport,
}: {
  titel: string;
  protokoll: Protokoll;
  onExport: (format: ExportFormat) => Promise<void>;
}) {
  const { lauf, zeilen, summen } = protokoll;
  const summe = zeilen.reduce((s, z) => s + z.betragCent, 0);
  return (
    <Flex direction="column" gap="size-150">
      <Flex alignItems="center" justifyContent="space-between" gap="size-200" wrap>
        <Heading level={2} margin={0}>
          {titel}
        </Heading>
        <ExportMenu onExport={onExport} />
      </Flex>
      <Text>
        Gebucht am {zeitpunkt(lauf.gebuchtAm)}
        {lauf.gebuchtVon ? ` von ${lauf.gebuchtVon}` : ''} · {summen.anzahl}{' '}
        {summen.anzahl === 1 ? 'Forderung' : 'Forderungen'} · gedruckt {summen.gedruckt} · per E-Mail gesendet{' '}
        {summen.emailOk}
        {summen.emailFehler > 0 ? ` · E-Mail-Fehler ${summen.emailFehler}` : ''}
      </Text>
      <div className="kgv-dense-frame">
        <table className="kgv-dense-table kgv-wr-table" aria-label={titel}>
          <thead>
            <tr>
              <th scope="col">Nummer</th>
              <th scope="col">Name</th>
              <th scope="col" className="kgv-wr-betrag">
                Betrag
              </th>
              <th scope="col">Versand</th>
              <th scope="col">Gebucht</th>
              <th scope="col">Gedruckt</th>
              <th scope="col">E-Mail</th>
            </tr>
          </thead>
          <tbody>
            {zeilen.map((z) => (
              <tr key={z.rechnungId}>
                <th scope="row">{z.nummer}</th>
                <td>{z.name}</td>
                <td className={z.betragCent < 0 ? 'kgv-wr-betrag kgv-wr-negativ' : 'kgv-wr-betrag'}>
                  {formatEuro(z.betragCent)}
                  {z.betragCent < 0 ? ' (Gutschrift)' : ''}
                </td>
                <td>{z.kanal === 'email' ? 'E-Mail' : 'Post'}</td>
                <td>{zeitpunkt(z.gebuchtAm)}</td>
                <td>{z.gedrucktAm ? zeitpunkt(z.gedrucktAm) : 'noch nicht'}</td>
                <td>{emailText(z)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>Summe</td>
              <td className="kgv-wr-betrag">{formatEuro(summe)}</td>
              <td colSpan={4} />
            </tr>
          </tfoot>
        </table>
      </div>
    </Flex>
  );
}
