import { Button, Flex, View } from '@adobe/react-spectrum';
import { describeError } from '../api/errors';
import { MessageBanner } from '../components/MessageBanner';

export interface AuthCheckFailedProps {
  error: unknown;
  onRetry: () => void;
}

/** The session check failed for another reason than "signed out" (server down, 500). */
export default function AuthCheckFailed({ error, onRetry }: AuthCheckFailedProps) {
  return (
    <View padding="size-400" maxWidth="size-6000" marginX="auto">
      <Flex direction="column" gap="size-200">
        <MessageBanner
          level="danger"
          title="Die Anmeldung konnte nicht geprüft werden."
          message={describeError(error)}
        />
        <Button variant="accent" alignSelf="start" onPress={onRetry}>
          Erneut versuchen
        </Button>
      </Flex>
    </View>
  );
}
