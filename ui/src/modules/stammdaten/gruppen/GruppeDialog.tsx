import { TextArea, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { fetchGruppe, type Gruppe, saveGruppe } from '../../../api/stammdaten/gruppen';
import { gruppeBody } from '../../../api/stammdaten/schemas';
import { FormDialog } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';

/** German names of the fields the history records for a Gruppe. */
const GRUPPE_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  name: 'Name',
  beschreibung: 'Beschreibung',
};

/** "Gruppe „Nord“", but "„Gruppe Nord“" for a group named so: no "Gruppe „Gruppe Nord“". */
export function gruppeLabel(name: string): string {
  return /^gruppe\b/i.test(name.trim()) ? `„${name}“` : `Gruppe „${name}“`;
}

const toValues = (g: Gruppe) => ({ name: g.name, beschreibung: g.beschreibung });

export interface GruppeDialogProps {
  gruppe?: Gruppe | undefined;
  readOnly?: boolean;
}

/** Create or edit a Gruppe: Name and Beschreibung. Render inside a DialogContainer. */
export function GruppeDialog({ gruppe, readOnly = false }: GruppeDialogProps) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(gruppeBody, {
    initial: gruppe ? toValues(gruppe) : { name: '', beschreibung: '' },
    labels: { name: 'Name', beschreibung: 'Beschreibung' },
    toBody: (v, { version }) => ({
      ...(gruppe ? { id: gruppe.id, version } : {}),
      name: v.name.trim(),
      beschreibung: v.beschreibung.trim(),
    }),
    conflict: { record: gruppe, toValues, reload: () => fetchGruppe(gruppe?.id ?? 0) },
    readOnly,
  });

  const title = readOnly ? gruppeLabel(gruppe?.name ?? '') : gruppe ? 'Gruppe bearbeiten' : 'Neue Gruppe';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveGruppe(body), { onSaved: dismiss })}
      onCancel={dismiss}
    >
      <TextField label="Name" isRequired={!readOnly} maxLength={100} autoFocus {...form.field('name')} />
      <TextArea label="Beschreibung" maxLength={500} {...form.field('beschreibung')} />
      <VerlaufDisclosure entityType="Gruppe" entityId={gruppe?.id} fieldLabels={GRUPPE_LABELS} />
    </FormDialog>
  );
}
