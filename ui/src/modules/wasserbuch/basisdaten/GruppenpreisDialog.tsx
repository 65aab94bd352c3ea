import { Item, type Key, Picker, useDialogContainer } from '@adobe/react-spectrum';
import { FormDialog, invalid, NumberInput } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';
import { saveGruppenpreis, useGruppenLookup, type WasserGruppenpreis } from './api';
import { decimalToNumber, gruppeBody, leereFelder, numberToDecimal } from './grunddatenSchema';

const PREIS_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
};

export interface GruppenpreisDialogProps {
  wasserberechnungID: number;
  jahr: number;
  preis?: WasserGruppenpreis | undefined;
  /** Groups that have a price already (not offered again). */
  vergeben: readonly number[];
}

/** A water group's own price per m³ in one year (UpdateWasserabrechnungGruppe). Render inside a DialogContainer. */
export function GruppenpreisDialog({ wasserberechnungID, jahr, preis, vergeben }: GruppenpreisDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: gruppen } = useGruppenLookup();
  const choices = (gruppen ?? []).filter((g) => g.id === preis?.gruppeId || !vergeben.includes(g.id));
  const form = useZodForm(gruppeBody, {
    initial: { gruppeId: preis?.gruppeId ?? 0, preisProM3: decimalToNumber(preis?.preisProM3) },
    labels: { gruppeId: 'Gruppe', preisProM3: 'Preis pro m³' },
    toBody: (v) => ({
      ...(preis ? { id: preis.id } : {}),
      wasserberechnungID,
      gruppeId: v.gruppeId,
      preisProM3: numberToDecimal(v.preisProM3, 4),
    }),
    inputErrors: (v) =>
      leereFelder({ preisProM3: v.preisProM3 }, { preisProM3: 'Bitte geben Sie den Preis pro m³ an.' }),
  });
  const name = (gruppen ?? []).find((g) => g.id === form.values.gruppeId)?.name ?? '';

  return (
    <FormDialog
      title={preis ? `Gruppenpreis ${preis.gruppeName} ${jahr}` : `Gruppenpreis ${jahr} hinzufügen`}
      form={form}
      onSubmit={() =>
        void form.submit((body) => saveGruppenpreis(body), {
          success: `Gruppenpreis ${name} gespeichert.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <Picker
        label="Gruppe"
        id={form.idOf('gruppeId')}
        isRequired
        items={choices}
        selectedKey={form.values.gruppeId ? String(form.values.gruppeId) : null}
        onSelectionChange={(key: Key | null) => form.set('gruppeId', Number(key ?? 0))}
        isDisabled={Boolean(preis)}
        description="Die Parzellen dieser Gruppe (Stammdaten) zahlen diesen Preis statt des allgemeinen."
        {...invalid(form.errors.gruppeId)}
      >
        {(item) => <Item key={String(item.id)}>{item.name}</Item>}
      </Picker>
      <NumberInput
        label="Preis pro m³"
        isRequired
        formatOptions={PREIS_FORMAT}
        autoFocus={Boolean(preis)}
        {...form.field('preisProM3')}
      />
    </FormDialog>
  );
}
