import { ActionMenu, AlertDialog, DialogContainer, Item, StatusLight, View } from '@adobe/react-spectrum';
import { type Key, useState } from 'react';
import { saveWithToast } from '../../api/toast';
import { deleteUser, resetUsersMfa, type UserRow, useUsers } from '../../api/user';
import { type ListColumn, ListScreen } from '../../components/listKit';
import { roleDisplayName } from '../../lib/roleNames';
import { formatDateTime, userStatus } from './format';
import { UserDialog } from './UserDialog';

type Pending = { kind: 'edit'; user?: UserRow } | { kind: 'delete' | 'reset2fa'; user: UserRow } | null;

function rolesText(user: UserRow): string {
  return user.roles.map((r) => roleDisplayName(r.name)).join(', ');
}

function statusLight(user: UserRow) {
  const status = userStatus(user);
  const variant = status.kind === 'active' ? 'positive' : status.kind === 'locked' ? 'negative' : 'neutral';
  return <StatusLight variant={variant}>{status.text}</StatusLight>;
}

const COLUMNS: readonly ListColumn<UserRow>[] = [
  { key: 'name', name: 'Name', rowHeader: true, minWidth: 180, sortValue: (u) => u.name, text: (u) => u.name },
  { key: 'email', name: 'E-Mail', minWidth: 200, sortValue: (u) => u.email, text: (u) => u.email },
  {
    key: 'roles',
    name: 'Rollen',
    minWidth: 160,
    sortValue: rolesText,
    text: (u) => rolesText(u) || '–',
    export: { typ: 'text', value: (u) => rolesText(u) || null },
  },
  {
    key: 'mfa',
    name: '2FA',
    minWidth: 90,
    sortValue: (u) => u.mfa,
    text: (u) => (u.mfa ? 'aktiv' : 'aus'),
    render: (u) => <StatusLight variant={u.mfa ? 'positive' : 'neutral'}>{u.mfa ? 'aktiv' : 'aus'}</StatusLight>,
  },
  {
    key: 'status',
    name: 'Status',
    minWidth: 140,
    sortValue: (u) => userStatus(u).kind,
    text: (u) => userStatus(u).text,
    render: statusLight,
  },
  {
    key: 'lastLoginAt',
    name: 'Letzte Anmeldung',
    minWidth: 170,
    sortValue: (u) => u.lastLoginAt,
    text: (u) => formatDateTime(u.lastLoginAt),
  },
];

export interface UsersTabProps {
  canEdit: boolean;
}

/** The club's users: search, table, and (with User.Edit) create, edit, reset 2FA and delete. */
export function UsersTab({ canEdit }: UsersTabProps) {
  const query = useUsers();
  const [pending, setPending] = useState<Pending>(null);

  function onRowAction(user: UserRow, action: Key) {
    if (action === 'edit') setPending({ kind: 'edit', user });
    else if (action === 'reset2fa') setPending({ kind: 'reset2fa', user });
    else if (action === 'delete') setPending({ kind: 'delete', user });
  }

  async function confirmAction(action: 'delete' | 'reset2fa', user: UserRow) {
    try {
      if (action === 'delete') {
        // 409 (oneself, the last administrator): the toast shows the server's sentence.
        await saveWithToast(deleteUser(user.id), { success: `Der Benutzer „${user.name}“ wurde gelöscht.` });
      } else {
        await saveWithToast(resetUsersMfa(user.id), {
          success: `Die Zwei-Faktor-Anmeldung von „${user.name}“ wurde zurückgesetzt.`,
        });
      }
    } catch {
      // Shown as an error toast.
    }
  }

  return (
    <View marginTop="size-200">
      <ListScreen
        title="Benutzer"
        hideHeading
        noun={['Benutzer', 'Benutzer', 'Benutzern']}
        query={query}
        canEdit={canEdit}
        onNew={() => setPending({ kind: 'edit' })}
        newLabel="Neuer Benutzer"
        empty={{
          title: 'Noch keine Benutzer',
          text: 'Legen Sie mit „Neuer Benutzer“ an, wer sich anmelden darf.',
          textReadOnly: 'Es sind noch keine Benutzer angelegt.',
        }}
        columns={COLUMNS}
        defaultSort={{ column: 'name', direction: 'ascending' }}
        searchText={(u) => `${u.name}\n${u.email}`}
        searchDescription="Name oder E-Mail"
        // UI.md: a row opens its record (with the right to change it).
        {...(canEdit ? { onOpen: (user: UserRow) => setPending({ kind: 'edit', user }) } : {})}
        actionsWidth={64}
        actions={(user) => (
          <ActionMenu
            aria-label={`Aktionen für ${user.name}`}
            onAction={(key) => onRowAction(user, key)}
            disabledKeys={user.mfa ? [] : ['reset2fa']}
            isQuiet
          >
            <Item key="edit">Bearbeiten</Item>
            <Item key="reset2fa">2FA zurücksetzen</Item>
            <Item key="delete">Löschen</Item>
          </ActionMenu>
        )}
      >
        <DialogContainer onDismiss={() => setPending(null)}>
          {pending?.kind === 'edit' ? (
            <UserDialog {...(pending.user ? { user: pending.user } : {})} />
          ) : pending?.kind === 'delete' ? (
            <AlertDialog
              title={`Benutzer „${pending.user.name}“ löschen?`}
              variant="destructive"
              primaryActionLabel="Löschen"
              cancelLabel="Abbrechen"
              onPrimaryAction={() => void confirmAction('delete', pending.user)}
            >
              {pending.user.name} ({pending.user.email}) kann sich danach nicht mehr anmelden. Was der Benutzer gebucht
              oder geändert hat, bleibt im Verlauf erhalten.
            </AlertDialog>
          ) : pending?.kind === 'reset2fa' ? (
            <AlertDialog
              title={`Zwei-Faktor-Anmeldung von „${pending.user.name}“ zurücksetzen?`}
              variant="warning"
              primaryActionLabel="Zurücksetzen"
              cancelLabel="Abbrechen"
              onPrimaryAction={() => void confirmAction('reset2fa', pending.user)}
            >
              Die Authenticator-App und die Wiederherstellungscodes von {pending.user.name} werden ungültig. Der
              Benutzer meldet sich dann nur mit dem Passwort an und richtet die Zwei-Faktor-Anmeldung im Profil neu ein.
            </AlertDialog>
          ) : null}
        </DialogContainer>
      </ListScreen>
    </View>
  );
}
