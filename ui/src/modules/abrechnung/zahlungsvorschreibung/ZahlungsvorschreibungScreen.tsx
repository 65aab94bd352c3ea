import { forderungenListeSpeichern } from '../../../api/abrechnung';
import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';
import { LaufDownload } from '../lauf/LaufDownload';

/**
 * /jahresabrechnung/zahlungsvorschreibung (issue 14): the year's letters to every plot holder —
 * lease, club positions, water, insurances — checked, previewed, booked as receivables, printed
 * and handed to the mail dispatch, through the shared guided run. Beside the letters the
 * „Forderungsliste (Excel)“: one row per receivable (booked) or would-be receivable, with a sheet
 * of every position.
 */
export default function ZahlungsvorschreibungScreen() {
  return (
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
  );
}
