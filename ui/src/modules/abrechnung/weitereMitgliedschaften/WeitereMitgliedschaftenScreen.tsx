import { weitereMitgliedschaftenExcel } from '../../../api/abrechnung';
import { useQueryParam } from '../../../app/useQueryParam';
import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';
import { LaufDownload } from '../lauf/LaufDownload';
import { AdresseFilter } from './AdresseFilter';

/**
 * Jahresvorschreibung → Weitere Mitgliedschaften: members without a plot on the date (and further
 * persons who are members) get their club positions and parking-space fees through the guided run.
 * „Nur für Adresse“ narrows preview and letters to one address; booking books the whole run.
 * „Liste (Excel)“: every letter's positions as rows (WeitereMitgliedschaften?format=xlsx).
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
      zusatz={(params) => <LaufDownload label="Liste (Excel)" laden={() => weitereMitgliedschaftenExcel(params)} />}
    />
  );
}
