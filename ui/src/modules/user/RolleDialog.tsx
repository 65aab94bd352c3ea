import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Form,
  Heading,
  Text,
  TextArea,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import type { Right } from '../../../../src/platform/auth/rights';
import { useRights } from '../../api/common';
import { fieldErrors } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { type Rolle, updateRolle } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { ALL_AREAS } from './rightAreas';

export interface RolleDialogProps {
  /** Absent: a new role. */
  rolle?: Rolle;
}

/** Name, description and rights (one checkbox group per area) of a role. */
export function RolleDialog({ rolle }: RolleDialogProps) {
  const dialog = useDialogContainer();
  // Nobody can hand out a right they do not hold (the server answers 403): those stay disabled.
  const { rights: held } = useRights();
  const [name, setName] = useState(rolle?.name ?? '');
  const [description, setDescription] = useState(rolle?.description ?? '');
  const [rights, setRights] = useState<string[]>(rolle?.rights ?? []);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [pending, setPending] = useState(false);
  const nameMissing = name.trim() === '';
  const server = fieldErrors(error);
  const nameError = (submitted && nameMissing ? 'Bitte geben Sie einen Namen ein.' : undefined) ?? server.name;
  const formId = rolle ? `rolle-form-${rolle.id}` : 'rolle-form-new';

  function setAreaRights(areaRights: readonly string[], selected: string[]) {
    setRights((prev) => [...prev.filter((r) => !areaRights.includes(r)), ...selected]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (nameMissing) return;
    setPending(true);
    setError(undefined);
    try {
      await saveWithToast(
        updateRolle({
          ...(rolle ? { id: rolle.id, version: rolle.version } : {}),
          name: name.trim(),
          description: description.trim(),
          rights: rights as Right[],
        }),
        { success: rolle ? 'Die Rolle wurde gespeichert.' : 'Die Rolle wurde angelegt.' },
      );
      dialog.dismiss();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog size="L">
      <Heading>{rolle ? `Rolle „${rolle.name}“ bearbeiten` : 'Neue Rolle'}</Heading>
      <Divider />
      <Content>
        <Form id={formId} onSubmit={submit} aria-label={rolle ? 'Rolle bearbeiten' : 'Neue Rolle'}>
          <TextField
            label="Name"
            name="name"
            value={name}
            onChange={setName}
            isRequired
            necessityIndicator="label"
            isReadOnly={rolle?.isSystem ?? false}
            {...(rolle?.isSystem ? { description: 'Der Name einer mitgelieferten Rolle bleibt fest.' } : {})}
            validationState={nameError ? 'invalid' : undefined}
            errorMessage={nameError}
            autoFocus={!rolle?.isSystem}
          />
          <TextArea
            label="Beschreibung"
            name="description"
            value={description}
            onChange={setDescription}
            validationState={server.description ? 'invalid' : undefined}
            errorMessage={server.description}
          />
          <Text>Rechte, die Sie selbst nicht haben, können Sie nicht vergeben oder entziehen.</Text>
          <Flex direction="column" gap="size-150">
            {ALL_AREAS.map((area) => {
              const areaRights = area.rights.map((r) => r.right as string);
              return (
                <CheckboxGroup
                  key={area.title}
                  label={area.title}
                  orientation="horizontal"
                  value={rights.filter((r) => areaRights.includes(r))}
                  onChange={(selected) => setAreaRights(areaRights, selected)}
                >
                  {area.rights.map((info) => (
                    <Checkbox key={info.right} value={info.right} isDisabled={held ? !held.has(info.right) : true}>
                      {info.label}
                    </Checkbox>
                  ))}
                </CheckboxGroup>
              );
            })}
            {server.rights ? <MessageBanner level="danger" message={server.rights} /> : null}
          </Flex>
        </Form>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss} isDisabled={pending}>
          Abbrechen
        </Button>
        <Button variant="accent" type="submit" form={formId} isPending={pending}>
          Speichern
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
