import { Button } from '@adobe/react-spectrum';
import { useState } from 'react';
import { type LaufParameter, weitereMitgliedschaftenExcel } from '../../../api/abrechnung';
import { showErrorToast } from '../../../api/toast';
import { useQueryParam } from '../../../app/useQueryParam';
import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';
import { AdresseFilter } from './AdresseFilter';

/** „Liste (Excel)“ in the print step: every letter's positions as rows (GET WeitereMitgliedschaften?format=xlsx). */
function ExcelListe({ params }: { params: LaufParameter }) {
  const [laeuft, setLaeuft] = useState(false);
  return (
    <Button
      variant="secondary"
      isPending={laeuft}
      onPress={() => {
        setLaeuft(true);
        weitereMitgliedschaftenExcel(params)
          .catch(showErrorToast)
          .finally(() => setLaeuft(false));
      }}
    >
      Liste (Excel)
    </Button>
  );
}

/**
 * Jahresvorschreibung → Weitere Mitgliedschaften: members without a plot on the date (and further
 * persons who are members) get their club positions and parking-space fees through the guided run.
 * „Nur für Adresse“ narrows preview and letters to one address; booking books the whole run.
 */
export default function WeitereMitgliedschaftenScreen() {
  const [param, setParam] = useQueryParam('adresse');
  const raw = Number(param);
  const adresse = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  return (
    <AbrechnungsLauf
      art="WeitereMitgliedschaft"
      titel="Weitere Mitgliedschaften"
      emailZiel="/emails/zahlungsvorschreibung"
      adressen={adresse === undefined ? undefined : [adresse]}
      filterFeld={<AdresseFilter value={adresse} onChange={(id) => setParam(id === undefined ? '' : String(id))} />}
      zusatz={(params) => <ExcelListe params={params} />}
    />
  );
}
