import { Flex } from '@adobe/react-spectrum';
import { useState } from 'react';
import { apiFetch } from '../api/fetcher';
import { CURRENT_USER_KEY } from '../api/swrConfig';
import { type CurrentUser, logout } from '../api/user';
import { PasswordForm } from '../modules/user/LoginScreen';
import { SecondFactorForm, type SecondFactorMode } from '../modules/user/SecondFactorForm';

export interface SessionSignInProps {
  /** The e-mail of the user whose session ended: prefilled. */
  email: string;
  onSignedIn: () => void;
}

/**
 * The login page's steps inside the session-expired dialog: password, then the second factor when
 * the account has one. Unlike the login page it keeps the cache, so the screen underneath keeps
 * its data and the user's input.
 */
export default function SessionSignIn({ email, onSignedIn }: SessionSignInProps) {
  const [step, setStep] = useState<'password' | SecondFactorMode>('password');
  const [notice, setNotice] = useState<string | null>(null);

  async function signedIn() {
    // Someone else signed in at this browser: the screen shows the previous user's data and rights.
    const me = await apiFetch<CurrentUser>(CURRENT_USER_KEY).catch(() => undefined);
    if (me && me.email.toLowerCase() !== email.toLowerCase()) {
      window.location.assign('/');
      return;
    }
    onSignedIn();
  }

  function backToPassword(message: string | null = null) {
    setNotice(message);
    setStep('password');
    // Ends the half sign-in; a failure changes nothing, the next Login starts afresh anyway.
    logout().catch(() => undefined);
  }

  return (
    <Flex direction="column" gap="size-200">
      {step === 'password' ? (
        <PasswordForm
          initialEmail={email}
          initialMessage={notice}
          showForgotPassword={false}
          onLoggedIn={() => void signedIn()}
          onSecondFactor={() => {
            setNotice(null);
            setStep('totp');
          }}
        />
      ) : (
        <SecondFactorForm
          mode={step}
          onModeChange={setStep}
          onLoggedIn={() => void signedIn()}
          onCancel={() => backToPassword()}
          onExpired={(message) => backToPassword(message)}
        />
      )}
    </Flex>
  );
}
