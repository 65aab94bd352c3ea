import { TextArea, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { fetchGruppe, type Gruppe, saveGruppe } from '../../../api/stammdaten/gruppen';
import { gruppeBody } from '../../../api/stammdaten/schemas';
import { useVersionConflict } from '../../../api/versionConflict';
import { FormDialog, invalid, useFormErrors } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';

/** German names of the fields the history records for a Gruppe. */
const GRUPPE_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  name: 'Name',
  beschreibung: 'Beschreibung',
};

const FIELDS = ['name', 'beschreibung'] as const;

export interface GruppeDialogProps {
  gruppe?: Gruppe | undefined;
  readOnly?: boolean;
}

/** Create or edit a Gruppe: Name and Beschreibung. Render inside a DialogContainer. */
export function GruppeDialog({ gruppe, readOnly = false }: GruppeDialogProps) {
  const { dismiss } = useDialogContainer();
  const [name, setName] = useState(gruppe?.name ?? '');
  const [beschreibung, setBeschreibung] = useState(gruppe?.beschreibung ?? '');
  const conflict = useVersionConflict({
    record: gruppe,
    toValues: (g: Gruppe) => ({ name: g.name, beschreibung: g.beschreibung }),
    values: { name, beschreibung },
    setValues: (v) => {
      setName(v.name);
      setBeschreibung(v.beschreibung);
    },
    reload: () => fetchGruppe(gruppe?.id ?? 0),
  });
  const form = useFormErrors(FIELDS, conflict);

  async function submit() {
    const body = {
      ...(gruppe ? { id: gruppe.id, version: conflict.version } : {}),
      name: name.trim(),
      beschreibung: beschreibung.trim(),
    };
    if (!form.validate(gruppeBody, body)) return;
    if (await form.save(() => saveGruppe(body))) dismiss();
  }

  const title = readOnly ? `Gruppe „${gruppe?.name ?? ''}“` : gruppe ? 'Gruppe bearbeiten' : 'Neue Gruppe';
  return (
    <FormDialog
      title={title}
      readOnly={readOnly}
      saving={form.saving}
      otherErrors={form.otherErrors}
      conflict={conflict}
      onSubmit={() => void submit()}
      onCancel={dismiss}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(value) => {
          setName(value);
          form.clear('name');
        }}
        isRequired={!readOnly}
        maxLength={100}
        autoFocus
        {...invalid(form.serverErrors.name)}
      />
      <TextArea
        label="Beschreibung"
        value={beschreibung}
        onChange={(value) => {
          setBeschreibung(value);
          form.clear('beschreibung');
        }}
        maxLength={500}
        {...invalid(form.serverErrors.beschreibung)}
      />
      <VerlaufDisclosure entityType="Gruppe" entityId={gruppe?.id} fieldLabels={GRUPPE_LABELS} />
    </FormDialog>
  );
}
