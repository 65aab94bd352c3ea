import { ActionButton, ComboBox, Flex, Item, type Key, Text } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import { useAdressenLookup } from '../../../api/stammdaten/parzellen';

/**
 * „Nur für Adresse“: narrows the run's preview and letters to one address (e.g. to reprint one
 * member's letter); empty = all. Booking always books the whole run.
 */
export function AdresseFilter({ value, onChange }: { value: number | undefined; onChange: (id?: number) => void }) {
  const { data: adressen } = useAdressenLookup();
  const gewaehlt = adressen?.find((a) => a.id === value);
  const [eingabe, setEingabe] = useState('');
  // Show the chosen name once the lookup arrives (a bookmarked ?adresse=).
  useEffect(() => {
    if (gewaehlt) setEingabe(gewaehlt.name);
  }, [gewaehlt]);
  const gefiltert = useMemo(() => {
    const needle = eingabe.trim().toLocaleLowerCase('de-AT');
    const liste = adressen ?? [];
    if (!needle || gewaehlt?.name === eingabe) return liste;
    return liste.filter((a) => a.name.toLocaleLowerCase('de-AT').includes(needle));
  }, [adressen, eingabe, gewaehlt]);
  return (
    <Flex gap="size-100" alignItems="end" wrap>
      <ComboBox
        label="Nur für Adresse (optional)"
        items={gefiltert}
        inputValue={eingabe}
        onInputChange={setEingabe}
        selectedKey={value === undefined ? null : String(value)}
        onSelectionChange={(key: Key | null) => {
          if (key === null) return;
          onChange(Number(key));
        }}
        isDisabled={!adressen}
        width="size-4600"
        menuTrigger="focus"
      >
        {(a) => <Item key={String(a.id)}>{a.name}</Item>}
      </ComboBox>
      {value !== undefined ? (
        <ActionButton
          onPress={() => {
            setEingabe('');
            onChange(undefined);
          }}
        >
          <Text>Alle Adressen</Text>
        </ActionButton>
      ) : null}
    </Flex>
  );
}
