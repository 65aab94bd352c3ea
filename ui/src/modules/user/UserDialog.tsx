import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  ProgressCircle,
  Switch,
  Text,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { updateUserBody } from '../../../../src/modules/user/schema';
import { saveWithToast } from '../../api/toast';
import {
  type PasswortLink,
  type Rolle,
  sendPasswordLink,
  type UserInput,
  type UserRow,
  updateUser,
  useRollen,
} from '../../api/user';
import { fetchRecord } from '../../api/versionConflict';
import { FormDialog } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';
import { roleDisplayName } from '../../lib/roleNames';
import { useZodForm } from '../../lib/useZodForm';
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
  /** The CheckboxGroup's keys; numbers for the server. */
  roleIds: string[];
  active: boolean;
}

const toDraft = (user: UserRow | undefined): Draft => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  roleIds: user?.roles.map((r) => String(r.id)) ?? [],
  active: user?.active ?? true,
});

function RoleChoices({
  id,
  rollen,
  value,
  onChange,
  error,
}: {
  id: string;
  rollen: readonly Rolle[];
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  return (
    <CheckboxGroup
      id={id}
      label="Rollen"
      value={value}
      onChange={onChange}
      validationState={error ? 'invalid' : undefined}
      errorMessage={error}
    >
      {rollen.map((rolle) => (
        <Checkbox key={rolle.id} value={String(rolle.id)}>
          {roleDisplayName(rolle.name)}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

/**
 * "Neuer Benutzer" / "Benutzer bearbeiten": name, e-mail, roles and the active switch, checked with
 * the server's own UpdateUser schema. Without a mail server the new user's invitation link (or a
 * requested password link) is shown to hand over.
 */
export function UserDialog({ user }: UserDialogProps) {
  const dialog = useDialogContainer();
  const { data: rollen, error: rollenError } = useRollen();
  // The password link to hand over when no mail server took the mail; the dialog then shows only it.
  const [handover, setHandover] = useState<PasswortLink | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const form = useZodForm(updateUserBody, {
    initial: toDraft(user),
    labels: { name: 'Name', email: 'E-Mail', roleIds: 'Rollen', active: 'Aktiv' },
    toBody: (draft): UserInput => ({
      ...(user ? { id: user.id, version: form.version } : {}),
      name: draft.name,
      email: draft.email,
      roleIds: draft.roleIds.map(Number),
      active: draft.active,
    }),
    conflict: {
      record: user,
      toValues: toDraft,
      reload: () => fetchRecord<UserRow>('/api/User/GetUser', { userID: user?.id ?? 0 }),
    },
  });

  function save() {
    void form.submit((body) => updateUser(body), {
      success: (result) =>
        result.einladung ? CREATED_WITHOUT_MAIL : user ? 'Der Benutzer wurde gespeichert.' : CREATED_WITH_MAIL,
      onSaved: (result) => {
        if (result.einladung) setHandover(result.einladung);
        else dialog.dismiss();
      },
    });
  }

  async function sendLink(target: UserRow) {
    setSendingLink(true);
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
      setSendingLink(false);
    }
  }

  if (handover) {
    return (
      <Dialog size="M">
        <Heading>{handover.zweck === 'einladung' ? 'Einladungslink weitergeben' : 'Passwort-Link weitergeben'}</Heading>
        <Divider />
        <Content>
          <PasswortLinkBox name={form.values.name.trim() || 'der Person'} passwortLink={handover} />
        </Content>
        <ButtonGroup>
          <Button variant="accent" onPress={dialog.dismiss}>
            Schließen
          </Button>
        </ButtonGroup>
      </Dialog>
    );
  }

  const roles = form.field('roleIds');
  return (
    <FormDialog
      title={user ? `Benutzer „${user.name}“ bearbeiten` : 'Neuer Benutzer'}
      form={form}
      onSubmit={save}
      onCancel={dialog.dismiss}
      after={
        user?.active ? (
          <Flex direction="column" gap="size-50" alignItems="start" marginTop="size-200">
            <Button variant="secondary" onPress={() => void sendLink(user)} isPending={sendingLink}>
              Link für neues Passwort senden
            </Button>
            <Text>
              Die Person legt damit selbst ein neues Passwort fest; das bisherige gilt, bis der Link verwendet wird.
            </Text>
          </Flex>
        ) : undefined
      }
    >
      <TextField label="Name" name="name" isRequired autoFocus {...form.field('name')} />
      <TextField label="E-Mail" name="email" type="email" isRequired {...form.field('email')} />
      {rollen ? (
        <RoleChoices
          id={roles.id}
          rollen={rollen}
          value={roles.value}
          onChange={roles.onChange}
          error={roles.errorMessage}
        />
      ) : rollenError ? (
        <MessageBanner level="danger" message="Die Rollen konnten nicht geladen werden." />
      ) : (
        <ProgressCircle aria-label="Rollen werden geladen …" isIndeterminate size="S" />
      )}
      <Flex direction="column" gap="size-100">
        <Switch name="active" isSelected={form.values.active} onChange={(active) => form.set('active', active)}>
          Aktiv
        </Switch>
        {user ? null : <Text>{NEW_USER_NOTE}</Text>}
      </Flex>
    </FormDialog>
  );
}
