import { AlertDialog, Badge, DialogContainer, Flex, Text, View } from '@adobe/react-spectrum';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { GLOBAL_ADMIN_ROLE_ID } from '../../../../src/platform/auth/rights';
import { saveWithToast } from '../../api/toast';
import { deleteRolle, type Rolle, useRollen } from '../../api/user';
import { type ListColumn, ListScreen, RowAction } from '../../components/listKit';
import { roleDisplayName } from '../../lib/roleNames';
import { RolleDialog } from './RolleDialog';
import { summarizeRights } from './rightAreas';

type Pending = { kind: 'edit'; rolle?: Rolle } | { kind: 'delete'; rolle: Rolle } | null;

/** "Stammdaten: ansehen; Kassa: ansehen, bearbeiten" for search and export. */
const rightsText = (rolle: Rolle) =>
  summarizeRights(rolle.rights)
    .map((area) => `${area.title}: ${area.rights.join(', ')}`)
    .join('; ');

/** The rights by area, as a definition list (area, then what it may). */
function RightsList({ rolle }: { rolle: Rolle }) {
  const areas = summarizeRights(rolle.rights);
  if (areas.length === 0) return <Text>Keine Rechte.</Text>;
  return (
    <dl className="kgv-rights" aria-label={`Rechte der Rolle ${roleDisplayName(rolle.name)}`}>
      {areas.map((area) => (
        <div key={area.title} style={{ display: 'contents' }}>
          <dt>{area.title}</dt>
          <dd>{area.rights.join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: readonly ListColumn<Rolle>[] = [
  {
    key: 'name',
    name: 'Rolle',
    rowHeader: true,
    minWidth: 180,
    sortValue: (r) => roleDisplayName(r.name),
    text: (r) => (r.isSystem ? `${roleDisplayName(r.name)} (mitgeliefert)` : r.name),
    render: (r) => (
      <Flex direction="column" gap="size-50" alignItems="start">
        <Text>{roleDisplayName(r.name)}</Text>
        {r.isSystem ? <Badge variant="neutral">mitgeliefert</Badge> : null}
      </Flex>
    ),
    export: { typ: 'text', value: (r) => roleDisplayName(r.name) },
  },
  {
    key: 'description',
    name: 'Beschreibung',
    minWidth: 200,
    sortValue: (r) => r.description,
    text: (r) => r.description || '–',
    export: { typ: 'text', value: (r) => r.description || null },
  },
  {
    key: 'rights',
    name: 'Rechte',
    minWidth: 320,
    text: (r) => rightsText(r) || 'Keine Rechte.',
    render: (r) => <RightsList rolle={r} />,
  },
];

export interface RollenTabProps {
  canEdit: boolean;
}

/** The roles with their rights by area; with User.Rollen.Edit also create, edit and delete. */
export function RollenTab({ canEdit }: RollenTabProps) {
  const query = useRollen();
  const [pending, setPending] = useState<Pending>(null);
  // GlobalAdmin always holds every right; the server refuses to change it.
  const editable = (rolle: Rolle) => canEdit && rolle.id !== GLOBAL_ADMIN_ROLE_ID;

  async function remove(rolle: Rolle) {
    try {
      // 409 (system role, still assigned): the toast shows the server's sentence.
      await saveWithToast(deleteRolle(rolle.id), { success: `Die Rolle „${rolle.name}“ wurde gelöscht.` });
    } catch {
      // Shown as an error toast.
    }
  }

  return (
    <View marginTop="size-200">
      <ListScreen
        title="Rollen"
        hideHeading
        noun={['Rolle', 'Rollen']}
        query={query}
        canEdit={canEdit}
        onNew={() => setPending({ kind: 'edit' })}
        newLabel="Neue Rolle"
        empty={{
          title: 'Noch keine Rollen',
          text: 'Legen Sie mit „Neue Rolle“ eine an und geben Sie ihr die Rechte, die sie braucht.',
          textReadOnly: 'Es sind noch keine Rollen angelegt.',
        }}
        columns={COLUMNS}
        defaultSort={{ column: 'name', direction: 'ascending' }}
        searchText={(r) => `${r.name}\n${r.description}\n${rightsText(r)}`}
        searchDescription="Name, Beschreibung oder Recht"
        wrap
        {...(canEdit
          ? { onOpen: (rolle: Rolle) => (editable(rolle) ? setPending({ kind: 'edit', rolle }) : undefined) }
          : {})}
        actionsWidth={110}
        actions={(rolle) =>
          editable(rolle) ? (
            <>
              <RowAction
                label={`Rolle „${roleDisplayName(rolle.name)}“ bearbeiten`}
                icon={<Edit />}
                onPress={() => setPending({ kind: 'edit', rolle })}
              />
              {rolle.isSystem ? null : (
                <RowAction
                  label={`Rolle „${roleDisplayName(rolle.name)}“ löschen`}
                  icon={<Delete />}
                  onPress={() => setPending({ kind: 'delete', rolle })}
                />
              )}
            </>
          ) : null
        }
      >
        <DialogContainer onDismiss={() => setPending(null)}>
          {pending?.kind === 'edit' ? (
            <RolleDialog {...(pending.rolle ? { rolle: pending.rolle } : {})} />
          ) : pending?.kind === 'delete' ? (
            <AlertDialog
              title={`Rolle „${pending.rolle.name}“ löschen?`}
              variant="destructive"
              primaryActionLabel="Löschen"
              cancelLabel="Abbrechen"
              onPrimaryAction={() => void remove(pending.rolle)}
            >
              Die Rolle wird gelöscht. Das geht nur, solange kein Benutzer sie hat.
            </AlertDialog>
          ) : null}
        </DialogContainer>
      </ListScreen>
    </View>
  );
}
