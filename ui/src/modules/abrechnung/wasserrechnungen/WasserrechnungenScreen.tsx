import { Divider, Flex } from '@adobe/react-spectrum';
import { useWasserrechnungen } from '../../../api/abrechnung';
import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';
import { useLaufUrl } from '../lauf/useLaufUrl';
import { WasserabrechnungenUebersicht } from './WasserabrechnungenUebersicht';
import { WasserabrechnungPicker } from './WasserabrechnungPicker';
import { WasserProtokoll } from './WasserProtokoll';

/**
 * Jahresvorschreibung → Wasserrechnungen: a water settlement billed on its own (instead of with the next
 * Zahlungsvorschreibung) through the guided run: choose the settlement, check, preview (a Guthaben
 * letter is a „Gutschrift“), book (Nachzahlungen become receivables, Guthaben credit notes), print,
 * hand over to /emails/wasserrechnung. Below: the settlements' overview while choosing, the
 * protocol once the chosen settlement is booked.
 */
export default function WasserrechnungenScreen() {
  const url = useLaufUrl();
  const { data } = useWasserrechnungen();
  const gewaehlt = data?.find((a) => a.stichtag === url.stichtag);
  const gebucht = gewaehlt?.gebuchtDurch === 'Wasserrechnung';
  // The overview belongs to step 1, where the run starts without a step in the URL unless booked.
  const zeigeUebersicht = !url.stichtag || url.schritt === 1 || (url.schritt === null && !gebucht);
  const waehlen = (stichtag: string) => url.setze({ stichtag, schritt: '1' });
  return (
    <Flex direction="column" gap="size-300">
      <AbrechnungsLauf
        art="Wasserrechnung"
        titel="Wasserrechnungen"
        emailZiel="/emails/wasserrechnung"
        editRechte={['WebApp.Wasser.Edit']}
        schluesselFeld={{
          fehlt: 'Bitte wählen Sie die Wasserabrechnung, die als Wasserrechnungen verrechnet werden soll.',
          render: ({ value, onChange }) => <WasserabrechnungPicker value={value} onChange={onChange} />,
        }}
      />
      {zeigeUebersicht ? <WasserabrechnungenUebersicht gewaehlt={url.stichtag} onWahl={waehlen} /> : null}
      {gebucht && gewaehlt ? (
        <>
          <Divider size="S" />
          <WasserProtokoll stichtag={gewaehlt.stichtag} />
        </>
      ) : null}
    </Flex>
  );
}
