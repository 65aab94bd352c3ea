import { Item, Picker, TextField, useDialogContainer } from '@adobe/react-spectrum';
import { zahlungErfassenBody } from '../../../../../src/modules/rechnungspruefung/schema/zahlungen';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';
import { useKonten } from '../../../api/kassa';
import { type Rechnung, zahlungErfassen } from '../../../api/rechnungen';
import { DateField, FormDialog, invalid } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';

// A payment at the counter (cash at the club house, or a transfer seen on the statement before it
// was imported): the server books one Kassa entry and allocates it to this receivable at once.

/** Cents as typed in a form: "1.553,44" → "1553,44" without the euro sign. */
export const betragEingabe = (cents: number) => formatEuro(cents, { nbsp: false }).replace(/^(-?)€ /, '$1');

export function ZahlungErfassenDialog({ rechnung }: { rechnung: Rechnung }) {
  const { dismiss } = useDialogContainer();
  const konten = useKonten();
  const aktive = (konten.data ?? []).filter((k) => k.aktiv);
  // Cash at the club house is the usual case: the first cash box, else the first account.
  const standardKonto = aktive.find((k) => k.art === 'kassa') ?? aktive[0];
  const form = useZodForm(zahlungErfassenBody, {
    initial: {
      datum: formatGermanDate(todayIso()),
      betragCent: betragEingabe(Math.max(rechnung.offenCent, 0)),
      kontoId: 0,
      text: '',
    },
    labels: { datum: 'Datum', betragCent: 'Betrag', kontoId: 'Konto', text: 'Text' },
    inputErrors: (v) => ({
      datum: parseGermanDate(v.datum) ? undefined : 'Bitte das Datum als TT.MM.JJJJ eingeben.',
      betragCent: parseGermanAmount(v.betragCent) ? undefined : 'Bitte einen Betrag eingeben, z. B. 500,00.',
    }),
    toBody: (v) => ({
      rechnungId: rechnung.id,
      kontoId: v.kontoId || standardKonto?.id || 0,
      datum: parseGermanDate(v.datum) ?? '',
      betragCent: parseGermanAmount(v.betragCent) ?? 0,
      text: v.text.trim() || null,
    }),
  });
  const kontoId = form.values.kontoId || standardKonto?.id || 0;

  return (
    <FormDialog
      title={`Zahlung zu Rechnung ${rechnung.nummer} erfassen`}
      form={form}
      submitLabel="Zahlung buchen"
      onSubmit={() =>
        void form.submit((body) => zahlungErfassen(body), {
          success: (r) =>
            `Zahlung zu Rechnung ${rechnung.nummer} gebucht. ${r.offenCent === 0 ? 'Die Rechnung ist bezahlt.' : `Noch offen: ${formatEuro(r.offenCent)}.`}`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
    >
      <DateField label="Datum" isRequired {...form.field('datum')} autoFocus />
      <TextField
        label="Betrag"
        isRequired
        inputMode="decimal"
        description={`Offen: ${formatEuro(rechnung.offenCent)} – auch ein Teilbetrag ist möglich.`}
        {...form.field('betragCent')}
      />
      <Picker
        label="Konto"
        isRequired
        id={form.idOf('kontoId')}
        items={aktive}
        selectedKey={kontoId ? String(kontoId) : null}
        onSelectionChange={(key) => form.set('kontoId', Number(key))}
        description="Wohin das Geld ging: Handkassa bei Barzahlung, sonst das Bankkonto."
        {...invalid(form.errors.kontoId)}
      >
        {(k) => <Item key={String(k.id)}>{k.name}</Item>}
      </Picker>
      <TextField
        label="Text"
        maxLength={500}
        description="Optional – steht beim Beleg im Kassabuch."
        {...form.field('text')}
      />
    </FormDialog>
  );
}
