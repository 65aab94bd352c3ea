import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Disclosure,
  DisclosurePanel,
  DisclosureTitle,
  Divider,
  Form,
  Heading,
  TextArea,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, useId, useState } from 'react';
import { isAbortedError } from '../../../api/errors';
import { type Gruppe, saveGruppe } from '../../../api/stammdaten/gruppen';
import { saveWithToast } from '../../../api/toast';
import { MessageBanner } from '../../../components/MessageBanner';
import { FIELD_LABELS, VerlaufPanel } from '../../../components/VerlaufPanel';
import { matchFieldErrors } from '../../vereinseinstellungen/serverErrors';

/** German names of the fields the history records for a Gruppe. */
const GRUPPE_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  name: 'Name',
  beschreibung: 'Beschreibung',
};

const FIELDS = ['name', 'beschreibung'] as const;
type Field = (typeof FIELDS)[number];

function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

export interface GruppeDialogProps {
  gruppe?: Gruppe | undefined;
  readOnly?: boolean;
}

/** Create or edit a Gruppe: Name and Beschreibung. Render inside a DialogContainer. */
export function GruppeDialog({ gruppe, readOnly = false }: GruppeDialogProps) {
  const { dismiss } = useDialogContainer();
  const formId = useId();
  const [name, setName] = useState(gruppe?.name ?? '');
  const [beschreibung, setBeschreibung] = useState(gruppe?.beschreibung ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const clientName = submitted && name.trim() === '' ? 'Bitte geben Sie den Namen der Gruppe ein.' : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly || saving) return;
    setSubmitted(true);
    if (name.trim() === '') return;
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      await saveWithToast(
        saveGruppe({ ...(gruppe ? { id: gruppe.id } : {}), name: name.trim(), beschreibung: beschreibung.trim() }),
      );
      dismiss();
    } catch (error) {
      if (!isAbortedError(error)) {
        const matched = matchFieldErrors(error, FIELDS);
        setServerErrors(matched.fields);
        setOtherErrors(matched.other);
      }
    } finally {
      setSaving(false);
    }
  }

  const title = readOnly ? `Gruppe „${gruppe?.name ?? ''}“` : gruppe ? 'Gruppe bearbeiten' : 'Neue Gruppe';
  return (
    <Dialog size="M">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        {otherErrors.length > 0 ? (
          <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
        ) : null}
        <Form id={formId} onSubmit={submit} aria-label={title} validationBehavior="aria" isReadOnly={readOnly}>
          <TextField
            label="Name"
            value={name}
            onChange={(value) => {
              setName(value);
              setServerErrors(({ name: _, ...rest }) => rest);
            }}
            isRequired={!readOnly}
            maxLength={100}
            autoFocus
            {...invalid(serverErrors.name ?? clientName)}
          />
          <TextArea
            label="Beschreibung"
            value={beschreibung}
            onChange={(value) => {
              setBeschreibung(value);
              setServerErrors(({ beschreibung: _, ...rest }) => rest);
            }}
            maxLength={500}
            {...invalid(serverErrors.beschreibung)}
          />
        </Form>
        <VerlaufSection id={gruppe?.id} />
      </Content>
      <ButtonGroup>
        {readOnly ? (
          <Button variant="secondary" onPress={dismiss}>
            Schließen
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={dismiss} isDisabled={saving}>
              Abbrechen
            </Button>
            <Button variant="accent" type="submit" form={formId} isPending={saving}>
              Speichern
            </Button>
          </>
        )}
      </ButtonGroup>
    </Dialog>
  );
}

/** The Gruppe's change history, loaded once opened; nothing for a new record. */
function VerlaufSection({ id }: { id: number | undefined }) {
  const [open, setOpen] = useState(false);
  if (id === undefined) return null;
  return (
    <Disclosure isQuiet isExpanded={open} onExpandedChange={setOpen}>
      <DisclosureTitle level={3}>Verlauf</DisclosureTitle>
      <DisclosurePanel>
        {open ? <VerlaufPanel entityType="Gruppe" entityId={id} fieldLabels={GRUPPE_LABELS} /> : null}
      </DisclosurePanel>
    </Disclosure>
  );
}
