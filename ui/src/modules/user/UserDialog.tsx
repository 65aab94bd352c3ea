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
  ProgressCircle,
  Switch,
  Text,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { fieldErrors } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { type PasswortLink, type Rolle, sendPasswordLink, type UserRow, updateUser, useRollen } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { CREATED_WITHOUT_MAIL, LINK_WITHOUT_MAIL, PasswortLinkBox } from './PasswortLinkBox';

export const NEW_USER_NOTE =
  'Der Benutzer erhält eine E-Mail, um sein Passwort festzulegen. Ist kein Mailserver eingerichtet, sehen Sie stattdessen den Link zum Weitergeben.';
export const CREATED_WITH_MAIL = 'Der Benutzer wurde angelegt und per E-Mail eingeladen.';

export interface UserDialogProps {
  /** Absent: a new user. */
  user?: UserRow;
}

interface Draft {
  name: string;
  email: string;
  roleIds: string[];
  active: boolean;
}

function validate(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (draft.name.trim() === '') errors.name = 'Bitte geben Sie einen Namen ein.';
  const email = draft.email.trim();
  if (email === '') errors.email = 'Bitte geben Sie eine E-Mail-Adresse ein.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
  return errors;
}

function RoleChoices({
  rollen,
  value,
  onChange,
  error,
}: {
  rollen: readonly Rolle[];
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  return (
    <CheckboxGroup
      label="Rollen"
      value={value}
      onChange={onChange}
      validationState={error ? 'invalid' : undefined}
      errorMessage={error}
    >
      {rollen.map((rolle) => (
        <Checkbox key={rolle.id} value={String(rolle.id)}>
          {rolle.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/** "Neuer Benutzer" / "Benutzer bearbeiten": name, e-mail, roles and the active switch. */
export function UserDialog({ user }: UserDialogProps) {
  const dialog = useDialogContainer();
  const { data: rollen, error: rollenError } = useRollen();
  const [draft, setDraft] = useState<Draft>({
    name: user?.name ?? '',
    email: user?.email ?? '',
    roleIds: user?.roles.map((r) => String(r.id)) ?? [],
    active: user?.active ?? true,
  });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [pending, setPending] = useState(false);
  // The password link to hand over when no mail server took the mail; the dialog then shows only it.
  const [handover, setHandover] = useState<PasswortLink | null>(null);

  const local = submitted ? validate(draft) : {};
  const server = fieldErrors(error);
  const errorOf = (field: keyof Draft) => local[field] ?? server[field];
  const set =
    <K extends keyof Draft>(field: K) =>
    (value: Draft[K]) =>
      setDraft((prev) => ({ ...prev, [field]: value }));
  const formId = user ? `user-form-${user.id}` : 'user-form-new';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validate(draft)).length > 0) return;
    setPending(true);
    setError(undefined);
    try {
      const saved = await saveWithToast(
        updateUser({
          ...(user ? { id: user.id, version: user.version } : {}),
          name: draft.name.trim(),
          email: draft.email.trim(),
          roleIds: draft.roleIds.map(Number),
          active: draft.active,
        }),
        {
          success: (result) =>
            result.einladung ? CREATED_WITHOUT_MAIL : user ? 'Der Benutzer wurde gespeichert.' : CREATED_WITH_MAIL,
        },
      );
      if (saved.einladung) setHandover(saved.einladung);
      else dialog.dismiss();
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  }

  async function sendLink(target: UserRow) {
    setPending(true);
    try {
      const { passwortLink } = await saveWithToast(sendPasswordLink(target.id), {
        success: (result) =>
          result.passwortLink
            ? LINK_WITHOUT_MAIL
            : `Ein Link für ein neues Passwort wurde an ${target.email} gesendet.`,
      });
      if (passwortLink) setHandover(passwortLink);
    } catch {
      // The error toast says why (no right, deactivated).
    } finally {
      setPending(false);
    }
  }

  if (handover) {
    return (
      <Dialog size="M">
        <Heading>{handover.zweck === 'einladung' ? 'Einladungslink weitergeben' : 'Passwort-Link weitergeben'}</Heading>
        <Divider />
        <Content>
          <PasswortLinkBox name={draft.name.trim() || 'der Person'} passwortLink={handover} />
        </Content>
        <ButtonGroup>
          <Button variant="accent" onPress={dialog.dismiss}>
            Schließen
          </Button>
        </ButtonGroup>
      </Dialog>
    );
  }

  return (
    <Dialog size="M">
      <Heading>{user ? `Benutzer „${user.name}“ bearbeiten` : 'Neuer Benutzer'}</Heading>
      <Divider />
      <Content>
        <Form id={formId} onSubmit={submit} aria-label={user ? 'Benutzer bearbeiten' : 'Neuer Benutzer'}>
          <TextField
            label="Name"
            name="name"
            value={draft.name}
            onChange={set('name')}
            isRequired
            necessityIndicator="label"
            validationState={errorOf('name') ? 'invalid' : undefined}
            errorMessage={errorOf('name')}
            autoFocus
          />
          <TextField
            label="E-Mail"
            name="email"
            type="email"
            value={draft.email}
            onChange={set('email')}
            isRequired
            necessityIndicator="label"
            validationState={errorOf('email') ? 'invalid' : undefined}
            errorMessage={errorOf('email')}
          />
          {rollen ? (
            <RoleChoices rollen={rollen} value={draft.roleIds} onChange={set('roleIds')} error={errorOf('roleIds')} />
          ) : rollenError ? (
            <MessageBanner level="danger" message="Die Rollen konnten nicht geladen werden." />
          ) : (
            <ProgressCircle aria-label="Rollen werden geladen …" isIndeterminate size="S" />
          )}
          <Flex direction="column" gap="size-100">
            <Switch isSelected={draft.active} onChange={set('active')}>
              Aktiv
            </Switch>
            {user ? null : <Text>{NEW_USER_NOTE}</Text>}
          </Flex>
        </Form>
        {user?.active ? (
          <Flex direction="column" gap="size-50" alignItems="start" marginTop="size-200">
            <Button variant="secondary" onPress={() => void sendLink(user)} isDisabled={pending}>
              Link für neues Passwort senden
            </Button>
            <Text>
              Die Person legt damit selbst ein neues Passwort fest; das bisherige gilt, bis der Link verwendet wird.
            </Text>
          </Flex>
        ) : null}
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
