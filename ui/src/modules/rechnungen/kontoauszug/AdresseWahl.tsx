import { ComboBox, Item, type Key } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState } from 'react';
import { useAdressenLookup } from '../../../api/stammdaten/parzellen';

/** Picks the member (any address) by typing part of the name; the chosen one shows its name. */
export function AdresseWahl({ value, onChange }: { value: number | undefined; onChange: (id: number) => void }) {
  const { data: adressen } = useAdressenLookup();
  const gewaehlt = adressen?.find((a) => a.id === value);
  const [eingabe, setEingabe] = useState('');
  // Show the chosen name once the lookup arrives (a bookmarked ?adresseId=).
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
    <ComboBox
      label="Mitglied"
      description="Namen eintippen und auswählen"
      items={gefiltert}
      inputValue={eingabe}
      onInputChange={setEingabe}
      selectedKey={value === undefined ? null : String(value)}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(Number(key));
      }}
      isDisabled={!adressen}
      width="size-4600"
      menuTrigger="focus"
    >
      {(a) => <Item key={String(a.id)}>{a.name}</Item>}
    </ComboBox>
  );
}
