import { DropZone, Flex, isFileDropItem, Text } from '@adobe/react-spectrum';
import { useId } from 'react';

// The statement file of the bank import: dropped from the desktop onto the zone, or chosen with the
// labelled file field inside it (the way without a mouse).

export function BankDateiWahl({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const fileId = useId();
  return (
    <DropZone
      height="auto"
      UNSAFE_className="kgv-bankimport-drop"
      aria-label="Kontoauszug-Datei hierher ziehen"
      isFilled={file !== null}
      replaceMessage="Andere Datei hier ablegen"
      onDrop={(event) => {
        const item = event.items.find(isFileDropItem);
        if (item) void item.getFile().then(onFile);
      }}
    >
      <Flex direction="column" alignItems="center" gap="size-100">
        <Text>Datei hierher ziehen oder auswählen</Text>
        <label htmlFor={fileId}>Datei (camt.053, MT940, CSV)</label>
        <input
          id={fileId}
          type="file"
          accept=".xml,.sta,.mt940,.txt,.csv,.json,text/xml,application/xml,text/csv,application/json"
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        {file ? <Text>Gewählt: {file.name}</Text> : null}
      </Flex>
    </DropZone>
  );
}
