import { Button, Flex, Form } from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { type AbstellplatzZuordnung, saveZuordnung } from '../../../api/stammdaten/abstellplaetze';
import { zuordnungBody } from '../../../api/stammdaten/schemas';
import { fetchRecord, useVersionConflict } from '../../../api/versionConflict';
import { ConflictBanner, DateField, useFormErrors } from '../../../components/formKit';
import { MessageBanner } from '../../../components/MessageBanner';

const FIELDS = ['von', 'bis'] as const;
type Field = (typeof FIELDS)[number];

export interface ZuordnungFormProps {
  zuordnung: AbstellplatzZuordnung;
  /** Names the assignment for screen readers: "Huber Maria ab 01.03.2024". */
  name: string;
  onDone: () => void;
}

/**
 * Changes an assignment's von/bis in place, inside the list. Its own small form: it sits inside
 * dialogs whose main form would otherwise take Enter for its own "Speichern".
 */
export function ZuordnungForm({ zuordnung, name, onDone }: ZuordnungFormProps) {
  const [von, setVon] = useState(formatGermanDate(zuordnung.von));
  const [bis, setBis] = useState(formatGermanDate(zuordnung.bis));
  const conflict = useVersionConflict({
    record: zuordnung,
    toValues: (r: AbstellplatzZuordnung) => ({ von: formatGermanDate(r.von), bis: formatGermanDate(r.bis) }),
    values: { von, bis },
    setValues: (v) => {
      setVon(v.von);
      setBis(v.bis);
    },
    reload: () => fetchRecord<AbstellplatzZuordnung>('/api/Stammdaten/GetAbstellplatzAdresse', { id: zuordnung.id }),
  });
  const form = useFormErrors(FIELDS, conflict);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.saving) return;
    const parsedVon = parseGermanDate(von);
    const parsedBis = parseGermanDate(bis);
    const body = { id: zuordnung.id, version: conflict.version, von: parsedVon ?? '', bis: parsedBis ?? null };
    // What could not be read as a date; the API's schema checks the rest (an end before the start).
    const typed = {
      von: parsedVon ? undefined : 'Bitte geben Sie den Beginn als TT.MM.JJJJ ein.',
      bis: parsedBis === undefined ? 'Bitte geben Sie das Ende als TT.MM.JJJJ ein oder lassen Sie es leer.' : undefined,
    };
    if (!form.validate(zuordnungBody, body, typed)) return;
    if (await form.save(() => saveZuordnung(body), 'Zuordnung geändert.')) onDone();
  }

  const change = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    form.clear(field);
  };

  return (
    <Flex direction="column" gap="size-100">
      <ConflictBanner conflict={conflict} />
      {form.otherErrors.length > 0 ? (
        <MessageBanner level="danger" title="Nicht gespeichert" message={form.otherErrors.join('\n')} />
      ) : null}
      <Form onSubmit={submit} aria-label={`Zuordnung ${name} bearbeiten`} validationBehavior="aria">
        <Flex gap="size-200" alignItems="start" wrap>
          <DateField
            label="von"
            value={von}
            onChange={change('von', setVon)}
            isRequired
            autoFocus
            error={form.serverErrors.von}
          />
          <DateField
            label="bis"
            value={bis}
            onChange={change('bis', setBis)}
            description="TT.MM.JJJJ; leer lassen, solange sie läuft"
            error={form.serverErrors.bis}
          />
        </Flex>
        <Flex gap="size-100" marginTop="size-100">
          <Button variant="accent" type="submit" isPending={form.saving}>
            Zeitraum speichern
          </Button>
          <Button variant="secondary" onPress={onDone}>
            Abbrechen
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}
