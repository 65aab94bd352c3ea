import { Divider, Flex } from '@adobe/react-spectrum';
import { protokollSpeichern, useProtokoll, useProtokollVorhanden } from '../../../api/abrechnung';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { useSelectedYear } from '../../../components/YearPicker';
import { ProtokollAnsicht } from '../lauf/ProtokollAnsicht';

/**
 * The protocol of the year's booked Zahlungsvorschreibung (GetProtokollVorhanden, GetProtokoll): per
 * receivable when it was booked, printed and mailed, so the Kassier sees who still needs a letter.
 * Nothing before the run is booked.
 */
export function ZvProtokoll() {
  const { pachtabrechnungID, year } = useSelectedYear();
  const { data: vorhanden } = useProtokollVorhanden(pachtabrechnungID);
  const { data, error, mutate } = useProtokoll(pachtabrechnungID, vorhanden === true);
  if (vorhanden !== true) return null;
  const titel = `Protokoll der Zahlungsvorschreibung${year ? ` ${year.jahr}` : ''}`;
  return (
    <Flex direction="column" gap="size-300">
      <Divider size="S" />
      {error ? (
        <LoadFailed title={`${titel} konnte nicht geladen werden.`} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Loading label={`${titel} wird geladen …`} />
      ) : (
        <ProtokollAnsicht
          titel={titel}
          protokoll={data}
          onExport={(format) => protokollSpeichern(pachtabrechnungID, year?.jahr, format)}
        />
      )}
    </Flex>
  );
}
