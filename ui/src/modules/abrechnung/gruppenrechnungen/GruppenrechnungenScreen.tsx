import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';
import { useLaufUrl } from '../lauf/useLaufUrl';
import { GruppenAnteile } from './GruppenAnteile';

/**
 * Jahresvorschreibung → Rechnungen je Gruppe: the group positions of the Basisdaten
 * (Gruppenabrechnung) split over each group's plots and billed to their holders through the
 * guided run; each letter line names the group and the plot's share („Gruppe Nord, Anteil 1/12“),
 * listed per plot in the preview. No options besides year and date. The letters go to the mail
 * dispatch of the Vorschreibungen.
 */
export default function GruppenrechnungenScreen() {
  const url = useLaufUrl();
  return (
    <AbrechnungsLauf
      art="Gruppenrechnung"
      titel="Gruppenrechnungen"
      emailZiel="/emails/zahlungsvorschreibung"
      // The split table belongs to the preview only (step 5 shows `zusatz` among its buttons).
      zusatz={(params) => (url.schritt === 3 ? <GruppenAnteile params={params} /> : null)}
    />
  );
}
