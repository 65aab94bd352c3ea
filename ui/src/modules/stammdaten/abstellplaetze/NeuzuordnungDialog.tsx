import { ComboBox, Flex, Item, ProgressCircle, Text, useDialogContainer } from '@adobe/react-spectrum';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { type Abstellplatz, neuzuordnung } from '../../../api/stammdaten/abstellplaetze';
import { useAdressenLookup } from '../../../api/stammdaten/funktionen';
import { neuzuordnungBody } from '../../../api/stammdaten/schemas';
import { DateField, FormDialog, invalid } from '../../../components/formKit';
import { useZodForm } from '../../../lib/useZodForm';

/** Hands a parking place to a new holder from a date; the old one's term ends the day before. */
export function NeuzuordnungDialog({ abstellplatz }: { abstellplatz: Abstellplatz }) {
  const { dismiss } = useDialogContainer();
  const { data: adressen } = useAdressenLookup();
  const form = useZodForm(neuzuordnungBody, {
    initial: { adresseId: null as number | null, datum: formatGermanDate(todayIso()) },
    labels: { adresseId: 'Neuer Nutzungsberechtigter', datum: 'ab' },
    toBody: (v) => ({ abstellplatzId: abstellplatz.id, adresseId: v.adresseId, datum: parseGermanDate(v.datum) ?? '' }),
    inputErrors: (v) => ({
      adresseId: v.adresseId === null ? 'Bitte wählen Sie eine Person.' : undefined,
      datum: parseGermanDate(v.datum) ? undefined : 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.',
    }),
    plausibility: { datum: { date: 'event' } },
  });
  const { adresseId } = form.values;

  return (
    <FormDialog
      title={`Abstellplatz ${abstellplatz.nummer} neu zuordnen`}
      form={form}
      onSubmit={() =>
        void form.submit((body) => neuzuordnung(body), {
          success: `Abstellplatz ${abstellplatz.nummer} neu zugeordnet.`,
          onSaved: dismiss,
        })
      }
      onCancel={dismiss}
      submitLabel="Zuordnen"
    >
      <Text>
        {abstellplatz.zuordnung
          ? `Derzeit: ${abstellplatz.zuordnung.adresseName} seit ${formatGermanDate(abstellplatz.zuordnung.von)}. Die bisherige Zuordnung endet am Tag vor dem neuen Datum.`
          : 'Der Abstellplatz ist derzeit frei.'}
      </Text>
      {adressen ? (
        <ComboBox
          label="Neuer Nutzungsberechtigter"
          defaultItems={adressen}
          id={form.idOf('adresseId')}
          selectedKey={adresseId === null ? null : String(adresseId)}
          onSelectionChange={(key) => form.set('adresseId', key === null ? null : Number(key))}
          isRequired
          description="Namen eintippen und aus der Liste wählen"
          menuTrigger="focus"
          autoFocus
          {...invalid(form.errors.adresseId)}
        >
          {(item) => <Item key={String(item.id)}>{item.name}</Item>}
        </ComboBox>
      ) : (
        <Flex justifyContent="center">
          <ProgressCircle aria-label="Personen werden geladen …" isIndeterminate size="S" />
        </Flex>
      )}
      <DateField label="ab" isRequired {...form.field('datum')} />
    </FormDialog>
  );
}
