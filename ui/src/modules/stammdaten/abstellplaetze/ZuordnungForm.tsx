import { Flex } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { type AbstellplatzZuordnung, saveZuordnung } from '../../../api/stammdaten/abstellplaetze';
import { zuordnungBody } from '../../../api/stammdaten/schemas';
import { fetchRecord } from '../../../api/versionConflict';
import { DateField, FormPage } from '../../../components/formKit';
import { periodInputErrors, periodToBody } from '../../../lib/periodInput';
import { useZodForm } from '../../../lib/useZodForm';

export interface ZuordnungFormProps {
  zuordnung: AbstellplatzZuordnung;
  /** Names the assignment for screen readers: "Huber Maria ab 01.03.2024". */
  name: string;
  onDone: () => void;
}

const toValues = (r: AbstellplatzZuordnung) => ({ von: formatGermanDate(r.von), bis: formatGermanDate(r.bis) });

/**
 * Changes an assignment's von/bis in place, inside the list. Its own small form: it sits inside
 * dialogs whose main form would otherwise take Enter for its own "Speichern".
 */
export function ZuordnungForm({ zuordnung, name, onDone }: ZuordnungFormProps) {
  const form = useZodForm(zuordnungBody, {
    initial: toValues(zuordnung),
    labels: { von: 'von', bis: 'bis' },
    toBody: (v, { version }) => ({
      id: zuordnung.id,
      version,
      ...periodToBody(v),
    }),
    // What could not be read as a date; the API's schema checks the rest (an end before the start).
    inputErrors: periodInputErrors,
    plausibility: { von: { date: 'event' }, bis: { date: 'event' } },
    conflict: {
      record: zuordnung,
      toValues,
      reload: () => fetchRecord<AbstellplatzZuordnung>('/api/Stammdaten/GetAbstellplatzAdresse', { id: zuordnung.id }),
    },
  });

  return (
    <FormPage
      label={`Zuordnung ${name} bearbeiten`}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveZuordnung(body), { success: 'Zuordnung geändert.', onSaved: onDone })
      }
      onCancel={onDone}
      submitLabel="Zeitraum speichern"
    >
      <Flex gap="size-200" alignItems="start" wrap>
        <DateField label="von" isRequired autoFocus {...form.field('von')} />
        <DateField label="bis" description="TT.MM.JJJJ; leer lassen, solange sie läuft" {...form.field('bis')} />
      </Flex>
    </FormPage>
  );
}
