import { AbrechnungsLauf } from '../lauf/AbrechnungsLauf';

/**
 * Jahresabrechnung → Rechnungen je Gruppe: the group positions of the Basisdaten
 * (Gruppenabrechnung) split over each group's plots and billed to their holders through the
 * guided run; each letter line names the group and the plot's share („Gruppe Nord, Anteil 1/12“).
 * No options besides year and date. The letters go to the mail dispatch of the Vorschreibungen.
 */
export default function GruppenrechnungenScreen() {
  return <AbrechnungsLauf art="Gruppenrechnung" titel="Gruppenrechnungen" emailZiel="/emails/zahlungsvorschreibung" />;
}
