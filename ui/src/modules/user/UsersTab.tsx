import {
  ActionMenu,
  AlertDialog,
  Button,
  Cell,
  Column,
  DialogContainer,
  Flex,
  Heading,
  IllustratedMessage,
  Item,
  Row,
  SearchField,
  type SpectrumTableProps,
  StatusLight,
  TableBody,
  TableHeader,
  TableView,
  Text,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { type Key, useMemo, useState } from 'react';
import { collator } from '../../../../src/platform/collation';
import { describeError } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { deleteUser, resetUsersMfa, type UserRow, useUsers } from '../../api/user';
import { useQueryParam } from '../../app/useQueryParam';
import { MessageBanner } from '../../components/MessageBanner';
import { formatDateTime, userStatus } from './format';
import { UserDialog } from './UserDialog';

type SortDescriptor = NonNullable<SpectrumTableProps<unknown>['sortDescriptor']>;

type ColumnKey = 'name' | 'email' | 'roles' | 'mfa' | 'status' | 'lastLoginAt' | 'actions';

interface ColumnDef {
  key: ColumnKey;
  title: string;
  sortable: boolean;
}

const COLUMNS: readonly ColumnDef[] = [
  { key: 'name', title: 'Name', sortable: true },
  { key: 'email', title: 'E-Mail', sortable: true },
  { key: 'roles', title: 'Rollen', sortable: true },
  { key: 'mfa', title: '2FA', sortable: true },
  { key: 'status', title: 'Status', sortable: true },
  { key: 'lastLoginAt', title: 'Letzte Anmeldung', sortable: true },
];
const ACTIONS_COLUMN: ColumnDef = { key: 'actions', title: 'Aktionen', sortable: false };

type Pending = { kind: 'edit'; user?: UserRow } | { kind: 'delete' | 'reset2fa'; user: UserRow } | null;

function rolesText(user: UserRow): string {
  return user.roles.map((r) => r.name).join(', ');
}

function sortValue(user: UserRow, column: ColumnKey): string {
  switch (column) {
    case 'email':
      return user.email;
    case 'roles':
      return rolesText(user);
    case 'mfa':
      return user.mfa ? '1' : '0';
    case 'status':
      return userStatus(user).kind;
    case 'lastLoginAt':
      return user.lastLoginAt ?? '';
    default:
      return user.name;
  }
}

/** Case- and accent-insensitive search in name and e-mail. */
export function matchesSearch(user: UserRow, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('de-AT');
  if (!needle) return true;
  return `${user.name}\n${user.email}`.toLocaleLowerCase('de-AT').includes(needle);
}

export interface UsersTabProps {
  canEdit: boolean;
}

/** The club's users: search, table, and (with User.Edit) create, edit, reset 2FA and delete. */
export function UsersTab({ canEdit }: UsersTabProps) {
  const { data: users, error, isLoading, mutate } = useUsers();
  const [search, setSearch] = useQueryParam('q');
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' });
  const [pending, setPending] = useState<Pending>(null);

  const rows = useMemo(() => {
    const filtered = (users ?? []).filter((user) => matchesSearch(user, search));
    const column = (sort.column ?? 'name') as ColumnKey;
    const factor = sort.direction === 'descending' ? -1 : 1;
    return filtered.sort((a, b) => factor * collator.compare(sortValue(a, column), sortValue(b, column)));
  }, [users, search, sort]);

  const columns = canEdit ? [...COLUMNS, ACTIONS_COLUMN] : COLUMNS;

  function onRowAction(user: UserRow, action: Key) {
    if (action === 'edit') setPending({ kind: 'edit', user });
    else if (action === 'reset2fa') setPending({ kind: 'reset2fa', user });
    else if (action === 'delete') setPending({ kind: 'delete', user });
  }

  function openRow(key: Key) {
    const user = users?.find((u) => u.id === Number(key));
    if (user) setPending({ kind: 'edit', user });
  }

  function renderCell(user: UserRow, column: ColumnKey) {
    switch (column) {
      case 'name':
        return user.name;
      case 'email':
        return user.email;
      case 'roles':
        return rolesText(user) || '–';
      case 'mfa':
        return user.mfa ? (
          <StatusLight variant="positive">aktiv</StatusLight>
        ) : (
          <StatusLight variant="neutral">aus</StatusLight>
        );
      case 'status': {
        const status = userStatus(user);
        const variant = status.kind === 'active' ? 'positive' : status.kind === 'locked' ? 'negative' : 'neutral';
        return <StatusLight variant={variant}>{status.text}</StatusLight>;
      }
      case 'lastLoginAt':
        return formatDateTime(user.lastLoginAt);
      case 'actions':
        return (
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
        );
    }
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

  if (error && !users) {
    return (
      <Flex direction="column" gap="size-200" marginTop="size-200">
        <MessageBanner
          level="danger"
          title="Die Benutzer konnten nicht geladen werden."
          message={describeError(error)}
        />
        <Button variant="secondary" alignSelf="start" onPress={() => void mutate()}>
          Erneut versuchen
        </Button>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="size-200" marginTop="size-200">
      <div className="kgv-toolbar">
        <SearchField
          label="Suchen"
          description="Name oder E-Mail"
          value={search}
          onChange={setSearch}
          width="size-3600"
        />
        {canEdit ? (
          <Button variant="accent" onPress={() => setPending({ kind: 'edit' })}>
            <Add />
            <Text>Neuer Benutzer</Text>
          </Button>
        ) : null}
      </div>
      <TableView
        aria-label="Benutzer"
        sortDescriptor={sort}
        onSortChange={setSort}
        // UI.md: a row opens its record.
        {...(canEdit ? { onAction: (key: Key) => openRow(key) } : {})}
        overflowMode="wrap"
        maxHeight="70vh"
        renderEmptyState={() => (
          <IllustratedMessage>
            <Heading>{search ? 'Keine Benutzer gefunden' : 'Noch keine Benutzer'}</Heading>
          </IllustratedMessage>
        )}
      >
        <TableHeader columns={columns}>
          {(column) => (
            <Column
              key={column.key}
              allowsSorting={column.sortable}
              {...(column.key === 'actions' ? { hideHeader: true, width: 64 } : {})}
            >
              {column.title}
            </Column>
          )}
        </TableHeader>
        <TableBody items={rows} loadingState={isLoading ? 'loading' : 'idle'}>
          {(user) => <Row key={user.id}>{(column) => <Cell>{renderCell(user, column as ColumnKey)}</Cell>}</Row>}
        </TableBody>
      </TableView>
      {users ? (
        <Text UNSAFE_className="kgv-muted">
          {rows.length === users.length ? `${users.length} Benutzer` : `${rows.length} von ${users.length} Benutzern`}
        </Text>
      ) : null}
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
            Die Authenticator-App und die Wiederherstellungscodes von {pending.user.name} werden ungültig. Der Benutzer
            meldet sich dann nur mit dem Passwort an und richtet die Zwei-Faktor-Anmeldung im Profil neu ein.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
