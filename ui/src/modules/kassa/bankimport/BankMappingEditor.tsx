import { Button, Checkbox, Flex, Item, Picker, Text, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { invalid } from '../../../components/formKit';
import { type BankMapping, saveBankMapping, type UpdateBankMapping } from './bankImportApi';
import './bankImport.css';

type Mapping = BankMapping['mapping'];
type Spalten = Mapping['spalten'];
type SpaltenName = keyof Spalten;

const SPALTEN: readonly { key: SpaltenName; label: string; pflicht?: boolean }[] = [
  { key: 'datum', label: 'Spalte Buchungsdatum', pflicht: true },
  { key: 'betrag', label: 'Spalte Betrag', pflicht: true },
  { key: 'verwendungszweck', label: 'Spalte(n) Verwendungszweck', pflicht: true },
  { key: 'name', label: 'Spalte Name (Auftraggeber/Empfänger)' },
  { key: 'iban', label: 'Spalte IBAN' },
  { key: 'referenz', label: 'Spalte Zahlungsreferenz' },
  { key: 'bankReferenz', label: 'Spalte Buchungsreferenz der Bank' },
  { key: 'valuta', label: 'Spalte Valutadatum' },
];

const TRENNZEICHEN = [
  { key: 'auto', text: 'automatisch erkennen' },
  { key: ';', text: 'Strichpunkt ;' },
  { key: ',', text: 'Beistrich ,' },
  { key: 'tab', text: 'Tabulator' },
] as const;

/** Several Verwendungszweck columns are typed with "+" between them ("Buchungstext + Zahlungsreferenz"). */
const spalteText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(' + ') : (value ?? ''));

type Werte = {
  name: string;
  trennzeichen: string;
  dezimalzeichen: Mapping['dezimalzeichen'];
  datumsformat: Mapping['datumsformat'];
  kopfzeile: boolean;
  spalten: Record<SpaltenName, string>;
};

function werteVon(mapping: BankMapping | undefined): Werte {
  const m = mapping?.mapping;
  const spalten = Object.fromEntries(SPALTEN.map((s) => [s.key, spalteText(m?.spalten[s.key])])) as Record<
    SpaltenName,
    string
  >;
  return {
    // A built-in mapping is copied under a new name: the built-in ones cannot be changed.
    name: mapping && !mapping.eingebaut ? mapping.name : mapping ? `${mapping.name} (eigene)` : '',
    trennzeichen: m?.trennzeichen ?? 'auto',
    dezimalzeichen: m?.dezimalzeichen ?? ',',
    datumsformat: m?.datumsformat ?? 'TT.MM.JJJJ',
    kopfzeile: m?.kopfzeile !== false,
    spalten,
  };
}

function body(id: number | null | undefined, w: Werte, vorher: Spalten | undefined): UpdateBankMapping {
  const spalte = (key: SpaltenName) => w.spalten[key].trim() || undefined;
  const zweck = w.spalten.verwendungszweck
    .split('+')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    ...(id ? { id } : {}),
    name: w.name.trim(),
    mapping: {
      name: w.name.trim(),
      trennzeichen: w.trennzeichen as UpdateBankMapping['mapping']['trennzeichen'],
      dezimalzeichen: w.dezimalzeichen,
      datumsformat: w.datumsformat,
      kopfzeile: w.kopfzeile,
      spalten: {
        // Columns the editor does not show (currency, BIC) stay as they were.
        ...(vorher?.waehrung ? { waehrung: vorher.waehrung } : {}),
        ...(vorher?.bic ? { bic: vorher.bic } : {}),
        datum: spalte('datum') ?? '',
        betrag: spalte('betrag') ?? '',
        verwendungszweck: zweck.length > 1 ? zweck : (zweck[0] ?? ''),
        name: spalte('name'),
        iban: spalte('iban'),
        referenz: spalte('referenz'),
        bankReferenz: spalte('bankReferenz'),
        valuta: spalte('valuta'),
      },
    },
  };
}

/** The 422's messages by field path ("mapping.spalten.datum", "name"). */
function fehlerVon(error: unknown): Record<string, string> {
  if (!isApiError(error) || !isProblemDetails(error.body)) return {};
  return Object.fromEntries(Object.entries(error.body.errors ?? {}).map(([path, m]) => [path, [m].flat().join(' ')]));
}

/**
 * A stored column mapping for a bank's CSV export (UpdateBankMapping): which column holds the date,
 * the amount, the purpose … (header text or letter A, B, C), and how the file is written. Starts
 * from the chosen mapping; a built-in one (George, ELBA) is saved as a new, own mapping.
 */
export function BankMappingEditor({
  mapping,
  onSaved,
}: {
  mapping: BankMapping | undefined;
  onSaved: (saved: BankMapping) => void;
}) {
  const [werte, setWerte] = useState<Werte>(() => werteVon(mapping));
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const id = mapping && !mapping.eingebaut ? mapping.id : undefined;
  const set = <K extends keyof Werte>(key: K, value: Werte[K]) => setWerte((w) => ({ ...w, [key]: value }));

  async function speichern() {
    setSaving(true);
    setFehler({});
    try {
      const saved = await saveWithToast(saveBankMapping(body(id, werte, mapping?.mapping.spalten)), {
        success: (s) => `Zuordnung „${s.name}“ gespeichert.`,
      });
      onSaved(saved);
    } catch (error) {
      setFehler(fehlerVon(error));
    } finally {
      setSaving(false);
    }
  }

  const bekannt = new Set(['name', 'mapping.name', ...SPALTEN.map((s) => `mapping.spalten.${s.key}`)]);
  const andere = Object.entries(fehler).filter(([path]) => !bekannt.has(path));

  return (
    <Flex direction="column" gap="size-100">
      <Text>
        Spalten als Überschrift der CSV-Datei (z. B. „Buchungsdatum“) oder als Buchstabe (A, B, C …). Mehrere Spalten
        für den Verwendungszweck mit „+“ verbinden.
      </Text>
      <Flex gap="size-200" wrap>
        <TextField
          label="Name der Zuordnung"
          isRequired
          maxLength={100}
          value={werte.name}
          onChange={(v) => set('name', v)}
          {...invalid(fehler.name ?? fehler['mapping.name'])}
        />
        <Picker
          label="Trennzeichen"
          selectedKey={werte.trennzeichen}
          onSelectionChange={(k) => set('trennzeichen', String(k))}
          items={TRENNZEICHEN}
        >
          {(t) => <Item key={t.key}>{t.text}</Item>}
        </Picker>
        <Picker
          label="Dezimalzeichen"
          selectedKey={werte.dezimalzeichen}
          onSelectionChange={(k) => set('dezimalzeichen', k === '.' ? '.' : ',')}
        >
          <Item key=",">Komma (1.234,56)</Item>
          <Item key=".">Punkt (1234.56)</Item>
        </Picker>
        <Picker
          label="Datumsformat"
          selectedKey={werte.datumsformat}
          onSelectionChange={(k) => set('datumsformat', k === 'JJJJ-MM-TT' ? 'JJJJ-MM-TT' : 'TT.MM.JJJJ')}
        >
          <Item key="TT.MM.JJJJ">TT.MM.JJJJ (24.11.2026)</Item>
          <Item key="JJJJ-MM-TT">JJJJ-MM-TT (2026-11-24)</Item>
        </Picker>
        <Checkbox isSelected={werte.kopfzeile} onChange={(v) => set('kopfzeile', v)}>
          erste Zeile enthält die Überschriften
        </Checkbox>
      </Flex>
      <Flex gap="size-200" wrap>
        {SPALTEN.map((s) => (
          <TextField
            key={s.key}
            label={s.label}
            isRequired={s.pflicht === true}
            value={werte.spalten[s.key]}
            onChange={(v) => set('spalten', { ...werte.spalten, [s.key]: v })}
            {...invalid(fehler[`mapping.spalten.${s.key}`])}
          />
        ))}
      </Flex>
      {andere.length ? (
        <Text UNSAFE_className="kgv-bankimport-fehler">{andere.map(([, m]) => m).join(' ')}</Text>
      ) : null}
      <Flex>
        <Button variant="secondary" isPending={saving} onPress={() => void speichern()}>
          Zuordnung speichern
        </Button>
      </Flex>
    </Flex>
  );
}
