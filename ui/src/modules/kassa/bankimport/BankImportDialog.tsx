import {
  Button,
  ButtonGroup,
  Checkbox,
  Content,
  Dialog,
  DialogContainer,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Divider,
  Flex,
  Heading,
  Item,
  Link,
  Picker,
  Text,
} from '@adobe/react-spectrum';
import { useCallback, useState } from 'react';
import { describeError } from '../../../api/errors';
import { useKonten } from '../../../api/kassa';
import { saveWithToast } from '../../../api/toast';
import { MessageBanner } from '../../../components/MessageBanner';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { BankDateiWahl } from './BankDateiWahl';
import { BankImportVorschau } from './BankImportVorschau';
import { BankMappingEditor } from './BankMappingEditor';
import {
  ablehnung,
  type BankFormat,
  type BankImportErgebnis,
  importBank,
  normIban,
  useBankMappings,
} from './bankImportApi';

import './bankImport.css';

export interface BankImportDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** After a real import (the Kassabuch reloads and may show the new entries). */
  onImported: (ergebnis: BankImportErgebnis) => void;
  /** The account chosen first (e.g. the Kassabuch's account filter). */
  kontoId?: number | undefined;
}

const AUTO = 'auto';
const STANDARD = 'standard';

const FORMATE: readonly { key: BankFormat | typeof AUTO; text: string }[] = [
  { key: AUTO, text: 'automatisch erkennen' },
  { key: 'camt', text: 'camt.053 (XML)' },
  { key: 'mt940', text: 'MT940' },
  { key: 'george', text: 'George (Erste Bank/Sparkasse), CSV' },
  { key: 'elba', text: 'ELBA (Raiffeisen), CSV' },
];

const buchungen = (n: number) => `${n} ${n === 1 ? 'Buchung' : 'Buchungen'}`;

/** The success sentence after an import (also the toast). */
export function erfolgText(e: BankImportErgebnis): string {
  // Payments the receivables' matcher allocated have left the clearing account already.
  const welche = (e.zugeordnet ?? 0) > 0 ? 'die übrigen Buchungen' : 'die Buchungen';
  return `${e.importiert} importiert, ${e.duplikate} ${e.duplikate === 1 ? 'Duplikat' : 'Duplikate'} übersprungen; ${welche} stehen auf „offen/zu klären“.`;
}

/**
 * What the receivables' matcher did with the new credits (issue 15), e.g. „3 Zahlungen automatisch
 * zugeordnet, 1 zu klären“; null when it did nothing (no credits, or no receivables module).
 */
export function zuordnungText(e: BankImportErgebnis): string | null {
  const zugeordnet = e.zugeordnet ?? 0;
  const zuKlaeren = e.zuKlaeren ?? 0;
  if (zugeordnet === 0 && zuKlaeren === 0) return null;
  return `${zugeordnet} ${zugeordnet === 1 ? 'Zahlung' : 'Zahlungen'} automatisch zugeordnet, ${zuKlaeren} zu klären`;
}

/**
 * "Kontoauszug importieren": a bank statement (camt.053, MT940, George or ELBA CSV) into the cash
 * book. "Vorschau" shows what the file holds without writing (ImportBank?dryRun=true): every entry,
 * the ones already imported greyed, and whether the balances add up; only then "n Buchungen
 * importieren". The entries land on the period's clearing account "offen/zu klären".
 */
export function BankImportDialog({ isOpen, onClose, onImported, kontoId }: BankImportDialogProps) {
  return (
    <DialogContainer onDismiss={onClose}>
      {isOpen ? <BankImportInhalt onClose={onClose} onImported={onImported} kontoId={kontoId} /> : null}
    </DialogContainer>
  );
}

function BankImportInhalt({ onClose, onImported, kontoId }: Omit<BankImportDialogProps, 'isOpen'>) {
  const konten = useKonten();
  const mappings = useBankMappings();
  const bankKonten = (konten.data ?? []).filter((k) => k.art === 'bank' && (k.aktiv || k.id === kontoId));
  const [gewaehltesKonto, setKonto] = useState<number | undefined>(kontoId);
  const konto =
    bankKonten.find((k) => k.id === gewaehltesKonto) ?? (bankKonten.length === 1 ? bankKonten[0] : undefined);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<BankFormat | typeof AUTO>(AUTO);
  const [mapping, setMapping] = useState<string>(STANDARD);
  const [ignoreIban, setIgnoreIban] = useState(false);
  const [busy, setBusy] = useState<'vorschau' | 'import' | null>(null);
  const [vorschau, setVorschau] = useState<BankImportErgebnis | null>(null);
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [ergebnis, setErgebnis] = useState<BankImportErgebnis | null>(null);

  const eigene = (mappings.data ?? []).filter((m) => m.id !== null);
  const csv = format === AUTO || format === 'george' || format === 'elba';
  const mappingId = csv && mapping !== STANDARD ? Number(mapping) : undefined;
  const gewaehlteZuordnung =
    mappingId !== undefined
      ? eigene.find((m) => m.id === mappingId)
      : (mappings.data ?? []).find((m) => m.eingebaut && (format === 'elba' ? /elba/i : /george/i).test(m.name));
  const fremdeIban =
    vorschau !== null &&
    konto !== undefined &&
    vorschau.auszuege.some((a) => a.iban && normIban(a.iban) !== normIban(konto.iban));

  const geaendert = () => {
    setVorschau(null);
    setAbgelehnt(null);
  };
  const waehleDatei = (f: File | null) => {
    setFile(f);
    geaendert();
  };

  async function run(dryRun: boolean) {
    if (!file || !konto) return;
    setBusy(dryRun ? 'vorschau' : 'import');
    setAbgelehnt(null);
    const optionen = {
      file,
      kontoId: konto.id,
      format: format === AUTO ? undefined : format,
      mappingId,
      ignoreIban,
      dryRun,
    };
    try {
      if (dryRun) {
        setVorschau(await importBank(optionen));
      } else {
        const done = await saveWithToast(importBank(optionen), { success: erfolgText });
        setErgebnis(done);
        setVorschau(null);
        onImported(done);
      }
    } catch (error) {
      if (dryRun) setVorschau(null);
      setAbgelehnt(ablehnung(error) ?? { title: describeError(error), lines: [] });
    } finally {
      setBusy(null);
    }
  }

  // The preview lies below the inputs: bring it into view once it is there (stable: only on mount).
  const zeigeVorschau = useCallback((el: HTMLDivElement | null) => {
    el?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  const kannImportieren = vorschau !== null && vorschau.importiert > 0 && (!fremdeIban || ignoreIban) && busy === null;

  return (
    <Dialog size="L">
      <Heading>Kontoauszug importieren</Heading>
      <Divider />
      <Content>
        {ergebnis ? (
          <Flex direction="column" gap="size-150">
            <MessageBanner level="success" title="Import abgeschlossen" message={erfolgText(ergebnis)} />
            {zuordnungText(ergebnis) ? (
              <Text>
                {zuordnungText(ergebnis)}
                {(ergebnis.zuKlaeren ?? 0) > 0 ? (
                  <>
                    {' – '}
                    <Link href="/rechnungen/zuklaeren">Zahlungen zuordnen</Link>
                  </>
                ) : (
                  '.'
                )}
              </Text>
            ) : null}
          </Flex>
        ) : (
          <Flex direction="column" gap="size-150">
            <Text>
              Laden Sie den Kontoauszug aus dem Online-Banking (camt.053, MT940 oder CSV aus George bzw. ELBA). Zuerst
              „Vorschau“: Sie sehen jede Buchung und ob der Auszug aufgeht. Bereits importierte Buchungen werden
              übersprungen.
            </Text>
            <Picker
              label="Bankkonto"
              isRequired
              items={bankKonten}
              selectedKey={konto ? String(konto.id) : null}
              onSelectionChange={(key) => {
                setKonto(key === null ? undefined : Number(key));
                geaendert();
              }}
              width="size-4600"
              {...(konten.data && bankKonten.length === 0
                ? { description: 'Noch kein Bankkonto angelegt (Kassabuch → Bankkonten).' }
                : {})}
            >
              {(k) => (
                <Item key={String(k.id)} textValue={k.name}>
                  {k.iban ? `${k.name} (${k.iban})` : k.name}
                </Item>
              )}
            </Picker>
            <BankDateiWahl file={file} onFile={waehleDatei} />
            <Flex gap="size-200" alignItems="end" wrap>
              <Picker
                label="Format"
                items={FORMATE}
                selectedKey={format}
                onSelectionChange={(key) => {
                  setFormat((key ?? AUTO) as BankFormat | typeof AUTO);
                  geaendert();
                }}
              >
                {(f) => <Item key={f.key}>{f.text}</Item>}
              </Picker>
              {csv ? (
                <Picker
                  label="Zuordnung der Spalten (CSV)"
                  items={[
                    { key: STANDARD, text: 'Standard (George/ELBA bzw. die des Kontos)' },
                    ...eigene.map((m) => ({ key: String(m.id), text: m.name })),
                  ]}
                  selectedKey={mapping}
                  onSelectionChange={(key) => {
                    setMapping(key === null ? STANDARD : String(key));
                    geaendert();
                  }}
                  width="size-4600"
                >
                  {(m) => <Item key={m.key}>{m.text}</Item>}
                </Picker>
              ) : null}
            </Flex>
            {csv ? (
              <Disclosure isQuiet>
                <DisclosureTitle level={3}>Eigene Zuordnung bearbeiten</DisclosureTitle>
                <DisclosurePanel>
                  <BankMappingEditor
                    key={gewaehlteZuordnung ? `${gewaehlteZuordnung.id}-${gewaehlteZuordnung.name}` : 'neu'}
                    mapping={gewaehlteZuordnung}
                    onSaved={(saved) => {
                      if (saved.id !== null) setMapping(String(saved.id));
                      geaendert();
                    }}
                  />
                </DisclosurePanel>
              </Disclosure>
            ) : null}
            {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-bankimport-fehler" /> : null}
            {vorschau ? (
              <div ref={zeigeVorschau}>
                <BankImportVorschau vorschau={vorschau} />
              </div>
            ) : null}
            {fremdeIban ? (
              <Checkbox isSelected={ignoreIban} onChange={setIgnoreIban}>
                IBAN nicht prüfen: der Auszug gehört trotzdem zu „{konto?.name}“
              </Checkbox>
            ) : null}
          </Flex>
        )}
      </Content>
      <ButtonGroup>
        {ergebnis ? (
          <Button variant="accent" onPress={onClose}>
            Schließen
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={onClose}>
              Abbrechen
            </Button>
            <Button
              variant="secondary"
              onPress={() => void run(true)}
              isDisabled={!file || !konto}
              isPending={busy === 'vorschau'}
            >
              Vorschau
            </Button>
            <Button
              variant="accent"
              onPress={() => void run(false)}
              isDisabled={!kannImportieren}
              isPending={busy === 'import'}
            >
              {vorschau ? `${buchungen(vorschau.importiert)} importieren` : 'Importieren'}
            </Button>
          </>
        )}
      </ButtonGroup>
    </Dialog>
  );
}
