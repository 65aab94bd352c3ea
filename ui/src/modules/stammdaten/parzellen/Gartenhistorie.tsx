import { ProgressCircle, Text } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { describeError } from '../../../api/errors';
import { useGartenhistorie } from '../../../api/stammdaten/parzellen';
import { MessageBanner } from '../../../components/MessageBanner';

/** The Gartenhistorie tab of ParzelleDialog: who held the plot when. */
export function Gartenhistorie({ parzelleId }: { parzelleId: number }): ReactNode {
  const { data, error } = useGartenhistorie(parzelleId);
  if (error && !data)
    return (
      <MessageBanner
        level="danger"
        title="Die Gartenhistorie konnte nicht geladen werden."
        message={describeError(error)}
      />
    );
  if (!data) return <ProgressCircle aria-label="Die Gartenhistorie wird geladen …" isIndeterminate size="S" />;
  if (data.length === 0) return <Text>Diese Parzelle hatte noch keinen Nutzungsberechtigten.</Text>;
  return (
    <table className="kgv-gartenhistorie" aria-label="Gartenhistorie">
      <thead>
        <tr>
          <th scope="col">Nutzungsberechtigter</th>
          <th scope="col">von</th>
          <th scope="col">bis</th>
        </tr>
      </thead>
      <tbody>
        {data.map((eintrag) => (
          <tr key={`${eintrag.adresseId}-${eintrag.von}`}>
            <td>{eintrag.name}</td>
            <td>{formatGermanDate(eintrag.von)}</td>
            <td>{eintrag.bis ? formatGermanDate(eintrag.bis) : 'heute'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
