import { Button, Flex, ProgressCircle } from '@adobe/react-spectrum';
import { describeError } from '../api/errors';
import { MessageBanner } from './MessageBanner';

/** What failed to load, why (in German), and a way to try again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Flex direction="column" gap="size-200" alignItems="start">
      <MessageBanner level="danger" title={title} message={describeError(error)} />
      <Button variant="accent" onPress={onRetry}>
        Erneut versuchen
      </Button>
    </Flex>
  );
}

/** The spinner of a screen or tab whose data is on its way; `label` says what is loading. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex justifyContent="center" marginTop="size-400">
      <ProgressCircle aria-label={label} isIndeterminate />
    </Flex>
  );
}
