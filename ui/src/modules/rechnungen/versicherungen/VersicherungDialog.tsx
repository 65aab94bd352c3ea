import { ComboBox, Item, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { versicherungBody } from '../../../../../src/modules/rechnungspruefung/schema/versicherungen';
import { fetchVersicherung, saveVersicherung, type Versicherung } from '../../../api/versicherungen';
import { FormDialog, invalid, NumberInput } from '../../../components/formKit';
import { FIELD_LABELS, VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { useParzellen } from '../../kassa/zuordnung/api';

const LABELS = {
  parzelleId: 'Parzelle',
  versicherer: 'Versicherer',
  polizze: 'Polizze',
  text: 'Text',
  praemieCent: 'Prämie',
} as const;
const VERLAUF_LABELS: Readonly<Record<string, string>> = { ...FIELD_LABELS, ...LABELS, jahr: 'Jahr' };

const toValues = (v: Versicherung) => ({
  parzelleId: v.parzelleId as number | null,
  versicherer: v.versicherer,
  polizze: v.polizze,
  text: v.text,
  praemieCent: centsToEuro(v.praemieCent),
});

export interface VersicherungDialogProps {
  versicherung?: Versicherung | undefined;
  /** The year a new insurance belongs to (the list's year). */
  jahr: number;
  readOnly?: boolean;
}

/**
 * Create or edit one plot's insurance of a year: plot, insurer, policy, the text on the payment
 * request and the premium. Saving after the year's payment request is booked says so (the booked
 * receivables stay as they are).
 */
export function VersicherungDialog({ versicherung, jahr, readOnly = false }: VersicherungDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: parzellen } = useParzellen();
  const form = useZodForm(versicherungBody, {
    initial: versicherung
      ? toValues(versicherung)
      : { parzelleId: null as number | null, versicherer: '', polizze: '', text: '', praemieCent: Number.NaN },
    labels: LABELS,
    toBody: (v, { version }) => ({
      ...(versicherung ? { id: versicherung.id, version } : {}),
      jahr: versicherung?.jahr ?? jahr,
      parzelleId: v.parzelleId ?? undefined,
      versicherer: v.versicherer.trim(),
      polizze: v.polizze.trim(),
      text: v.text.trim(),
      praemieCent: Number.isNaN(v.praemieCent) ? undefined : euroToCents(v.praemieCent),
    }),
    conflict: { record: versicherung, toValues, reload: () => fetchVersicherung(versicherung?.id ?? 0) },
    readOnly,
  });
  const title = versicherung
    ? readOnly
      ? `Versicherung Parzelle ${versicherung.parzelleNummer}`
      : 'Versicherung bearbeiten'
    : `Neue Versicherung ${jahr}`;
  return (
    <FormDialog
      title={title}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveVersicherung(body), {
          success: (v) =>
            `Versicherung für Parzelle ${v.parzelleNummer} gespeichert.${v.hinweis ? ` ${v.hinweis}` : ''}`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <ComboBox
        label="Parzelle"
        id={form.idOf('parzelleId')}
        isRequired={!readOnly}
        isReadOnly={readOnly}
        defaultItems={parzellen ?? []}
        selectedKey={form.values.parzelleId === null ? null : String(form.values.parzelleId)}
        onSelectionChange={(key) => form.set('parzelleId', key === null ? null : Number(key))}
        menuTrigger="focus"
        autoFocus={!versicherung}
        {...invalid(form.errors.parzelleId)}
      >
        {(p) => <Item key={String(p.id)}>{p.name}</Item>}
      </ComboBox>
      <TextField
        label="Text"
        isRequired={!readOnly}
        maxLength={200}
        description={readOnly ? undefined : 'So steht die Versicherung auf der Zahlungsvorschreibung'}
        {...form.field('text')}
      />
      <NumberInput label="Prämie" isRequired={!readOnly} formatOptions={EURO_FORMAT} {...form.field('praemieCent')} />
      <TextField label="Versicherer" maxLength={200} {...form.field('versicherer')} />
      <TextField label="Polizze" maxLength={100} {...form.field('polizze')} />
      <VerlaufDisclosure entityType="Versicherung" entityId={versicherung?.id} fieldLabels={VERLAUF_LABELS} />
    </FormDialog>
  );
}
