import { formatEuro } from '../../../platform/money';
import type { ReportFormat } from '../../../platform/report';
import { renderReport } from '../../../platform/report';
import type { AppServices } from '../../../platform/services';
import { vereinsName } from '../../common/services';
import type { Protokoll, ProtokollZeile } from '../schema/protokoll';

// The run protocol as the board prints or exports it: one row per receivable with booked, printed
// and mailed, the same rows as the JSON answer.

const wien = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO instant as Vienna wall-clock time: "24.11.2026, 10:00" → "24.11.2026 10:00". */
const zeitpunkt = (iso: string | null | undefined) => (iso ? wien.format(new Date(iso)).replace(',', '') : '');

const emailText = (z: ProtokollZeile) =>
  !z.email
    ? ''
    : z.email.status === 'ok'
      ? `versandt an ${z.email.empfaenger}`
      : `Fehler: ${z.email.fehler ?? 'unbekannt'}${z.email.empfaenger ? ` (${z.email.empfaenger})` : ''}`;

/** GetProtokoll / GetProtokollWasser in the asked format (json: the protocol itself). */
export function protokollAntwort(
  services: AppServices,
  protokoll: Protokoll,
  titel: string,
  format: ReportFormat,
): Promise<unknown> {
  const s = protokoll.summen;
  const lauf = protokoll.lauf;
  return renderReport(
    format,
    {
      title: `Protokoll ${titel}`,
      fileName: `Protokoll-${titel.replace(/[^\p{L}\p{N}.-]+/gu, '-')}`,
      subtitle: `Gebucht am ${zeitpunkt(lauf.gebuchtAm)} von ${lauf.gebuchtVon ?? ''} · ${s.anzahl} Rechnungen, ${s.gedruckt} gedruckt, ${s.emailOk} per E-Mail versandt${s.emailFehler ? `, ${s.emailFehler} E-Mail-Fehler` : ''}`,
      datum: lauf.datum ?? undefined,
      columns: [
        { header: 'Nummer', print: (z) => z.nummer, excel: 'nummer', kind: 'text', width: '2.4cm' },
        { header: 'Name', print: (z) => z.name, excel: 'name' },
        {
          header: 'Betrag',
          print: (z) => formatEuro(z.betragCent),
          excel: 'betragCent',
          kind: 'euro',
          className: 'number',
        },
        {
          header: 'Versand',
          print: (z) => (z.kanal === 'email' ? 'E-Mail' : 'Post'),
          excel: (z) => (z.kanal === 'email' ? 'E-Mail' : 'Post'),
        },
        {
          header: 'Gebucht am',
          print: (z) => zeitpunkt(z.gebuchtAm),
          excel: 'gebuchtAm',
          kind: 'datetime',
          width: '2.9cm',
        },
        {
          header: 'Gedruckt am',
          print: (z) => zeitpunkt(z.gedrucktAm),
          excel: 'gedrucktAm',
          kind: 'datetime',
          width: '2.9cm',
        },
        { header: 'E-Mail', print: emailText, excel: emailText },
      ],
      rows: protokoll.zeilen,
    },
    async () => ({ pdf: services.pdf, vereinsName: await vereinsName(services) }),
    protokoll,
  );
}
