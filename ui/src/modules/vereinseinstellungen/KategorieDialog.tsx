import { Switch, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { abstellplatzKategorieBody } from '../../../../src/modules/vereinseinstellungen/schema';
import {
  type AbstellplatzKategorie,
  type AbstellplatzKategorieInput,
  saveAbstellplatzKategorie,
} from '../../api/vereinseinstellungen';
import { fetchRecord } from '../../api/versionConflict';
import { FormDialog, NumberInput } from '../../components/formKit';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../lib/fieldFormats';
import { schemaErrors } from '../../lib/schemaErrors';
import { useZodForm } from '../../lib/useZodForm';
import { moneyRangeMessage } from './moneyRangeMessage';

export interface KategorieDialogProps {
  /** The category to edit; absent for a new one. */
  kategorie?: AbstellplatzKategorie | undefined;
  /** Without the Edit right: the values only. */
  readOnly?: boolean;
}

interface Values {
  name: string;
  /** Euros in the form; cents for the server (the key matches the server's errors). */
  jahresgebuehrCent: number;
  aktiv: boolean;
}

const toValues = (k: AbstellplatzKategorie | undefined): Values => ({
  name: k?.name ?? '',
  jahresgebuehrCent: k ? centsToEuro(k.jahresgebuehrCent) : Number.NaN,
  aktiv: k?.aktiv ?? true,
});

/** Create or edit an Abstellplatz-Kategorie: Name, Jahresgebühr in €, Aktiv. Render inside a DialogContainer. */
export function KategorieDialog({ kategorie, readOnly = false }: KategorieDialogProps) {
  const { dismiss } = useDialogContainer();
  const toBody = (v: Values): AbstellplatzKategorieInput => ({
    ...(kategorie ? { id: kategorie.id, version: form.version } : {}),
    name: v.name,
    jahresgebuehrCent: euroToCents(v.jahresgebuehrCent),
    aktiv: v.aktiv,
  });
  const form = useZodForm(abstellplatzKategorieBody, {
    initial: toValues(kategorie),
    labels: { name: 'Name', jahresgebuehrCent: 'Jahresgebühr', aktiv: 'Aktiv' },
    toBody,
    // An empty amount, and the schema's range said in euros (it counts cents).
    inputErrors: (v) => {
      if (!Number.isFinite(v.jahresgebuehrCent)) return { jahresgebuehrCent: 'Bitte geben Sie die Jahresgebühr ein.' };
      const wrong = schemaErrors(abstellplatzKategorieBody, toBody(v), ['jahresgebuehrCent']).fields.jahresgebuehrCent;
      return wrong
        ? { jahresgebuehrCent: moneyRangeMessage(abstellplatzKategorieBody, 'jahresgebuehrCent') ?? wrong }
        : {};
    },
    conflict: {
      record: kategorie,
      toValues: (k: AbstellplatzKategorie) => toValues(k),
      reload: () =>
        fetchRecord<AbstellplatzKategorie>('/api/Vereinseinstellungen/GetAbstellplatzKategorie', {
          id: kategorie?.id ?? 0,
        }),
    },
    readOnly,
  });

  const title = readOnly ? 'Kategorie' : kategorie ? 'Kategorie bearbeiten' : 'Kategorie anlegen';
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() => void form.submit((body) => saveAbstellplatzKategorie(body), { onSaved: dismiss })}
      onCancel={dismiss}
    >
      <TextField label="Name" name="name" isRequired={!readOnly} autoFocus {...form.field('name')} />
      <NumberInput
        label="Jahresgebühr"
        name="jahresgebuehr"
        formatOptions={EURO_FORMAT}
        hideStepper
        isRequired={!readOnly}
        width="size-2400"
        description="Wird jährlich für jeden Abstellplatz dieser Kategorie vorgeschrieben."
        {...form.field('jahresgebuehrCent')}
      />
      <Switch name="aktiv" isSelected={form.values.aktiv} onChange={(v) => form.set('aktiv', v)} isReadOnly={readOnly}>
        Aktiv
      </Switch>
    </FormDialog>
  );
}
