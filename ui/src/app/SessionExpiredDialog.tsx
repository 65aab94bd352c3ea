import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  DialogContainer,
  Divider,
  Flex,
  Heading,
  ProgressCircle,
  Text,
} from '@adobe/react-spectrum';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import { registerSessionRenewer } from '../api/sessionRenewal';
import { useSignedInUser } from './RequireAuth';

// The sign-in forms load only when a session has actually ended.
const SessionSignIn = lazy(() => import('./SessionSignIn'));

/**
 * Sign-in in place when the session has ended (issue 11): rendered once by the signed-in shell. The
 * fetcher waits for it, then repeats the refused call; the screen underneath stays as it was, with
 * everything typed. Cancelled, the waiting calls fail with "Ihre Sitzung ist abgelaufen."
 */
export function SessionExpiredDialog() {
  const user = useSignedInUser();
  const { cache, mutate } = useSWRConfig();
  const [settle, setSettle] = useState<((signedIn: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerSessionRenewer(
        () =>
          new Promise<boolean>((resolve) => {
            setSettle(() => resolve);
          }),
      ),
    [],
  );

  const finish = useCallback(
    (signedIn: boolean) => {
      settle?.(signedIn);
      setSettle(null);
      if (!signedIn) return;
      // Reads that failed while the dialog was open, or before it, load again with the new session.
      for (const key of cache.keys()) if (cache.get(key)?.error) void mutate(key);
    },
    [settle, cache, mutate],
  );

  return (
    <DialogContainer onDismiss={() => finish(false)}>
      {settle ? (
        <Dialog size="S">
          <Heading>Sitzung abgelaufen</Heading>
          <Divider />
          <Content>
            <Flex direction="column" gap="size-200">
              <Text>
                Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an – Ihre Eingaben bleiben erhalten und werden
                danach gespeichert.
              </Text>
              <Suspense fallback={<ProgressCircle aria-label="Anmeldung wird geladen …" isIndeterminate size="S" />}>
                <SessionSignIn email={user.email} onSignedIn={() => finish(true)} />
              </Suspense>
            </Flex>
          </Content>
          <ButtonGroup>
            <Button variant="secondary" onPress={() => finish(false)}>
              Abbrechen
            </Button>
          </ButtonGroup>
        </Dialog>
      ) : null}
    </DialogContainer>
  );
}
