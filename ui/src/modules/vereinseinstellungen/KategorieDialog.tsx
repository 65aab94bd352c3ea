import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Form,
  Heading,
  NumberField,
  Switch,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, useId, useState } from 'react';
import { isAbortedError } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { type AbstellplatzKategorie, saveAbstellplatzKategorie } from '../../api/vereinseinstellungen';
import { fetchRecord, useVersionConflict } from '../../api/versionConflict';
import { ConflictBanner } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../lib/fieldFormats';
import { matchFieldErrors } from '../../lib/serverErrors';

const FIELDS = ['name', 'jahresgebuehrCent'] as const;
type Field = (typeof FIELDS)[number];

export interface KategorieDialogProps {
  /** The category to edit; absent for a new one. */
  kategorie?: AbstellplatzKategorie | undefined;
  /** Without the Edit right: the values only. */
  readOnly?: boolean;
}

function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

/** Create or edit an Abstellplatz-Kategorie: Name, Jahresgebühr in €, Aktiv. Render inside a DialogContainer. */
export function KategorieDialog({ kategorie, readOnly = false }: KategorieDialogProps) {
  const { dismiss } = useDialogContainer();
  const formId = useId();
  const [name, setName] = useState(kategorie?.name ?? '');
  const [euro, setEuro] = useState(kategorie ? centsToEuro(kategorie.jahresgebuehrCent) : Number.NaN);
  const [aktiv, setAktiv] = useState(kategorie?.aktiv ?? true);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const conflict = useVersionConflict({
    record: kategorie,
    toValues: (r: AbstellplatzKategorie) => ({ name: r.name, euro: centsToEuro(r.jahresgebuehrCent), aktiv: r.aktiv }),
    values: { name, euro, aktiv },
    setValues: (v) => {
      setName(v.name);
      setEuro(v.euro);
      setAktiv(v.aktiv);
    },
    reload: () =>
      fetchRecord<AbstellplatzKategorie>('/api/Vereinseinstellungen/GetAbstellplatzKategorie', {
        id: kategorie?.id ?? 0,
      }),
  });

  const clientErrors: Partial<Record<Field, string>> = {};
  if (submitted && name.trim() === '') clientErrors.name = 'Bitte geben Sie einen Namen ein, z. B. „PKW-Stellplatz“.';
  if (submitted && !Number.isFinite(euro)) clientErrors.jahresgebuehrCent = 'Bitte geben Sie die Jahresgebühr ein.';
  const errorOf = (field: Field) => serverErrors[field] ?? clientErrors[field];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || saving) return;
    setSubmitted(true);
    if (name.trim() === '' || !Number.isFinite(euro)) return;
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      await saveWithToast(
        saveAbstellplatzKategorie({
          ...(kategorie ? { id: kategorie.id, version: conflict.version } : {}),
          name: name.trim(),
          jahresgebuehrCent: euroToCents(euro),
          aktiv,
        }),
      );
      dismiss();
    } catch (error) {
      if (!isAbortedError(error) && !conflict.noteError(error)) {
        const matched = matchFieldErrors(error, FIELDS);
        setServerErrors(matched.fields);
        setOtherErrors(matched.other);
      }
    } finally {
      setSaving(false);
    }
  }

  const title = readOnly ? 'Kategorie' : kategorie ? 'Kategorie bearbeiten' : 'Kategorie anlegen';
  return (
    <Dialog size="M">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <ConflictBanner conflict={conflict} />
        {otherErrors.length > 0 ? (
          <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
        ) : null}
        <Form id={formId} onSubmit={submit} aria-label={title} validationBehavior="aria" isReadOnly={readOnly}>
          <TextField
            label="Name"
            name="name"
            value={name}
            onChange={(value) => {
              setName(value);
              setServerErrors(({ name: _, ...rest }) => rest);
            }}
            isRequired={!readOnly}
            necessityIndicator={readOnly ? 'icon' : 'label'}
            maxLength={100}
            autoFocus
            {...invalid(errorOf('name'))}
          />
          <NumberField
            label="Jahresgebühr"
            name="jahresgebuehr"
            value={euro}
            onChange={(value) => {
              setEuro(value);
              setServerErrors(({ jahresgebuehrCent: _, ...rest }) => rest);
            }}
            formatOptions={EURO_FORMAT}
            minValue={0}
            hideStepper
            isRequired={!readOnly}
            necessityIndicator={readOnly ? 'icon' : 'label'}
            width="size-2400"
            description="Wird jährlich für jeden Abstellplatz dieser Kategorie vorgeschrieben."
            {...invalid(errorOf('jahresgebuehrCent'))}
          />
          <Switch name="aktiv" isSelected={aktiv} onChange={setAktiv} isReadOnly={readOnly}>
            Aktiv
          </Switch>
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss} isDisabled={saving}>
          {readOnly ? 'Schließen' : 'Abbrechen'}
        </Button>
        {readOnly ? null : (
          <Button variant="accent" type="submit" form={formId} isPending={saving}>
            Speichern
          </Button>
        )}
      </ButtonGroup>
    </Dialog>
  );
}
