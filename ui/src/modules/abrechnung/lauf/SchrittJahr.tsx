import { Button, ButtonGroup, Checkbox, Flex, Item, type Key, Picker, Text, TextField } from '@adobe/react-spectrum';
import { formatGermanDate, todayIso } from '../../../../../src/platform/dates';
import type { LaufVorschau } from '../../../api/abrechnung';
import { YearPicker } from '../../../components/YearPicker';
import type { AbrechnungsLaufProps } from './AbrechnungsLauf';
import { SchrittTitel } from './LaufSchritte';
import type { LaufUrl, Teilen } from './useLaufUrl';

const TEILEN: { id: Teilen | 'standard'; name: string }[] = [
  { id: 'standard', name: 'wie in den Vereinseinstellungen' },
  { id: 'nein', name: 'eine Forderung je Brief' },
  { id: 'ja', name: 'eine Forderung je Buchungskonto' },
];

/** Step 1: the year, the letters' date (the due date follows from it) and the run's options. */
export function SchrittJahr(props: {
  lauf: AbrechnungsLaufProps;
  url: LaufUrl;
  vorschau: LaufVorschau | undefined;
  onWeiter: () => void;
}) {
  const { lauf, url, vorschau } = props;
  const gebucht = vorschau?.status.gebucht === true;
  const fehlt = lauf.schluesselFeld && !url.stichtag;
  return (
    <>
      <SchrittTitel nr={1}>1. Jahr und Datum</SchrittTitel>
      <Text>
        Wählen Sie das Abrechnungsjahr und das Datum der Briefe. Das Fälligkeitsdatum ergibt sich aus dem Datum und dem
        Zahlungsziel.
      </Text>
      <Flex gap="size-200" alignItems="end" wrap>
        <YearPicker label="Abrechnungsjahr" />
        {lauf.schluesselFeld?.render({ value: url.stichtag, onChange: (stichtag) => url.setze({ stichtag }) })}
        <TextField
          label="Datum der Briefe"
          type="date"
          // A booked run keeps the date it was booked with.
          value={(gebucht ? vorschau?.status.datum : null) || url.datum || todayIso()}
          isDisabled={gebucht}
          onChange={(datum) => url.setze({ datum: datum === todayIso() ? '' : datum })}
        />
        {lauf.filterFeld}
        {lauf.optionen?.rechnungenTeilen ? (
          <Picker
            label="Forderungen"
            items={TEILEN}
            selectedKey={url.teilen || 'standard'}
            isDisabled={gebucht}
            onSelectionChange={(key: Key | null) =>
              url.setze({ teilen: key === 'ja' || key === 'nein' ? String(key) : '' })
            }
            width="size-3600"
          >
            {(item) => <Item key={item.id}>{item.name}</Item>}
          </Picker>
        ) : null}
      </Flex>
      {lauf.optionen?.interimBilling ? (
        <Checkbox
          isSelected={url.interim}
          isDisabled={gebucht}
          onChange={(on) => url.setze({ interim: on ? '1' : '' })}
        >
          Gartenwechsel im Jahr anteilig nach Monaten verrechnen (auch an frühere Nutzungsberechtigte)
        </Checkbox>
      ) : null}
      {gebucht && vorschau ? (
        <Text>
          {vorschau.titel} ist bereits gebucht (Briefe vom {formatGermanDate(vorschau.status.datum)}). Weiter führt zum
          Drucken.
        </Text>
      ) : null}
      <ButtonGroup>
        <Button variant="accent" onPress={props.onWeiter} isDisabled={Boolean(fehlt)}>
          {gebucht ? 'Weiter zum Drucken' : 'Weiter zur Prüfung'}
        </Button>
      </ButtonGroup>
      {fehlt ? <Text>{lauf.schluesselFeld?.fehlt}</Text> : null}
    </>
  );
}
