import {
  Button,
  ButtonGroup,
  Checkbox,
  Content,
  Dialog,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Divider,
  Flex,
  Heading,
  Item,
  Picker,
  Text,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import { useId, useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { describeError } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { DateField } from '../../../components/formKit';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { formatCubic } from '../../../lib/format';
import { FunkMappingEditor } from './FunkMappingEditor';
import '../../../components/denseTable.css';
import './runde.css';
import { type FunkImportResult, importDatum, importFunk, refusal, STATUS_TEXT, useFunkMappings } from './funkImportApi';

const STANDARD = 'Standard';

function counts(result: FunkImportResult): string {
  const n = (status: string) => result.zeilen.filter((z) => z.status === status).length;
  return [
    `${result.zeilen.length} Zeilen lesbar`,
    `${n('neu')} neu`,
    `${n('ersetzt')} ersetzt`,
    `${n('unveraendert')} unverändert`,
    `${n('uebersprungen')} übersprungen`,
    `${result.fehler.length} Fehler`,
    `${result.warnungen.length} Warnungen`,
  ].join(' · ');
}

/** The preview of a check: counts, errors, warnings and each row with what will happen. */
function Vorschau({ result }: { result: FunkImportResult }) {
  return (
    <Flex direction="column" gap="size-100" marginTop="size-200">
      <Text UNSAFE_style={{ fontWeight: 700 }}>{counts(result)}</Text>
      {result.fehler.length ? (
        <div role="alert">
          <Text UNSAFE_className="kgv-runde-status--error">
            Fehler – so wird nichts eingelesen. Korrigieren Sie die Datei oder die Zuordnung:
          </Text>
          <ul>
            {result.fehler.map((f) => (
              <li key={`${f.zeile}-${f.text}`}>
                Zeile {f.zeile}: {f.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.warnungen.length ? (
        <div>
          <Text UNSAFE_className="kgv-runde-status--warn">Bitte prüfen (wird trotzdem eingelesen):</Text>
          <ul>
            {result.warnungen.map((w) => (
              <li key={`${w.zeile}-${w.text}`}>
                Zeile {w.zeile}: {w.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.zeilen.length ? (
        <div className="kgv-dense-frame kgv-runde-frame" style={{ maxHeight: '16rem' }}>
          <table className="kgv-dense-table kgv-runde-table" aria-label="Vorschau der Funkablesungen">
            <thead>
              <tr>
                <th scope="col">Zeile</th>
                <th scope="col">Seriennummer</th>
                <th scope="col">Parzelle</th>
                <th scope="col">Datum</th>
                <th scope="col" className="kgv-runde-num">
                  Stand
                </th>
                <th scope="col" className="kgv-runde-num">
                  Bisher
                </th>
                <th scope="col">Was passiert</th>
              </tr>
            </thead>
            <tbody>
              {result.zeilen.map((z) => (
                <tr key={z.zeile}>
                  <td>{z.zeile}</td>
                  <td>{z.seriennummer}</td>
                  <td>{z.parzelleNummer ?? (z.hauptwasserzaehlerId !== null ? 'Hauptwasserzähler' : '')}</td>
                  <td>{formatGermanDate(z.datum)}</td>
                  <td className="kgv-runde-num">{formatCubic(z.stand)}</td>
                  <td className="kgv-runde-num">{formatCubic(z.vorherStand)}</td>
                  <td>{STATUS_TEXT[z.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Flex>
  );
}

/**
 * "Funkzähler einlesen": the radio meters' export (CSV or Excel). "Prüfen" shows what would happen
 * without writing; "Einlesen" only after a check without errors; then the round of that date opens.
 */
export function FunkImportDialog({ onImported }: { onImported: (datum: string) => void }) {
  const { dismiss } = useDialogContainer();
  const fileId = useId();
  const mappings = useFunkMappings();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState(STANDARD);
  const [datumText, setDatumText] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [busy, setBusy] = useState<'pruefen' | 'einlesen' | null>(null);
  const [preview, setPreview] = useState<FunkImportResult | null>(null);
  const [refused, setRefused] = useState<Refusal | null>(null);

  const datum = parseGermanDate(datumText);
  const datumError = datum === undefined ? 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.' : undefined;
  const options = { file, mapping, datum: datum ?? '', overwrite };
  const changed = () => setPreview(null);
  const selected = mappings.data?.find((m) => m.name === mapping);

  async function run(dryRun: boolean) {
    if (!file || datumError) return;
    setBusy(dryRun ? 'pruefen' : 'einlesen');
    setRefused(null);
    try {
      if (dryRun) {
        setPreview(await importFunk({ ...options, file, dryRun }));
      } else {
        const result = await saveWithToast(importFunk({ ...options, file, dryRun }), {
          success: (r) => `${r.geschrieben} ${r.geschrieben === 1 ? 'Ablesung' : 'Ablesungen'} eingelesen.`,
        });
        dismiss();
        onImported(importDatum(result, options.datum));
      }
    } catch (error) {
      setPreview(null);
      setRefused(refusal(error) ?? { title: describeError(error), lines: [] });
    } finally {
      setBusy(null);
    }
  }

  const canImport = preview !== null && preview.fehler.length === 0 && preview.zeilen.length > 0;

  return (
    <Dialog size="L">
      <Heading>Funkzähler einlesen</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-150">
          <Text>
            Die Datei der Funkzähler (CSV oder Excel) mit Seriennummer, Zählerstand und Zeitpunkt. Zuerst „Prüfen“: Sie
            sehen, was eingelesen würde. Ist eine Zeile fehlerhaft, wird nichts eingelesen.
          </Text>
          <View>
            <label htmlFor={fileId}>Datei (CSV oder Excel)</label>
            <br />
            <input
              id={fileId}
              type="file"
              accept=".csv,.xlsx,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefused(null);
                changed();
              }}
            />
          </View>
          <Flex gap="size-200" alignItems="end" wrap>
            <Picker
              label="Zuordnung der Spalten"
              items={(mappings.data ?? [{ name: STANDARD }]).map((m) => ({ name: m.name }))}
              selectedKey={mapping}
              onSelectionChange={(key) => {
                setMapping(String(key));
                changed();
              }}
            >
              {(m) => <Item key={m.name}>{m.name}</Item>}
            </Picker>
            <DateField
              label="Datum für alle Zeilen"
              description="leer: das Datum aus der Datei"
              value={datumText}
              onChange={(v) => {
                setDatumText(v);
                changed();
              }}
              error={datumError}
            />
            <Checkbox
              isSelected={overwrite}
              onChange={(v) => {
                setOverwrite(v);
                changed();
              }}
            >
              vorhandene Ablesungen ersetzen
            </Checkbox>
          </Flex>
          {selected ? (
            <Disclosure isQuiet>
              <DisclosureTitle level={3}>Zuordnung bearbeiten</DisclosureTitle>
              <DisclosurePanel>
                <FunkMappingEditor
                  key={selected.name}
                  mapping={selected}
                  onSaved={(saved) => {
                    setMapping(saved.name);
                    changed();
                  }}
                />
              </DisclosurePanel>
            </Disclosure>
          ) : null}
          {refused ? <RefusalAlert refusal={refused} titleClassName="kgv-runde-status--error" /> : null}
          {preview ? <Vorschau result={preview} /> : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        <Button
          variant="secondary"
          onPress={() => void run(true)}
          isDisabled={!file || datumError !== undefined}
          isPending={busy === 'pruefen'}
        >
          Prüfen
        </Button>
        <Button
          variant="accent"
          onPress={() => void run(false)}
          isDisabled={!canImport}
          isPending={busy === 'einlesen'}
        >
          Einlesen
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
