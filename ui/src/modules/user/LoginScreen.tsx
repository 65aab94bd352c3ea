import { Button, Checkbox, Flex, Form, Link, TextField } from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAppVersionInfo } from '../../api/common';
import { describeError, isAbortedError } from '../../api/errors';
import { clearCache } from '../../api/swrConfig';
import { LoginResult, login, logout } from '../../api/user';
import { safeReturnTo } from '../../app/returnTo';
import { MessageBanner } from '../../components/MessageBanner';
import { PublicPage } from '../../components/PublicPage';
import { loginResultMessage } from './loginMessages';
import { SecondFactorForm, type SecondFactorMode } from './SecondFactorForm';

export interface PasswordFormProps {
  onLoggedIn: () => void;
  onSecondFactor: () => void;
  /** Shown at first, e.g. when the second step ran out. */
  initialMessage?: string | null;
  /** Prefilled, e.g. the signed-in user's when the session ended; the password field then has the focus. */
  initialEmail?: string;
  /** Runs before the sign-in call: the login page empties the cache here (spec §4). */
  beforeLogin?: () => void;
  /** The "Passwort vergessen?" link leaves the page: not inside the sign-in dialog over a form. */
  showForgotPassword?: boolean;
}

/** E-mail, password and "Angemeldet bleiben": the login page's first step, and the session-expired dialog's. */
export function PasswordForm({
  onLoggedIn,
  onSecondFactor,
  initialMessage = null,
  initialEmail = '',
  beforeLogin,
  showForgotPassword = true,
}: PasswordFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(initialMessage);

  const emailMissing = submitted && email.trim() === '';
  const passwordMissing = submitted && password === '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (email.trim() === '' || password === '') return;
    setPending(true);
    setMessage(null);
    beforeLogin?.();
    try {
      const { result } = await login({ email: email.trim(), password, rememberMe });
      if (result === LoginResult.LoggedIn) return onLoggedIn();
      if (result === LoginResult.Require2FA) return onSecondFactor();
      setMessage(loginResultMessage(result));
    } catch (error) {
      if (!isAbortedError(error)) setMessage(describeError(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      {message ? <MessageBanner level="danger" title="Anmeldung nicht möglich" message={message} autoFocus /> : null}
      <Form onSubmit={submit} aria-label="Anmelden" maxWidth="100%">
        <TextField
          label="E-Mail"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={setEmail}
          isRequired
          necessityIndicator="label"
          validationState={emailMissing ? 'invalid' : undefined}
          errorMessage="Bitte geben Sie Ihre E-Mail-Adresse ein."
          autoFocus={initialEmail === ''}
        />
        <TextField
          label="Passwort"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          isRequired
          necessityIndicator="label"
          validationState={passwordMissing ? 'invalid' : undefined}
          errorMessage="Bitte geben Sie Ihr Passwort ein."
          autoFocus={initialEmail !== ''}
        />
        <Checkbox isSelected={rememberMe} onChange={setRememberMe}>
          Angemeldet bleiben
        </Checkbox>
        <Button type="submit" variant="accent" isPending={pending} marginTop="size-100">
          Anmelden
        </Button>
      </Form>
      {showForgotPassword ? <Link href="/forgotpassword">Passwort vergessen?</Link> : null}
    </Flex>
  );
}

/** Sign-in with e-mail and password, then the second factor when the account has one. */
export default function LoginScreen() {
  const [step, setStep] = useState<'password' | SecondFactorMode>('password');
  const [notice, setNotice] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const returnTo = safeReturnTo(new URLSearchParams(useSearch()).get('returnTo'));
  const { data: versionInfo } = useAppVersionInfo();

  function loggedIn() {
    clearCache();
    navigate(returnTo, { replace: true });
  }

  /** Ends the half sign-in on the server, so a new password step starts from nothing. */
  function backToPassword(message: string | null = null) {
    setNotice(message);
    setStep('password');
    // 401 (already gone) or a network failure change nothing: the next Login signs out anyway.
    logout()
      .catch(() => undefined)
      .finally(() => clearCache());
  }

  return (
    <PublicPage title="Anmelden">
      <Flex direction="column" gap="size-200">
        {versionInfo?.versionError ? (
          <MessageBanner level="danger" title="Versionskonflikt" message={versionInfo.versionError} />
        ) : null}
        {step === 'password' ? (
          <PasswordForm
            onLoggedIn={loggedIn}
            onSecondFactor={() => {
              setNotice(null);
              setStep('totp');
            }}
            initialMessage={notice}
            // Spec §4: nothing of a previous session may survive into the next one.
            beforeLogin={clearCache}
          />
        ) : (
          <SecondFactorForm
            mode={step}
            onModeChange={setStep}
            onLoggedIn={loggedIn}
            onCancel={() => backToPassword()}
            onExpired={(message) => backToPassword(message)}
          />
        )}
      </Flex>
    </PublicPage>
  );
}
