import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Heading,
  Text,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import { useId, useState } from 'react';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { importZaehlerwechsel } from './zaehlerwechselApi';

/** "zeile 7: Parzelle 99 gibt es nicht." lines of a refused import (422 `errors` per row). */
export function importErrorLines(error: unknown): { title: string; lines: string[] } | null {
  if (!isApiError(error) || !isProblemDetails(error.body)) return null;
  const lines = Object.entries(error.body.errors ?? {}).flatMap(([row, messages]) => {
    const label = row.replace(/^zeile\s*/i, 'Zeile ');
    return (Array.isArray(messages) ? messages : [messages]).map((m) => `${label}: ${String(m)}`);
  });
  return { title: error.body.title ?? 'Die Datei konnte nicht eingelesen werden.', lines };
}

/**
 * ImportZaehlerwechselData: an Excel or CSV file with the export's columns. All rows or none: a
 * bad row refuses the whole file, and the server's reason per row is listed here.
 */
export function ImportDialog() {
  const { dismiss } = useDialogContainer();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ title: string; lines: string[] } | null>(null);

  async function run() {
    if (!file) return;
    setBusy(true);
    setRefused(null);
    try {
      await saveWithToast(importZaehlerwechsel(file), {
        success: (r) => {
          const vorhanden = r.zeilen.length - r.angelegt;
          if (r.angelegt === 0) return 'Keine neuen Zählerwechsel: alle Zeilen waren schon eingetragen.';
          return `${r.angelegt} Zählerwechsel eingetragen${vorhanden > 0 ? `, ${vorhanden} schon vorhanden` : ''}.`;
        },
      });
      dismiss();
    } catch (error) {
      setRefused(importErrorLines(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog size="M">
      <Heading>Zählerwechsel importieren</Heading>
      <Divider />
      <Content>
        <Text>
          Eine Excel-Datei (oder CSV) mit den Spalten Parzelle, Datum, Alte Zählernummer, Endstand, Neue Zählernummer,
          Anfangsstand, Plombe – so wie sie „Exportieren“ liefert. Zeilen, die schon eingetragen sind, werden
          übersprungen. Ist eine Zeile fehlerhaft, wird nichts eingetragen.
        </Text>
        <View marginTop="size-200">
          <label htmlFor={inputId}>Datei (Excel oder CSV)</label>
          <br />
          <input
            id={inputId}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setRefused(null);
            }}
          />
        </View>
        {refused ? (
          <div role="alert" style={{ marginTop: 16 }}>
            <Text UNSAFE_style={{ fontWeight: 'bold' }}>{refused.title}</Text>
            <ul>
              {refused.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        <Button variant="accent" onPress={() => void run()} isDisabled={!file} isPending={busy}>
          Importieren
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
