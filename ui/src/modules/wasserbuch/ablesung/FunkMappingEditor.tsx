import { Button, Flex, Item, Picker, Text, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import { saveWithToast } from '../../../api/toast';
import { invalid } from '../../../components/formKit';
import { matchFieldErrors } from '../../../lib/serverErrors';
import { DEZIMALZEICHEN, type FunkImportMapping, saveFunkMapping, TRENNZEICHEN, ZEICHENSAETZE } from './funkImportApi';

const TRENN_TEXT: Record<FunkImportMapping['trennzeichen'], string> = {
  auto: 'automatisch erkennen',
  ';': 'Strichpunkt ;',
  ',': 'Beistrich ,',
  tab: 'Tabulator',
};
const DEZIMAL_TEXT: Record<FunkImportMapping['dezimalzeichen'], string> = {
  auto: 'automatisch erkennen',
  ',': 'Komma (150,25)',
  '.': 'Punkt (150.25)',
};
const ZEICHEN_TEXT: Record<FunkImportMapping['zeichensatz'], string> = {
  auto: 'automatisch erkennen',
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows (ANSI, 1252)',
};

const FIELDS = [
  'name',
  'spalteSeriennummer',
  'spalteStand',
  'spalteZeitstempel',
  'trennzeichen',
  'dezimalzeichen',
  'zeichensatz',
] as const;

/**
 * Edits a stored column mapping (UpdateFunkImportMapping): which column holds the serial, the
 * reading and the timestamp (header name or letter), and how the file is written. A new name
 * stores a new mapping.
 */
export function FunkMappingEditor({
  mapping,
  onSaved,
}: {
  mapping: FunkImportMapping;
  onSaved: (saved: FunkImportMapping) => void;
}) {
  const [values, setValues] = useState(mapping);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FunkImportMapping>(key: K, value: FunkImportMapping[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      const saved = await saveWithToast(saveFunkMapping({ ...values, name: values.name.trim() }), {
        success: `Zuordnung „${values.name.trim()}“ gespeichert.`,
      });
      onSaved(saved);
    } catch (error) {
      setErrors(matchFieldErrors(error, FIELDS).fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Flex direction="column" gap="size-100">
      <Text>Spalten als Überschrift (z. B. „Zählerstand“) oder als Buchstabe (A, B, C …).</Text>
      <Flex gap="size-200" wrap>
        <TextField
          label="Name der Zuordnung"
          value={values.name}
          onChange={(v) => set('name', v)}
          maxLength={50}
          {...invalid(errors.name)}
        />
        <TextField
          label="Spalte Seriennummer"
          value={values.spalteSeriennummer}
          onChange={(v) => set('spalteSeriennummer', v)}
          {...invalid(errors.spalteSeriennummer)}
        />
        <TextField
          label="Spalte Zählerstand"
          value={values.spalteStand}
          onChange={(v) => set('spalteStand', v)}
          {...invalid(errors.spalteStand)}
        />
        <TextField
          label="Spalte Zeitstempel"
          description="leer: Datum unten angeben"
          value={values.spalteZeitstempel}
          onChange={(v) => set('spalteZeitstempel', v)}
          {...invalid(errors.spalteZeitstempel)}
        />
      </Flex>
      <Flex gap="size-200" wrap>
        <Picker
          label="Trennzeichen"
          selectedKey={values.trennzeichen}
          onSelectionChange={(k) => set('trennzeichen', k as FunkImportMapping['trennzeichen'])}
        >
          {TRENNZEICHEN.map((k) => (
            <Item key={k}>{TRENN_TEXT[k]}</Item>
          ))}
        </Picker>
        <Picker
          label="Dezimalzeichen"
          selectedKey={values.dezimalzeichen}
          onSelectionChange={(k) => set('dezimalzeichen', k as FunkImportMapping['dezimalzeichen'])}
        >
          {DEZIMALZEICHEN.map((k) => (
            <Item key={k}>{DEZIMAL_TEXT[k]}</Item>
          ))}
        </Picker>
        <Picker
          label="Zeichensatz"
          selectedKey={values.zeichensatz}
          onSelectionChange={(k) => set('zeichensatz', k as FunkImportMapping['zeichensatz'])}
        >
          {ZEICHENSAETZE.map((k) => (
            <Item key={k}>{ZEICHEN_TEXT[k]}</Item>
          ))}
        </Picker>
      </Flex>
      <Flex>
        <Button variant="secondary" onPress={() => void save()} isPending={saving}>
          Zuordnung speichern
        </Button>
      </Flex>
    </Flex>
  );
}
