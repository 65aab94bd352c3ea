import { Item, type Key, Picker } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useWasserrechnungen, type WasserrechnungUebersicht } from '../../../api/abrechnung';

/** „mit der Zahlungsvorschreibung verrechnet“ / „als Wasserrechnungen gebucht“ / „offen“. */
export function gebuchtText(a: WasserrechnungUebersicht): string {
  if (a.gebuchtDurch === 'Zahlungsvorschreibung') return 'mit der Zahlungsvorschreibung verrechnet';
  if (a.gebuchtDurch === 'Wasserrechnung' || a.gebucht) return 'als Wasserrechnungen gebucht';
  return 'offen';
}

/** „12 über 734,12 €“ — how many letters of one kind and their sum. */
export const anzahlSumme = (anzahl: number, cent: number) => `${anzahl} über ${formatEuro(cent)}`;

/** What the chosen settlement holds, under the picker. */
export function beschreibung(a: WasserrechnungUebersicht): string {
  return [
    `${formatGermanDate(a.von)} – ${formatGermanDate(a.stichtag)}`,
    `Nachzahlungen ${anzahlSumme(a.anzahlNachzahlungen, a.summeNachzahlungCent)}`,
    `Guthaben ${anzahlSumme(a.anzahlGuthaben, Math.abs(a.summeGuthabenCent))}`,
    gebuchtText(a),
  ].join(' · ');
}

/**
 * The run's key for the Wasserrechnung (AbrechnungsLauf `schluesselFeld`): the water settlement by
 * its Stichtag. A settlement the Zahlungsvorschreibung billed already cannot be chosen (its
 * differences are on that year's letters); one billed as Wasserrechnungen opens for printing.
 */
export function WasserabrechnungPicker({ value, onChange }: { value: string; onChange: (stichtag: string) => void }) {
  const { data, error } = useWasserrechnungen();
  const liste = data ?? [];
  const gewaehlt = liste.find((a) => a.stichtag === value);
  const gesperrt = liste.filter((a) => a.gebuchtDurch === 'Zahlungsvorschreibung').map((a) => a.stichtag);
  return (
    <Picker
      label="Wasserabrechnung"
      placeholder={error ? 'Nicht geladen' : data && liste.length === 0 ? 'Keine Wasserabrechnung' : 'Bitte wählen'}
      items={liste}
      selectedKey={gewaehlt ? gewaehlt.stichtag : null}
      disabledKeys={gesperrt}
      isDisabled={!data || liste.length === 0}
      description={gewaehlt ? beschreibung(gewaehlt) : undefined}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      width="size-4600"
    >
      {(a) => (
        <Item key={a.stichtag} textValue={`Zum ${formatGermanDate(a.stichtag)}`}>
          {`Zum ${formatGermanDate(a.stichtag)} (${gebuchtText(a)})`}
        </Item>
      )}
    </Picker>
  );
}
