import { Button, Flex } from '@adobe/react-spectrum';
import type { VersionConflict } from '../api/versionConflict';
import { MessageBanner } from './MessageBanner';

export const RELOAD_AND_REAPPLY = 'Neu laden und meine Änderungen übernehmen';

/**
 * Someone else saved the record meanwhile (409 version_conflict): the server's sentence and a button
 * that reloads the record and keeps what the user changed, so the user can review and save again.
 */
export function ConflictBanner({ conflict }: { conflict: VersionConflict<unknown> | undefined }) {
  if (!conflict?.message) return null;
  return (
    <Flex direction="column" gap="size-100" marginBottom="size-200">
      <MessageBanner
        level="warning"
        title="Inzwischen geändert"
        message={
          conflict.reloadError
            ? `${conflict.message}\n\nNeu laden fehlgeschlagen: ${conflict.reloadError}`
            : `${conflict.message}\n\nIhre Eingaben bleiben erhalten: Felder, die Sie geändert haben, behalten Ihren Wert, alle anderen zeigen danach den neuen Stand. Prüfen Sie die Werte und speichern Sie erneut.`
        }
      />
      <Flex>
        <Button variant="primary" onPress={() => void conflict.reloadAndReapply()} isPending={conflict.reloading}>
          {RELOAD_AND_REAPPLY}
        </Button>
      </Flex>
    </Flex>
  );
}
