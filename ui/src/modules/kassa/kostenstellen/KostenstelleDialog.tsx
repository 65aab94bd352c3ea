import { TextField, useDialogContainer } from '@adobe/react-spectrum';
import { kostenstelleBody } from '../../../../../src/modules/kassa/schema/kostenstellen';
import { FormDialog } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { useZodForm } from '../../../lib/useZodForm';
import { fetchKostenstelle, type Kostenstelle, saveKostenstelle } from './api';

const KOSTENSTELLE_LABELS: Readonly<Record<string, string>> = { ...FIELD_LABELS, nummer: 'Nummer', name: 'Name' };

const toValues = (k: Kostenstelle) => ({ nummer: k.nummer, name: k.name });

export interface KostenstelleDialogProps {
  kostenstelle?: Kostenstelle | undefined;
  kassaabrechnungId: number;
  readOnly?: boolean;
}

/** Create or edit a cost centre of one period: Nummer and Name. */
export function KostenstelleDialog({ kostenstelle, kassaabrechnungId, readOnly = false }: KostenstelleDialogProps) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(kostenstelleBody, {
    initial: kostenstelle ? toValues(kostenstelle) : { nummer: '', name: '' },
    labels: { nummer: 'Nummer', name: 'Name' },
    toBody: (v, { version }) => ({
      ...(kostenstelle ? { id: kostenstelle.id, version } : {}),
      kassaabrechnungId,
      nummer: v.nummer.trim(),
      name: v.name.trim(),
    }),
    conflict: { record: kostenstelle, toValues, reload: () => fetchKostenstelle(kostenstelle?.id ?? 0) },
    readOnly,
  });
  const title = kostenstelle
    ? readOnly
      ? `${kostenstelle.nummer} ${kostenstelle.name}`
      : 'Kostenstelle bearbeiten'
    : 'Neue Kostenstelle';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveKostenstelle(body), {
          success: (k) => `Kostenstelle ${k.nummer} „${k.name}“ gespeichert.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <TextField label="Nummer" isRequired={!readOnly} maxLength={20} autoFocus {...form.field('nummer')} />
      <TextField label="Name" isRequired={!readOnly} maxLength={200} {...form.field('name')} />
      <VerlaufDisclosure entityType="Kostenstelle" entityId={kostenstelle?.id} fieldLabels={KOSTENSTELLE_LABELS} />
    </FormDialog>
  );
}
