import { ComboBox, Item, type Key } from '@adobe/react-spectrum';
import { useAdressenLookup } from '../../../api/stammdaten/parzellen';

export interface AdresseWahlProps {
  value: number | undefined;
  /** undefined when the field is emptied. */
  onChange: (id: number | undefined) => void;
  label?: string;
  description?: string;
}

/**
 * Picks a member (any address) by typing part of the name; the chosen one shows its name. The
 * ComboBox filters by itself; it is drawn once the names are there, so a bookmarked id shows its
 * name at once (and the list does not open again after a choice, hiding the page from screen readers).
 */
export function AdresseWahl({
  value,
  onChange,
  label = 'Mitglied',
  description = 'Namen eintippen und auswählen',
}: AdresseWahlProps) {
  const { data: adressen } = useAdressenLookup();
  return (
    <ComboBox
      key={adressen ? 'geladen' : 'laedt'}
      label={label}
      description={description}
      defaultItems={adressen ?? []}
      selectedKey={value === undefined ? null : String(value)}
      onSelectionChange={(key: Key | null) => onChange(key === null ? undefined : Number(key))}
      isDisabled={!adressen}
      width="size-4600"
    >
      {(a) => <Item key={String(a.id)}>{a.name}</Item>}
    </ComboBox>
  );
}
