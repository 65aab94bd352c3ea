import { Flex, Radio, RadioGroup, Text } from '@adobe/react-spectrum';
import { FormPage, NumberInput } from '../../../components/formKit';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { useZodForm } from '../../../lib/useZodForm';
import { fetchWassergrunddaten, type SchwundMethode, saveWassergrunddaten, type Wassergrunddaten } from './api';
import {
  decimalToNumber,
  leereFelder,
  numberToDecimal,
  SCHWUND_METHODEN,
  wassergrunddatenBody,
} from './grunddatenSchema';

/** The price per m³: euros with up to 4 decimals ("€ 2,1234"). */
const PREIS_FORMAT: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
};
const FAKTOR_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };
const PROZENT_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 2 };

export const GRUNDDATEN_LABELS = {
  preisProM3: 'Preis pro m³',
  grundgebuehrCent: 'Grundgebühr pro Parzelle',
  schwundMethode: 'Schwundmethode',
  akontoMindestCent: 'Mindest-Akonto',
  verbrauchsfaktorWarnung: 'Warnung ab Verbrauchsfaktor',
  schwundWarnungProzent: 'Warnung ab Schwund (%)',
} as const;

interface Values {
  preisProM3: number;
  grundgebuehrCent: number;
  schwundMethode: SchwundMethode;
  akontoMindestCent: number;
  verbrauchsfaktorWarnung: number;
  schwundWarnungProzent: number;
}

/** The form's values: euros and plain numbers, as the NumberFields show them. */
const toValues = (d: Wassergrunddaten): Values => ({
  preisProM3: decimalToNumber(d.preisProM3),
  grundgebuehrCent: centsToEuro(d.grundgebuehrCent),
  schwundMethode: d.schwundMethode,
  akontoMindestCent: centsToEuro(d.akontoMindestCent),
  verbrauchsfaktorWarnung: decimalToNumber(d.verbrauchsfaktorWarnung),
  schwundWarnungProzent: decimalToNumber(d.schwundWarnungProzent),
});

export interface GrunddatenFormProps {
  daten: Wassergrunddaten;
  canEdit: boolean;
}

/** Price, fee, loss method, minimum akonto and warning thresholds of one year (UpdateWassergrunddaten). */
export function GrunddatenForm({ daten, canEdit }: GrunddatenFormProps) {
  const form = useZodForm(wassergrunddatenBody, {
    initial: toValues(daten),
    labels: GRUNDDATEN_LABELS,
    toBody: (v, { version }) => ({
      id: daten.id,
      ...(version !== undefined ? { version } : {}),
      pachtabrechnungId: daten.pachtabrechnungId,
      preisProM3: numberToDecimal(v.preisProM3, 4),
      grundgebuehrCent: euroToCents(v.grundgebuehrCent),
      schwundMethode: v.schwundMethode,
      akontoMindestCent: euroToCents(v.akontoMindestCent),
      verbrauchsfaktorWarnung: numberToDecimal(v.verbrauchsfaktorWarnung, 2),
      schwundWarnungProzent: numberToDecimal(v.schwundWarnungProzent, 2),
    }),
    inputErrors: (v) =>
      leereFelder(
        {
          preisProM3: v.preisProM3,
          grundgebuehrCent: v.grundgebuehrCent,
          akontoMindestCent: v.akontoMindestCent,
          verbrauchsfaktorWarnung: v.verbrauchsfaktorWarnung,
          schwundWarnungProzent: v.schwundWarnungProzent,
        },
        {
          preisProM3: 'Bitte geben Sie den Preis pro m³ an.',
          grundgebuehrCent: 'Bitte geben Sie die Grundgebühr an (0 € für keine).',
          akontoMindestCent: 'Bitte geben Sie das Mindest-Akonto an (0 € für keines).',
          verbrauchsfaktorWarnung: 'Bitte geben Sie einen Faktor an, z. B. 3.',
          schwundWarnungProzent: 'Bitte geben Sie einen Prozentsatz an, z. B. 30.',
        },
      ),
    conflict: { record: daten, toValues, reload: () => fetchWassergrunddaten(daten.id) },
    readOnly: !canEdit,
  });

  return (
    <FormPage
      label={`Wassergrunddaten ${daten.jahr}`}
      form={form}
      maxWidth="size-6000"
      onSubmit={() =>
        void form.submit((body) => saveWassergrunddaten(body), {
          success: `Wassergrunddaten ${daten.jahr} gespeichert.`,
        })
      }
    >
      <NumberInput
        label={GRUNDDATEN_LABELS.preisProM3}
        isRequired
        formatOptions={PREIS_FORMAT}
        description="Was ein m³ Wasser kostet, bis zu 4 Nachkommastellen (z. B. 2,1350 €)."
        {...form.field('preisProM3')}
      />
      <NumberInput
        label={GRUNDDATEN_LABELS.grundgebuehrCent}
        isRequired
        formatOptions={EURO_FORMAT}
        description="Fixbetrag je Parzelle und Abrechnung (Grundgebühr, Zählermiete)."
        {...form.field('grundgebuehrCent')}
      />
      <RadioGroup
        label={GRUNDDATEN_LABELS.schwundMethode}
        isRequired
        id={form.idOf('schwundMethode')}
        value={form.values.schwundMethode}
        onChange={(value) => form.set('schwundMethode', value as SchwundMethode)}
        description="Schwund ist das Wasser, das der Hauptwasserzähler mehr misst als alle seine Parzellen zusammen."
        {...(form.errors.schwundMethode
          ? { validationState: 'invalid' as const, errorMessage: form.errors.schwundMethode }
          : {})}
      >
        {SCHWUND_METHODEN.map((m) => (
          <Radio key={m.key} value={m.key}>
            <Flex direction="column">
              <Text UNSAFE_style={{ fontWeight: 700 }}>{m.name}</Text>
              <Text>{m.text}</Text>
            </Flex>
          </Radio>
        ))}
      </RadioGroup>
      <NumberInput
        label={GRUNDDATEN_LABELS.akontoMindestCent}
        isRequired
        formatOptions={EURO_FORMAT}
        description="Das Akonto einer Parzelle ist nie kleiner als dieser Betrag."
        {...form.field('akontoMindestCent')}
      />
      <NumberInput
        label={GRUNDDATEN_LABELS.verbrauchsfaktorWarnung}
        isRequired
        formatOptions={FAKTOR_FORMAT}
        description="Die Fehlersuche meldet eine Parzelle, die mehr als so oft ihren letzten Verbrauch hat (z. B. 3)."
        {...form.field('verbrauchsfaktorWarnung')}
      />
      <NumberInput
        label={GRUNDDATEN_LABELS.schwundWarnungProzent}
        isRequired
        formatOptions={PROZENT_FORMAT}
        description="Ein Hauptwasserzähler mit mehr Schwund (in % seines Verbrauchs) wird rot markiert (z. B. 30)."
        {...form.field('schwundWarnungProzent')}
      />
    </FormPage>
  );
}
