import { formatGermanDate } from '../../../../../src/platform/dates';
import { protokollWasserSpeichern, useProtokollWasser } from '../../../api/abrechnung';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { ProtokollAnsicht } from '../lauf/ProtokollAnsicht';

/** The protocol of the settlement's booked Wasserrechnung run (GetProtokollWasser). */
export function WasserProtokoll({ stichtag }: { stichtag: string }) {
  const { data, error, mutate } = useProtokollWasser(stichtag);
  const titel = `Protokoll der Wasserrechnungen zum ${formatGermanDate(stichtag)}`;
  if (error)
    return <LoadFailed title={`${titel} konnte nicht geladen werden.`} error={error} onRetry={() => void mutate()} />;
  if (!data) return <Loading label={`${titel} wird geladen …`} />;
  return (
    <ProtokollAnsicht
      titel={titel}
      protokoll={data}
      onExport={(format) => protokollWasserSpeichern(stichtag, format)}
    />
  );
}
