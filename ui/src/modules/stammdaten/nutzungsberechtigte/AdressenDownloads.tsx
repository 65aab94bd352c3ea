import { Link } from '@adobe/react-spectrum';
import {
  EXPORT_ADRESSEN_URL,
  EXPORT_WEITERE_MITGLIEDSCHAFTEN_URL,
  LEERES_STAMMDATENBLATT_URL,
} from '../../../api/stammdaten/adressen';

/**
 * The fixed downloads of the address list: every address with all its fields (whatever the
 * filter; "Export" exports the list as shown), the members without a plot, a blank Stammdatenblatt.
 */
export function AdressenDownloads() {
  return (
    <>
      <Link href={EXPORT_ADRESSEN_URL} target="_blank">
        Alle Adressen, alle Felder (Excel)
      </Link>
      <Link href={EXPORT_WEITERE_MITGLIEDSCHAFTEN_URL} target="_blank">
        Weitere Mitgliedschaften (Excel)
      </Link>
      <Link href={LEERES_STAMMDATENBLATT_URL} target="_blank" rel="noreferrer">
        Leeres Stammdatenblatt (PDF)
      </Link>
    </>
  );
}
