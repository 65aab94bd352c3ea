import { ComboBox, Flex, Item, ProgressCircle, Text, useDialogContainer } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { type Abstellplatz, neuzuordnung } from '../../../api/stammdaten/abstellplaetze';
import { useAdressenLookup } from '../../../api/stammdaten/funktionen';
import { neuzuordnungBody } from '../../../api/stammdaten/schemas';
import { DateField, FormDialog, invalid, useFormErrors } from '../../../components/formKit';

const FIELDS = ['adresseId', 'datum'] as const;
type Field = (typeof FIELDS)[number];

/** Hands a parking place to a new holder from a date; the old one's term ends the day before. */
export function NeuzuordnungDialog({ abstellplatz }: { abstellplatz: Abstellplatz }) {
  const { dismiss } = useDialogContainer();
  const { data: adressen } = useAdressenLookup();
  const [adresseId, setAdresseId] = useState<number | null>(null);
  const [datum, setDatum] = useState(formatGermanDate(todayIso()));
  const form = useFormErrors(FIELDS);

  const errorOf = (field: Field) => form.serverErrors[field];

  async function submit() {
    const parsedDatum = parseGermanDate(datum);
    const body = { abstellplatzId: abstellplatz.id, adresseId, datum: parsedDatum ?? '' };
    const typed = {
      adresseId: adresseId === null ? 'Bitte wählen Sie eine Person.' : undefined,
      datum: parsedDatum ? undefined : 'Bitte geben Sie das Datum als TT.MM.JJJJ ein.',
    };
    if (!form.validate(neuzuordnungBody, body, typed)) return;
    if (await form.save(() => neuzuordnung(body), `Abstellplatz ${abstellplatz.nummer} neu zugeordnet.`)) dismiss();
  }

  return (
    <FormDialog
      title={`Abstellplatz ${abstellplatz.nummer} neu zuordnen`}
      readOnly={false}
      saving={form.saving}
      otherErrors={form.otherErrors}
      onSubmit={() => void submit()}
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
          selectedKey={adresseId === null ? null : String(adresseId)}
          onSelectionChange={(key) => {
            setAdresseId(key === null ? null : Number(key));
            form.clear('adresseId');
          }}
          isRequired
          necessityIndicator="label"
          description="Namen eintippen und aus der Liste wählen"
          menuTrigger="focus"
          autoFocus
          {...invalid(errorOf('adresseId'))}
        >
          {(item) => <Item key={String(item.id)}>{item.name}</Item>}
        </ComboBox>
      ) : (
        <Flex justifyContent="center">
          <ProgressCircle aria-label="Personen werden geladen …" isIndeterminate size="S" />
        </Flex>
      )}
      <DateField
        label="ab"
        value={datum}
        onChange={(value) => {
          setDatum(value);
          form.clear('datum');
        }}
        isRequired
        error={errorOf('datum')}
      />
    </FormDialog>
  );
}
