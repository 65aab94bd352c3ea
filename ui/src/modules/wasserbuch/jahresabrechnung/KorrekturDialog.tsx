import { Text, TextArea, useDialogContainer } from '@adobe/react-spectrum';
import { z } from 'zod';
import { FormDialog, NumberInput } from '../../../components/formKit';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { type AbrechnungZeile, korrigiereAbrechnung, type Wasserabrechnung } from './api';
import { euro } from './betrag';

// The rule of UpdateWasserabrechnung (docs/api/wasserbuch.md): a correction needs a reason.
const korrekturBody = z
  .object({
    korrekturCent: z
      .number({ error: 'Bitte geben Sie den Korrekturbetrag an (0 nimmt die Korrektur zurück).' })
      .int('Höchstens 2 Nachkommastellen.'),
    korrekturGrund: z.string().max(500, 'Höchstens 500 Zeichen.'),
  })
  .superRefine((v, ctx) => {
    if (v.korrekturCent !== 0 && v.korrekturGrund.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['korrekturGrund'],
        message: 'Bitte geben Sie den Grund der Korrektur an; er steht im Verlauf und auf den Verbrauchsdetails.',
      });
    }
  });

export interface KorrekturDialogProps {
  abrechnung: Wasserabrechnung;
  zeile: AbrechnungZeile;
}

/** A manual correction of one plot's amount with its reason (UpdateWasserabrechnung). Render inside a DialogContainer. */
export function KorrekturDialog({ abrechnung, zeile }: KorrekturDialogProps) {
  const { dismiss } = useDialogContainer();
  const form = useZodForm(korrekturBody, {
    initial: { korrekturCent: centsToEuro(zeile.korrekturCent), korrekturGrund: zeile.korrekturGrund },
    labels: { korrekturCent: 'Korrektur', korrekturGrund: 'Grund' },
    toBody: (v) => ({ korrekturCent: euroToCents(v.korrekturCent), korrekturGrund: v.korrekturGrund.trim() }),
  });
  const ohneKorrektur = zeile.betragCent - zeile.korrekturCent;
  const neu = Number.isFinite(form.values.korrekturCent)
    ? ohneKorrektur + euroToCents(form.values.korrekturCent)
    : null;

  return (
    <FormDialog
      title={`Korrektur Parzelle ${zeile.parzelleNummer}`}
      form={form}
      onSubmit={() =>
        void form.submit(
          (body) =>
            korrigiereAbrechnung(abrechnung.stichtag, {
              version: abrechnung.version,
              zeilen: [{ parzelleId: zeile.parzelleId, ...body }],
            }),
          { success: `Korrektur der Parzelle ${zeile.parzelleNummer} gespeichert.`, onSaved: dismiss },
        )
      }
      onCancel={dismiss}
      submitLabel="Korrektur speichern"
    >
      <Text>
        Berechnet: {euro(ohneKorrektur)}. Die Korrektur wird dazugezählt (mit Minus abgezogen)
        {neu !== null ? `; neuer Betrag: ${euro(neu)}` : ''}.
      </Text>
      <NumberInput
        label="Korrektur"
        isRequired
        formatOptions={EURO_FORMAT}
        autoFocus
        {...form.field('korrekturCent')}
      />
      <TextArea label="Grund" isRequired maxLength={500} {...form.field('korrekturGrund')} />
    </FormDialog>
  );
}
