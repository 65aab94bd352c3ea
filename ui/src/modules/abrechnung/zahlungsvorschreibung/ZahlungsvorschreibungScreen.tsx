import { Flex } from '@adobe/react-spectrum';
import { forderungenListeSpeichern } from '../../../api/abrechnung';
import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';
import { LaufDownload } from '../lauf/LaufDownload';
import { ZvProtokoll } from './ZvProtokoll';

/**
 * /jahresabrechnung/zahlungsvorschreibung (issue 14): the year's letters to every plot holder —
 * lease, club positions, water, insurances — checked, previewed, booked as receivables, printed
 * and handed to the mail dispatch, through the shared guided run. Beside the letters the
 * „Forderungsliste (Excel)“: one row per receivable (booked) or would-be receivable, with a sheet
 * of every position. Below, once booked, the run's protocol (booked, printed, mailed per receivable).
 */
export default function ZahlungsvorschreibungScreen() {
  return (
    <Flex direction="column" gap="size-300">
      <AbrechnungsLauf
        art="Zahlungsvorschreibung"
        titel="Zahlungsvorschreibung"
        optionen={{ interimBilling: true, rechnungenTeilen: true }}
        sortierung
        emailZiel="/emails/zahlungsvorschreibung"
        zusatz={(params) => (
          <LaufDownload label="Forderungsliste (Excel)" laden={() => forderungenListeSpeichern(params)} />
        )}
      />
      <ZvProtokoll />
    </Flex>
  );
}
