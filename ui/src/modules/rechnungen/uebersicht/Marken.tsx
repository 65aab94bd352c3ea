import { Badge, Text } from '@adobe/react-spectrum';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import type { Rechnung, RechnungStatusWert } from '../../../api/rechnungen';

// A receivable's status and reminder level as words on a badge (UI.md: never only a colour).

const STATUS_VARIANTE: Readonly<Record<RechnungStatusWert, 'negative' | 'yellow' | 'positive'>> = {
  offen: 'negative',
  teilbezahlt: 'yellow',
  bezahlt: 'positive',
};

export function StatusMarke({ status }: { status: RechnungStatusWert }) {
  return (
    <Badge variant={STATUS_VARIANTE[status]} UNSAFE_className="kgv-ru-badge">
      <Text>{status}</Text>
    </Badge>
  );
}

/** A reminder stop still in force on `heute`. */
export const mahnsperreAktiv = (r: Pick<Rechnung, 'mahnsperreBis'>, heute = todayIso()) =>
  r.mahnsperreBis !== null && r.mahnsperreBis >= heute;

/** "gemahnt 2" (and "Mahnsperre" while a stop holds); nothing for a receivable never reminded. */
export function MahnstufeMarke({ rechnung }: { rechnung: Pick<Rechnung, 'mahnstufe' | 'mahnsperreBis'> }) {
  const sperre = mahnsperreAktiv(rechnung);
  return (
    <span className="kgv-ru-marken">
      {rechnung.mahnstufe > 0 ? (
        <Badge variant={rechnung.mahnstufe >= 3 ? 'negative' : 'yellow'} UNSAFE_className="kgv-ru-badge">
          <Text>gemahnt {rechnung.mahnstufe}</Text>
        </Badge>
      ) : null}
      {sperre ? (
        <Badge variant="neutral" UNSAFE_className="kgv-ru-badge">
          <Text>Mahnsperre bis {formatGermanDate(rechnung.mahnsperreBis)}</Text>
        </Badge>
      ) : null}
    </span>
  );
}
