import { ActionButton, Text } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useWasserrechnungen } from '../../../api/abrechnung';
import { LoadFailed } from '../../../components/LoadState';
import { gebuchtText } from './WasserabrechnungPicker';
import '../../../components/denseTable.css';
import './wasserrechnungen.css';

/**
 * Every water settlement with what billing it as Wasserrechnungen would bring (Nachzahlungen and
 * Guthaben, count and sum) and whether it is billed already, so the Kassier sees which one is open.
 * Guthaben are shown as the amount credited (without a minus: the column says what it is).
 * „Wählen“ sets the run's settlement; one billed by the Zahlungsvorschreibung has nothing to choose.
 */
export function WasserabrechnungenUebersicht({
  gewaehlt,
  onWahl,
}: {
  gewaehlt: string;
  onWahl: (stichtag: string) => void;
}) {
  const { data, error, mutate } = useWasserrechnungen();
  if (error)
    return (
      <LoadFailed
        title="Die Wasserabrechnungen konnten nicht geladen werden."
        error={error}
        onRetry={() => void mutate()}
      />
    );
  if (!data) return null;
  if (data.length === 0)
    return (
      <Text>
        Noch keine Wasserabrechnung gespeichert — erstellen Sie sie unter Wasserbuch → Wasser-Jahresabrechnung.
      </Text>
    );
  return (
    <div className="kgv-dense-frame">
      <table className="kgv-dense-table kgv-wr-table" aria-label="Wasserabrechnungen">
        <thead>
          <tr>
            <th scope="col">Stichtag</th>
            <th scope="col">Zeitraum</th>
            <th scope="col">Nachzahlungen</th>
            <th scope="col" className="kgv-wr-betrag">
              Summe Nachzahlungen
            </th>
            <th scope="col">Guthaben</th>
            <th scope="col" className="kgv-wr-betrag">
              Summe Guthaben
            </th>
            <th scope="col">Gebucht</th>
            <th scope="col">
              <span className="kgv-visually-hidden">Aktion</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((a) => (
            <tr key={a.stichtag} aria-current={a.stichtag === gewaehlt ? 'true' : undefined}>
              <th scope="row">{formatGermanDate(a.stichtag)}</th>
              <td>
                {formatGermanDate(a.von)} – {formatGermanDate(a.stichtag)}
              </td>
              <td>{a.anzahlNachzahlungen}</td>
              <td className="kgv-wr-betrag">{formatEuro(a.summeNachzahlungCent)}</td>
              <td>{a.anzahlGuthaben}</td>
              <td className="kgv-wr-betrag">{formatEuro(Math.abs(a.summeGuthabenCent))}</td>
              <td>{gebuchtText(a)}</td>
              <td>
                {a.stichtag === gewaehlt ? (
                  <Text>gewählt</Text>
                ) : a.gebuchtDurch === 'Zahlungsvorschreibung' ? null : (
                  <ActionButton
                    isQuiet
                    aria-label={`Wasserabrechnung zum ${formatGermanDate(a.stichtag)} wählen`}
                    onPress={() => onWahl(a.stichtag)}
                  >
                    Wählen
                  </ActionButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
