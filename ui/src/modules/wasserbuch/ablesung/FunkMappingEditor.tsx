import { Button, Flex, Item, Picker, Text, TextField } from '@adobe/react-spectrum';
import { funkMappingBody } from '../../../../../src/modules/wasserbuch/schema/dokumente';
import { invalid } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';
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

/**
 * Edits a stored column mapping (UpdateFunkImportMapping): which column holds the serial, the
 * reading and the timestamp (header name or letter), and how the file is written. A new name
 * stores a new mapping. On useZodForm with the server's schema: errors show at the field.
 */
export function FunkMappingEditor({
  mapping,
  onSaved,
}: {
  mapping: FunkImportMapping;
  onSaved: (saved: FunkImportMapping) => void;
}) {
  const form = useZodForm(funkMappingBody, {
    initial: { ...mapping },
    labels: {
      name: 'Name der Zuordnung',
      spalteSeriennummer: 'Spalte Seriennummer',
      spalteStand: 'Spalte Zählerstand',
      spalteZeitstempel: 'Spalte Zeitstempel',
      trennzeichen: 'Trennzeichen',
      dezimalzeichen: 'Dezimalzeichen',
      zeichensatz: 'Zeichensatz',
    },
    toBody: (v) => ({ ...v, name: v.name.trim() }),
  });

  return (
    <Flex direction="column" gap="size-100">
      <Text>Spalten als Überschrift (z. B. „Zählerstand“) oder als Buchstabe (A, B, C …).</Text>
      <Flex gap="size-200" wrap>
        <TextField label="Name der Zuordnung" isRequired maxLength={50} {...form.field('name')} />
        <TextField label="Spalte Seriennummer" isRequired {...form.field('spalteSeriennummer')} />
        <TextField label="Spalte Zählerstand" isRequired {...form.field('spalteStand')} />
        <TextField
          label="Spalte Zeitstempel"
          description="leer: Datum unten angeben"
          {...form.field('spalteZeitstempel')}
        />
      </Flex>
      <Flex gap="size-200" wrap>
        <Picker
          label="Trennzeichen"
          id={form.idOf('trennzeichen')}
          selectedKey={form.values.trennzeichen}
          onSelectionChange={(k) => form.set('trennzeichen', k as FunkImportMapping['trennzeichen'])}
          {...invalid(form.errors.trennzeichen)}
        >
          {TRENNZEICHEN.map((k) => (
            <Item key={k}>{TRENN_TEXT[k]}</Item>
          ))}
        </Picker>
        <Picker
          label="Dezimalzeichen"
          id={form.idOf('dezimalzeichen')}
          selectedKey={form.values.dezimalzeichen}
          onSelectionChange={(k) => form.set('dezimalzeichen', k as FunkImportMapping['dezimalzeichen'])}
          {...invalid(form.errors.dezimalzeichen)}
        >
          {DEZIMALZEICHEN.map((k) => (
            <Item key={k}>{DEZIMAL_TEXT[k]}</Item>
          ))}
        </Picker>
        <Picker
          label="Zeichensatz"
          id={form.idOf('zeichensatz')}
          selectedKey={form.values.zeichensatz}
          onSelectionChange={(k) => form.set('zeichensatz', k as FunkImportMapping['zeichensatz'])}
          {...invalid(form.errors.zeichensatz)}
        >
          {ZEICHENSAETZE.map((k) => (
            <Item key={k}>{ZEICHEN_TEXT[k]}</Item>
          ))}
        </Picker>
      </Flex>
      {form.otherErrors.length ? (
        <Text UNSAFE_className="kgv-runde-status--error">{form.otherErrors.join(' ')}</Text>
      ) : null}
      <Flex>
        <Button
          variant="secondary"
          isPending={form.saving}
          onPress={() =>
            void form.submit((body) => saveFunkMapping(body), {
              success: (saved) => `Zuordnung „${saved.name}“ gespeichert.`,
              onSaved,
            })
          }
        >
          Zuordnung speichern
        </Button>
      </Flex>
      {form.dialogs}
    </Flex>
  );
}
