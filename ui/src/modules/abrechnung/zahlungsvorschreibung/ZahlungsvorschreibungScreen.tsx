import { Button } from '@adobe/react-spectrum';
import { useState } from 'react';
import { forderungenListeSpeichern, type LaufParameter } from '../../../api/abrechnung';
import { showErrorToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';

/** „Forderungsliste (Excel)“: one row per receivable (booked) or would-be receivable, with a sheet of every position. */
function ForderungenExcel({ params }: { params: LaufParameter }) {
  const [laeuft, setLaeuft] = useState(false);
  return (
    <Button
      variant="secondary"
      isPending={laeuft}
      onPress={() => {
        setLaeuft(true);
        forderungenListeSpeichern(params)
          .catch(showErrorToast)
          .finally(() => setLaeuft(false));
      }}
    >
      Forderungsliste (Excel)
    </Button>
  );
}

/**
 * /jahresabrechnung/zahlungsvorschreibung (issue 14): the year's letters to every plot holder —
 * lease, club positions, water, insurances — checked, previewed, booked as receivables, printed
 * and handed to the mail dispatch, through the shared guided run.
 */
export default function ZahlungsvorschreibungScreen() {
  usePageTitle('Zahlungsvorschreibung');
  return (
    <AbrechnungsLauf
      art="Zahlungsvorschreibung"
      titel="Zahlungsvorschreibung"
      optionen={{ interimBilling: true, rechnungenTeilen: true }}
      sortierung
      emailZiel="/emails/zahlungsvorschreibung"
      zusatz={(params) => <ForderungenExcel params={params} />}
    />
  );
}
