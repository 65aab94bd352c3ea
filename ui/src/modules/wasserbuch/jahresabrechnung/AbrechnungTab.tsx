import { ActionButton, Flex, Item, type Key, Picker, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useQueryParam } from '../../../app/useQueryParam';
import { LoadFailed } from '../../../components/LoadState';
import { useAbrechnungStichtage } from './api';
import { differenzText, euro } from './betrag';
import { GespeicherteAbrechnung } from './GespeicherteAbrechnung';
import { NeueAbrechnung } from './NeueAbrechnung';

/** Tab "Abrechnung": the stored settlements to open, or a new one (preview, then create). */
export function AbrechnungTab({ canEdit }: { canEdit: boolean }) {
  const [stichtag, setStichtag] = useQueryParam('stichtag');
  const { data: liste, error, mutate } = useAbrechnungStichtage();

  return (
    <Flex direction="column" gap="size-300">
      {error ? (
        <LoadFailed
          title="Die gespeicherten Abrechnungen ließen sich nicht laden."
          error={error}
          onRetry={() => mutate()}
        />
      ) : null}
      <Flex gap="size-200" alignItems="end" wrap>
        <Picker
          label="Gespeicherte Abrechnungen"
          items={liste ?? []}
          selectedKey={stichtag || null}
          onSelectionChange={(key: Key | null) => setStichtag(key === null ? '' : String(key))}
          isDisabled={!liste || liste.length === 0}
          placeholder={liste && liste.length === 0 ? 'noch keine' : 'Abrechnung wählen'}
          width="size-6000"
        >
          {(a) => (
            <Item key={a.stichtag} textValue={`Abrechnung zum ${formatGermanDate(a.stichtag)}`}>
              {`Abrechnung zum ${formatGermanDate(a.stichtag)} · Betrag ${euro(a.betragCent)} · Saldo: ${differenzText(a.differenzCent)}${a.gebucht ? ' · vorgeschrieben' : ''}`}
            </Item>
          )}
        </Picker>
        {stichtag ? (
          <ActionButton onPress={() => setStichtag('')}>
            <Add />
            <Text>Neue Abrechnung</Text>
          </ActionButton>
        ) : null}
      </Flex>
      <View>
        {stichtag ? (
          <GespeicherteAbrechnung
            key={stichtag}
            stichtag={stichtag}
            canEdit={canEdit}
            onGeloescht={() => setStichtag('')}
          />
        ) : canEdit ? (
          <NeueAbrechnung canEdit={canEdit} onErstellt={setStichtag} />
        ) : (
          <Text>
            {liste && liste.length === 0
              ? 'Es wurde noch keine Wasserabrechnung erstellt.'
              : 'Wählen Sie oben eine gespeicherte Abrechnung.'}
          </Text>
        )}
      </View>
    </Flex>
  );
}
