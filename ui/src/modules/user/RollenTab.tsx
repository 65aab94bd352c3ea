import {
  ActionButton,
  AlertDialog,
  Badge,
  Button,
  DialogContainer,
  Flex,
  Heading,
  ProgressCircle,
  Text,
} from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { GLOBAL_ADMIN_ROLE_ID } from '../../../../src/platform/auth/rights';
import { describeError } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { deleteRolle, type Rolle, useRollen } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { RolleDialog } from './RolleDialog';
import { summarizeRights } from './rightAreas';

type Pending = { kind: 'edit'; rolle?: Rolle } | { kind: 'delete'; rolle: Rolle } | null;

function RolleCard({
  rolle,
  canEdit,
  onEdit,
  onDelete,
}: {
  rolle: Rolle;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const areas = summarizeRights(rolle.rights);
  const headingId = `rolle-${rolle.id}`;
  // GlobalAdmin always holds every right; the server refuses to change it.
  const editable = canEdit && rolle.id !== GLOBAL_ADMIN_ROLE_ID;
  return (
    <section className="kgv-section" aria-labelledby={headingId}>
      <Flex alignItems="center" justifyContent="space-between" gap="size-200" wrap>
        <Flex alignItems="center" gap="size-100">
          <Heading level={3} id={headingId} margin={0}>
            {rolle.name}
          </Heading>
          {rolle.isSystem ? <Badge variant="neutral">mitgeliefert</Badge> : null}
        </Flex>
        {editable ? (
          <Flex gap="size-100">
            <ActionButton onPress={onEdit} aria-label={`Rolle „${rolle.name}“ bearbeiten`}>
              <Edit />
              <Text>Bearbeiten</Text>
            </ActionButton>
            {rolle.isSystem ? null : (
              <ActionButton onPress={onDelete} aria-label={`Rolle „${rolle.name}“ löschen`}>
                <Delete />
                <Text>Löschen</Text>
              </ActionButton>
            )}
          </Flex>
        ) : null}
      </Flex>
      {rolle.description ? <Text UNSAFE_className="kgv-muted">{rolle.description}</Text> : null}
      {areas.length ? (
        <dl className="kgv-rights" aria-label={`Rechte der Rolle ${rolle.name}`}>
          {areas.map((area) => (
            <div key={area.title} style={{ display: 'contents' }}>
              <dt>{area.title}</dt>
              <dd>{area.rights.join(', ')}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Text>Keine Rechte.</Text>
      )}
    </section>
  );
}

export interface RollenTabProps {
  canEdit: boolean;
}

/** The roles with their rights by area; with User.Rollen.Edit also create, edit and delete. */
export function RollenTab({ canEdit }: RollenTabProps) {
  const { data: rollen, error, mutate } = useRollen();
  const [pending, setPending] = useState<Pending>(null);

  async function remove(rolle: Rolle) {
    try {
      // 409 (system role, still assigned): the toast shows the server's sentence.
      await saveWithToast(deleteRolle(rolle.id), { success: `Die Rolle „${rolle.name}“ wurde gelöscht.` });
    } catch {
      // Shown as an error toast.
    }
  }

  if (!rollen) {
    return error ? (
      <Flex direction="column" gap="size-200" marginTop="size-200">
        <MessageBanner level="danger" title="Die Rollen konnten nicht geladen werden." message={describeError(error)} />
        <Button variant="secondary" alignSelf="start" onPress={() => void mutate()}>
          Erneut versuchen
        </Button>
      </Flex>
    ) : (
      <ProgressCircle aria-label="Rollen werden geladen …" isIndeterminate marginTop="size-300" />
    );
  }

  return (
    <Flex direction="column" gap="size-200" marginTop="size-200">
      {canEdit ? (
        <Button variant="accent" alignSelf="start" onPress={() => setPending({ kind: 'edit' })}>
          <Add />
          <Text>Neue Rolle</Text>
        </Button>
      ) : null}
      {rollen.length === 0 ? <Text>Noch keine Rollen.</Text> : null}
      {rollen.map((rolle) => (
        <RolleCard
          key={rolle.id}
          rolle={rolle}
          canEdit={canEdit}
          onEdit={() => setPending({ kind: 'edit', rolle })}
          onDelete={() => setPending({ kind: 'delete', rolle })}
        />
      ))}
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
    </Flex>
  );
}
