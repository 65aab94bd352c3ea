import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Radio,
  RadioGroup,
  Text,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useId, useState } from 'react';
import { formatEuro } from '../../../../../src/platform/money';
import { describeError, isApiError, isProblemDetails } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { importVersicherungen, type VersicherungenImportErgebnis } from '../../../api/versicherungen';
import { MessageBanner } from '../../../components/MessageBanner';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import '../../../components/denseTable.css';
import './versicherungen.css';

const versicherungen = (n: number) => `${n} ${n === 1 ? 'Versicherung' : 'Versicherungen'}`;

/** A refused import: the title and one line per reason, a row's reasons with its „Zeile n“. */
export function importAblehnung(error: unknown): Refusal {
  if (!isApiError(error) || !isProblemDetails(error.body)) return { title: describeError(error), lines: [] };
  const lines = Object.entries(error.body.errors ?? {}).flatMap(([feld, m]) =>
    (Array.isArray(m) ? m : [m]).map((text) => (/^Zeile \d+$/.test(feld) ? `${feld}: ${String(text)}` : String(text))),
  );
  if (error.body.detail) lines.push(error.body.detail);
  return { title: error.body.title, lines };
}

export function erfolgText(e: VersicherungenImportErgebnis): string {
  const weg = e.geloescht > 0 ? `${versicherungen(e.geloescht)} des Jahres ersetzt, ` : '';
  return `${weg}${versicherungen(e.angelegt)} für ${e.jahr} importiert.${e.hinweis ? ` ${e.hinweis}` : ''}`;
}

/**
 * „Aus Datei importieren“: the insurer's list (CSV or Excel with the columns Parzelle, Text, Prämie,
 * optional Versicherer and Polizze) into one year. „Vorschau“ reads the file without writing and
 * shows every row or every wrong row; only a file without errors can be imported (all or nothing).
 */
export function VersicherungenImportDialog({ jahr }: { jahr: number }) {
  const { dismiss } = useDialogContainer();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [ersetzen, setErsetzen] = useState(false);
  const [busy, setBusy] = useState<'vorschau' | 'import' | null>(null);
  const [vorschau, setVorschau] = useState<VersicherungenImportErgebnis | null>(null);
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [ergebnis, setErgebnis] = useState<VersicherungenImportErgebnis | null>(null);

  const geaendert = () => {
    setVorschau(null);
    setAbgelehnt(null);
  };

  async function run(dryRun: boolean) {
    if (!file) return;
    setBusy(dryRun ? 'vorschau' : 'import');
    setAbgelehnt(null);
    try {
      if (dryRun) setVorschau(await importVersicherungen({ file, jahr, ersetzen, dryRun }));
      else {
        const done = await saveWithToast(importVersicherungen({ file, jahr, ersetzen, dryRun }), {
          success: erfolgText,
        });
        setErgebnis(done);
      }
    } catch (error) {
      setVorschau(null);
      setAbgelehnt(importAblehnung(error));
    } finally {
      setBusy(null);
    }
  }

  const summe = (vorschau?.zeilen ?? []).reduce((s, z) => s + z.praemieCent, 0);
  return (
    <Dialog size="L">
      <Heading>{`Versicherungen ${jahr} importieren`}</Heading>
      <Divider />
      <Content>
        {ergebnis ? (
          <MessageBanner level="success" title="Import abgeschlossen" message={erfolgText(ergebnis)} />
        ) : (
          <Flex direction="column" gap="size-150">
            <Text>
              Die Liste der Versicherung als CSV (mit ; oder , getrennt) oder Excel-Datei. Die erste Zeile nennt die
              Spalten: Parzelle, Text, Prämie, dazu wahlweise Versicherer und Polizze. Zuerst „Vorschau“: Sie sehen jede
              Zeile oder jeden Fehler. Ist eine Zeile falsch, wird nichts importiert.
            </Text>
            <div className="kgv-versicherungen-datei">
              <label htmlFor={fileId}>Datei (CSV oder Excel)</label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  geaendert();
                }}
              />
            </div>
            <RadioGroup
              label={`Vorhandene Versicherungen ${jahr}`}
              value={ersetzen ? 'ersetzen' : 'hinzufuegen'}
              onChange={(v) => {
                setErsetzen(v === 'ersetzen');
                geaendert();
              }}
            >
              <Radio value="hinzufuegen">behalten, die Datei kommt dazu</Radio>
              <Radio value="ersetzen">löschen und durch die Datei ersetzen</Radio>
            </RadioGroup>
            {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-versicherungen-fehler" /> : null}
            {vorschau ? (
              <Flex direction="column" gap="size-100">
                <Text>
                  {`${versicherungen(vorschau.angelegt)} über zusammen ${formatEuro(summe)}`}
                  {vorschau.geloescht > 0 ? `; ${versicherungen(vorschau.geloescht)} des Jahres werden gelöscht` : ''}.
                </Text>
                {vorschau.hinweis ? <MessageBanner level="warning" message={vorschau.hinweis} /> : null}
                <div className="kgv-dense-frame kgv-versicherungen-frame">
                  <table className="kgv-dense-table" aria-label="Vorschau des Imports">
                    <thead>
                      <tr>
                        <th>Zeile</th>
                        <th>Parzelle</th>
                        <th>Text</th>
                        <th>Versicherer</th>
                        <th>Polizze</th>
                        <th className="kgv-versicherungen-num">Prämie</th>
                      </tr>
                    </thead>
                    <tbody>
                      {vorschau.zeilen.map((z) => (
                        <tr key={z.zeile}>
                          <td>{z.zeile}</td>
                          <td>{z.parzelleNummer}</td>
                          <td>{z.text}</td>
                          <td>{z.versicherer}</td>
                          <td>{z.polizze}</td>
                          <td className="kgv-versicherungen-num">{formatEuro(z.praemieCent)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </Flex>
            ) : null}
          </Flex>
        )}
      </Content>
      <ButtonGroup>
        {ergebnis ? (
          <Button variant="accent" onPress={dismiss}>
            Schließen
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={dismiss}>
              Abbrechen
            </Button>
            <Button
              variant="secondary"
              onPress={() => void run(true)}
              isDisabled={!file}
              isPending={busy === 'vorschau'}
            >
              Vorschau
            </Button>
            <Button
              variant="accent"
              onPress={() => void run(false)}
              isDisabled={!vorschau || vorschau.angelegt === 0 || busy !== null}
              isPending={busy === 'import'}
            >
              {vorschau ? `${versicherungen(vorschau.angelegt)} importieren` : 'Importieren'}
            </Button>
          </>
        )}
      </ButtonGroup>
    </Dialog>
  );
}
