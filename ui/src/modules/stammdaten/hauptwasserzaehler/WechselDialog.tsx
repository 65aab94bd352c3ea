import { Text, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { type Hauptwasserzaehler, wechselHauptwasserzaehler } from '../../../api/stammdaten/hauptwasserzaehler';
import { wechselBody } from '../../../api/stammdaten/schemas';
import { DateField, FormDialog } from '../../../components/formKit';
import { formatCubic, readingToWire } from '../../../lib/format';
import { useZodForm } from '../../../lib/useZodForm';

const READING_HINT = 'Zählerstand in m³ mit Komma, z. B. 12340,5 (höchstens 3 Nachkommastellen).';

/** Zählerwechsel: the old meter's final reading, the new meter's number and first reading. */
export function WechselDialog({ zaehler }: { zaehler: Hauptwasserzaehler }) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(wechselBody, {
    initial: { datum: formatGermanDate(todayIso()), endstand: '', neueNummer: '', anfangsstand: '0', eichdatum: '' },
    labels: {
      datum: 'Datum',
      endstand: 'Endstand alter Zähler',
      neueNummer: 'Nummer neuer Zähler',
      anfangsstand: 'Anfangsstand neuer Zähler',
      eichdatum: 'Eichdatum neuer Zähler',
    },
    toBody: (v) => {
      const eich = parseGermanDate(v.eichdatum);
      return {
        id: zaehler.id,
        datum: parseGermanDate(v.datum) ?? '',
        endstand: readingToWire(v.endstand) ?? '',
        neueNummer: v.neueNummer.trim(),
        anfangsstand: readingToWire(v.anfangsstand) ?? '',
        ...(eich ? { eichdatum: eich } : {}),
      };
    },
    inputErrors: (v) => ({
      datum: parseGermanDate(v.datum) ? undefined : 'Bitte geben Sie das Datum des Wechsels als TT.MM.JJJJ ein.',
      endstand: readingToWire(v.endstand) === undefined ? READING_HINT : undefined,
      anfangsstand: readingToWire(v.anfangsstand) === undefined ? READING_HINT : undefined,
      eichdatum:
        parseGermanDate(v.eichdatum) === undefined ? 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.' : undefined,
    }),
    plausibility: { datum: { date: 'event' }, eichdatum: { date: 'event' } },
  });

  return (
    <FormDialog
      title={`Zählerwechsel ${zaehler.nummer}`}
      form={form}
      onSubmit={() =>
        void form.submit((body) => wechselHauptwasserzaehler(body), {
          success: `Zähler ${zaehler.nummer} gewechselt.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
      submitLabel="Zähler wechseln"
    >
      <Text>
        {zaehler.letzteAblesung
          ? `Letzte Ablesung: ${formatCubic(zaehler.letzteAblesung.stand)} am ${formatGermanDate(zaehler.letzteAblesung.datum)}.`
          : 'Für diesen Zähler gibt es noch keine Ablesung.'}
      </Text>
      <DateField label="Datum" isRequired {...form.field('datum')} />
      <TextField
        label="Endstand alter Zähler"
        isRequired
        inputMode="decimal"
        description="in m³, z. B. 12340,5"
        autoFocus
        {...form.field('endstand')}
      />
      <TextField label="Nummer neuer Zähler" isRequired maxLength={50} {...form.field('neueNummer')} />
      <TextField
        label="Anfangsstand neuer Zähler"
        isRequired
        inputMode="decimal"
        description="in m³, meist 0"
        {...form.field('anfangsstand')}
      />
      <DateField label="Eichdatum neuer Zähler" {...form.field('eichdatum')} />
    </FormDialog>
  );
}
