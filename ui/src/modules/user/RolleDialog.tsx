import { Checkbox, CheckboxGroup, Flex, Text, TextArea, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { roleBody } from '../../../../src/modules/user/schema';
import type { Right } from '../../../../src/platform/auth/rights';
import { useRights } from '../../api/common';
import { type Rolle, type RolleInput, updateRolle } from '../../api/user';
import { fetchRecord } from '../../api/versionConflict';
import { FormDialog } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';
import { roleDisplayName } from '../../lib/roleNames';
import { useZodForm } from '../../lib/useZodForm';
import { ALL_AREAS } from './rightAreas';

export interface RolleDialogProps {
  /** Absent: a new role. */
  rolle?: Rolle;
}

const toValues = (rolle: Rolle | undefined) => ({
  name: rolle?.name ?? '',
  description: rolle?.description ?? '',
  rights: (rolle?.rights ?? []) as string[],
});

/** Name, description and rights (one checkbox group per area) of a role, checked with the server's schema. */
export function RolleDialog({ rolle }: RolleDialogProps) {
  const dialog = useDialogContainer();
  // Nobody can hand out a right they do not hold (the server answers 403): those stay disabled.
  const { rights: held } = useRights();
  const form = useZodForm(roleBody, {
    initial: toValues(rolle),
    labels: { name: 'Name', description: 'Beschreibung', rights: 'Rechte' },
    toBody: (v): RolleInput => ({
      ...(rolle ? { id: rolle.id, version: form.version } : {}),
      name: v.name,
      description: v.description,
      rights: v.rights as Right[],
    }),
    conflict: {
      record: rolle,
      toValues: (r: Rolle) => toValues(r),
      // GET User/Rollen is the only read of roles: the fresh one is picked from the list.
      reload: async () => {
        const all = await fetchRecord<Rolle[]>('/api/User/Rollen', {});
        const fresh = all.find((r) => r.id === rolle?.id);
        if (!fresh) throw new Error('Die Rolle gibt es nicht mehr.');
        return fresh;
      },
    },
  });
  const rights = form.values.rights;

  function setAreaRights(areaRights: readonly string[], selected: string[]) {
    form.set('rights', [...rights.filter((r) => !areaRights.includes(r)), ...selected]);
  }

  const system = rolle?.isSystem ?? false;
  return (
    <FormDialog
      size="L"
      title={rolle ? `Rolle „${roleDisplayName(rolle.name)}“ bearbeiten` : 'Neue Rolle'}
      form={form}
      onSubmit={() =>
        void form.submit((body) => updateRolle(body), {
          success: rolle ? 'Die Rolle wurde gespeichert.' : 'Die Rolle wurde angelegt.',
          onSaved: dialog.dismiss,
        })
      }
      onCancel={dialog.dismiss}
    >
      <TextField
        label="Name"
        name="name"
        isRequired
        isReadOnly={system}
        {...(system ? { description: 'Der Name einer mitgelieferten Rolle bleibt fest.' } : {})}
        autoFocus={!system}
        {...form.field('name')}
        {...(system ? { value: roleDisplayName(form.values.name) } : {})}
      />
      <TextArea label="Beschreibung" name="description" {...form.field('description')} />
      <Text>Rechte, die Sie selbst nicht haben, können Sie nicht vergeben oder entziehen.</Text>
      <Flex direction="column" gap="size-150" id={form.idOf('rights')}>
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
        {form.errors.rights ? <MessageBanner level="danger" message={form.errors.rights} /> : null}
      </Flex>
    </FormDialog>
  );
}
