import { Text, useDialogContainer } from '@adobe/react-spectrum';
import { selectedDatumQuery } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { DateField, FormDialog } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';
import { neueRunde } from './ablesungApi';

/** "Neue Ablesungsrunde": the date (default today); one empty row per active meter that has none that day. */
export function NeueRundeDialog({
  onCreated,
  vorschlag,
}: {
  onCreated: (datum: string) => void;
  /** YYYY-MM-DD to propose instead of today (a round that lacks a row). */
  vorschlag?: string | undefined;
}) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(selectedDatumQuery, {
    initial: { selectedDatum: formatGermanDate(vorschlag || todayIso()) },
    labels: { selectedDatum: 'Datum der Ablesung' },
    toBody: (v) => ({ selectedDatum: parseGermanDate(v.selectedDatum) ?? '' }),
    inputErrors: (v) => ({
      selectedDatum: parseGermanDate(v.selectedDatum) ? undefined : 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.',
    }),
    plausibility: { selectedDatum: { date: 'event' } },
  });
  return (
    <FormDialog
      title="Neue Ablesungsrunde"
      form={form}
      submitLabel="Runde anlegen"
      onCancel={dismiss}
      onSubmit={() =>
        void form.submit((body) => neueRunde(body.selectedDatum), {
          success: (rows) => `Ablesungsrunde mit ${rows.length} Zählern angelegt.`,
          onSaved: (rows) => {
            dismiss();
            onCreated(rows[0]?.datum ?? parseGermanDate(form.values.selectedDatum) ?? '');
          },
        })
      }
    >
      <Text>
        Für jeden aktiven Hauptwasserzähler und jede aktive Parzelle mit Wasserzähler wird eine leere Zeile angelegt.
        Zeilen, die es an diesem Tag schon gibt, bleiben unverändert.
      </Text>
      <DateField label="Datum der Ablesung" isRequired autoFocus {...form.field('selectedDatum')} />
    </FormDialog>
  );
}
