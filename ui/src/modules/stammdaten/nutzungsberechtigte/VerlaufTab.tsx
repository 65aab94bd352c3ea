import { View } from '@adobe/react-spectrum';
import { FIELD_LABELS, VerlaufPanel } from '../../../components/VerlaufPanel';

/** German names of the address fields the history records. */
const ADRESSE_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  anrede: 'Anrede',
  titel: 'Titel',
  land: 'Land',
  mobil: 'Mobil',
  geburtsdatum: 'Geburtsdatum',
  eintrittsdatum: 'Eintritt',
  austrittsdatum: 'Austritt',
  flags: 'Merkmale',
  adresstyp: 'Adresstyp',
  iban: 'IBAN',
  zeitungErlaubt: 'Vereinszeitung',
  dateien: 'Dateien',
};

/** Tab "Verlauf": who changed what of the address (shared VerlaufPanel). */
export function VerlaufTab({ adresseId }: { adresseId: number }) {
  return (
    <View marginTop="size-200">
      <VerlaufPanel entityType="Adresse" entityId={adresseId} fieldLabels={ADRESSE_LABELS} />
    </View>
  );
}
