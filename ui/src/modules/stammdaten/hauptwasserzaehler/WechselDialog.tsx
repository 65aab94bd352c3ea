import { Text, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { type Hauptwasserzaehler, wechselHauptwasserzaehler } from '../../../api/stammdaten/hauptwasserzaehler';
import { wechselBody } from '../../../api/stammdaten/schemas';
import { DateField, FormDialog, invalid, useFormErrors } from '../../../components/formKit';
import { formatCubic, readingToWire } from '../../../lib/format';

const FIELDS = ['datum', 'endstand', 'neueNummer', 'anfangsstand', 'eichdatum'] as const;
type Field = (typeof FIELDS)[number];

const READING_HINT = 'Zählerstand in m³ mit Komma, z. B. 12340,5 (höchstens 3 Nachkommastellen).';

/** Zählerwechsel: the old meter's final reading, the new meter's number and first reading. */
export function WechselDialog({ zaehler }: { zaehler: Hauptwasserzaehler }) {
  const { dismiss } = useDialogContainer();
  const [datum, setDatum] = useState(formatGermanDate(todayIso()));
  const [endstand, setEndstand] = useState('');
  const [neueNummer, setNeueNummer] = useState('');
  const [anfangsstand, setAnfangsstand] = useState('0');
  const [eichdatum, setEichdatum] = useState('');
  const form = useFormErrors(FIELDS);

  const errorOf = (field: Field) => form.serverErrors[field];

  async function submit() {
    const parsedDatum = parseGermanDate(datum);
    const parsedEich = parseGermanDate(eichdatum);
    const end = readingToWire(endstand);
    const start = readingToWire(anfangsstand);
    const body = {
      id: zaehler.id,
      datum: parsedDatum ?? '',
      endstand: end ?? '',
      neueNummer: neueNummer.trim(),
      anfangsstand: start ?? '',
      ...(parsedEich ? { eichdatum: parsedEich } : {}),
    };
    const typed = {
      datum: parsedDatum ? undefined : 'Bitte geben Sie das Datum des Wechsels als TT.MM.JJJJ ein.',
      endstand: end === undefined ? READING_HINT : undefined,
      anfangsstand: start === undefined ? READING_HINT : undefined,
      eichdatum: parsedEich === undefined ? 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.' : undefined,
    };
    if (!form.validate(wechselBody, body, typed)) return;
    if (await form.save(() => wechselHauptwasserzaehler(body), `Zähler ${zaehler.nummer} gewechselt.`)) dismiss();
  }

  const change = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    form.clear(field);
  };

  return (
    <FormDialog
      title={`Zählerwechsel ${zaehler.nummer}`}
      readOnly={false}
      saving={form.saving}
      otherErrors={form.otherErrors}
      onSubmit={() => void submit()}
      onCancel={dismiss}
      submitLabel="Zähler wechseln"
    >
      <Text>
        {zaehler.letzteAblesung
          ? `Letzte Ablesung: ${formatCubic(zaehler.letzteAblesung.stand)} am ${formatGermanDate(zaehler.letzteAblesung.datum)}.`
          : 'Für diesen Zähler gibt es noch keine Ablesung.'}
      </Text>
      <DateField label="Datum" value={datum} onChange={change('datum', setDatum)} isRequired error={errorOf('datum')} />
      <TextField
        label="Endstand alter Zähler"
        value={endstand}
        onChange={change('endstand', setEndstand)}
        isRequired
        necessityIndicator="label"
        inputMode="decimal"
        description="in m³, z. B. 12340,5"
        autoFocus
        {...invalid(errorOf('endstand'))}
      />
      <TextField
        label="Nummer neuer Zähler"
        value={neueNummer}
        onChange={change('neueNummer', setNeueNummer)}
        isRequired
        necessityIndicator="label"
        maxLength={50}
        {...invalid(errorOf('neueNummer'))}
      />
      <TextField
        label="Anfangsstand neuer Zähler"
        value={anfangsstand}
        onChange={change('anfangsstand', setAnfangsstand)}
        isRequired
        necessityIndicator="label"
        inputMode="decimal"
        description="in m³, meist 0"
        {...invalid(errorOf('anfangsstand'))}
      />
      <DateField
        label="Eichdatum neuer Zähler"
        value={eichdatum}
        onChange={change('eichdatum', setEichdatum)}
        error={errorOf('eichdatum')}
      />
    </FormDialog>
  );
}
