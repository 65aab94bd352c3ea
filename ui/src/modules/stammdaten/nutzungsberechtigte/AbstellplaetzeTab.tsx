import { Flex, Link, Text } from '@adobe/react-spectrum';
import { formatEuro } from '../../../../../src/platform/money';
import { type AdresseAbstellplatz, useAbstellplaetzeByAdresse } from '../../../api/stammdaten/abstellplaetze';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { type ZuordnungColumn, ZuordnungenList } from '../abstellplaetze/ZuordnungenList';

const COLUMNS: readonly ZuordnungColumn<AdresseAbstellplatz>[] = [
  { header: 'Nummer', cell: (z) => z.abstellplatzNummer },
  { header: 'Kategorie', cell: (z) => z.kategorieName },
  { header: 'Jahresgebühr', cell: (z) => formatEuro(z.jahresgebuehrCent), align: 'end' },
];

/** Tab "Abstellplätze": every parking space the address had, has or will have. */
export function AbstellplaetzeTab({ adresseId, readOnly }: { adresseId: number; readOnly: boolean }) {
  const { data, error, isLoading, mutate } = useAbstellplaetzeByAdresse(adresseId);

  if (!data) {
    return error && !isLoading ? (
      <LoadFailed title="Die Abstellplätze konnten nicht geladen werden." error={error} onRetry={() => void mutate()} />
    ) : (
      <Loading label="Die Abstellplätze werden geladen …" />
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
