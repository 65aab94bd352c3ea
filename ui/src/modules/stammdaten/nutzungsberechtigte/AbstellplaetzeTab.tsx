import { Button, Flex, Link, ProgressCircle, Text } from '@adobe/react-spectrum';
import { describeError } from '../../../api/errors';
import { type AdresseAbstellplatz, useAbstellplaetzeByAdresse } from '../../../api/stammdaten/abstellplaetze';
import { MessageBanner } from '../../../components/MessageBanner';
import { type ZuordnungColumn, ZuordnungenList } from '../abstellplaetze/ZuordnungenList';
import { formatCents } from '../shared/format';

const COLUMNS: readonly ZuordnungColumn<AdresseAbstellplatz>[] = [
  { header: 'Nummer', cell: (z) => z.abstellplatzNummer },
  { header: 'Kategorie', cell: (z) => z.kategorieName },
  { header: 'Jahresgebühr', cell: (z) => formatCents(z.jahresgebuehrCent), align: 'end' },
];

/** Tab "Abstellplätze": every parking space the address had, has or will have. */
export function AbstellplaetzeTab({ adresseId, readOnly }: { adresseId: number; readOnly: boolean }) {
  const { data, error, isLoading, mutate } = useAbstellplaetzeByAdresse(adresseId);

  if (!data) {
    return error && !isLoading ? (
      <Flex direction="column" gap="size-200" alignItems="start" marginTop="size-200">
        <MessageBanner
          level="danger"
          title="Die Abstellplätze konnten nicht geladen werden."
          message={describeError(error)}
        />
        <Button variant="accent" onPress={() => void mutate()}>
          Erneut versuchen
        </Button>
      </Flex>
    ) : (
      <Flex justifyContent="center" marginTop="size-400">
        <ProgressCircle aria-label="Die Abstellplätze werden geladen …" isIndeterminate />
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="size-200" marginTop="size-200">
      {data.length === 0 ? (
        <Text>
          Dieser Adresse ist kein Abstellplatz zugeordnet. Vergeben wird ein Abstellplatz unter{' '}
          <Link href="/stammdatenverwalten/abstellplaetze">Abstellplätze</Link> mit „neu zuordnen“.
        </Text>
      ) : (
        <ZuordnungenList
          zuordnungen={data}
          columns={COLUMNS}
          nameOf={(z) => `Abstellplatz ${z.abstellplatzNummer}`}
          label="Abstellplätze der Adresse"
          readOnly={readOnly}
        />
      )}
    </Flex>
  );
}
