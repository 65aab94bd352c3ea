import { Button, Checkbox, Flex, Form, Link, Text, TextField } from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { describeError, isAbortedError, isApiError } from '../../api/errors';
import { LoginResult, login2fa, loginWithRecoveryCode } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { cleanRecoveryCode, cleanTotpCode, totpCodeError } from './codes';
import { secondFactorMessage } from './loginMessages';

export type SecondFactorMode = 'totp' | 'recovery';

export interface SecondFactorFormProps {
  mode: SecondFactorMode;
  onModeChange: (mode: SecondFactorMode) => void;
  onLoggedIn: () => void;
  /** "Zurück zur Anmeldung": the caller ends the half sign-in and shows the password step. */
  onCancel: () => void;
  /** The half sign-in ran out (401): back to the password step with this message. */
  onExpired: (message: string) => void;
}

export const SESSION_EXPIRED = 'Die Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.';
const RECOVERY_MISSING = 'Bitte geben Sie einen Wiederherstellungscode ein.';

const TEXT: Readonly<Record<SecondFactorMode, { label: string; description: string; switchTo: string }>> = {
  totp: {
    label: 'Authentifizierungscode',
    description: 'Den sechsstelligen Code aus Ihrer Authenticator-App eingeben.',
    switchTo: 'Mit Wiederherstellungscode anmelden',
  },
  recovery: {
    label: 'Wiederherstellungscode',
    description:
      'Einen der Wiederherstellungscodes eingeben, die Sie beim Einrichten erhalten haben. Jeder Code gilt nur einmal.',
    switchTo: 'Mit Code aus der App anmelden',
  },
};

/** Second login step: the TOTP code, or a single-use recovery code. */
export function SecondFactorForm({ mode, onModeChange, onLoggedIn, onCancel, onExpired }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [rememberMachine, setRememberMachine] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const text = TEXT[mode];
  const cleaned = mode === 'totp' ? cleanTotpCode(code) : cleanRecoveryCode(code);
  const localError = mode === 'totp' ? totpCodeError(code) : cleaned === '' ? RECOVERY_MISSING : undefined;
  const fieldError = submitted ? localError : undefined;

  function switchMode() {
    setCode('');
    setSubmitted(false);
    setMessage(null);
    onModeChange(mode === 'totp' ? 'recovery' : 'totp');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (localError) return;
    setPending(true);
    setMessage(null);
    try {
      const { result } =
        mode === 'totp' ? await login2fa(cleaned, rememberMachine) : await loginWithRecoveryCode(cleaned);
      if (result === LoginResult.LoggedIn) return onLoggedIn();
      setMessage(secondFactorMessage(result, mode));
    } catch (error) {
      if (isAbortedError(error)) return;
      if (isApiError(error) && error.status === 401) return onExpired(SESSION_EXPIRED);
      setMessage(describeError(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      <Text>Ihr Konto ist mit der Zwei-Faktor-Anmeldung geschützt.</Text>
      {message ? <MessageBanner level="danger" title="Anmeldung nicht möglich" message={message} autoFocus /> : null}
      <Form onSubmit={submit} aria-label={text.label} maxWidth="100%">
        <TextField
          key={mode}
          label={text.label}
          description={text.description}
          name={mode === 'totp' ? 'code' : 'recoveryCode'}
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
          // "123 456" as the apps show it fits as well.
          maxLength={mode === 'totp' ? 7 : 40}
          value={code}
          onChange={setCode}
          isRequired
          necessityIndicator="label"
          validationState={fieldError ? 'invalid' : undefined}
          errorMessage={fieldError}
          autoFocus
        />
        <Flex direction="column" alignItems="start" gap="size-100">
          {mode === 'totp' ? (
            <Checkbox isSelected={rememberMachine} onChange={setRememberMachine}>
              Diesen Computer 30 Tage merken
            </Checkbox>
          ) : null}
          <Button type="submit" variant="accent" isPending={pending} marginTop="size-100">
            Bestätigen
          </Button>
        </Flex>
      </Form>
      <Flex gap="size-300" wrap>
        <Link onPress={switchMode}>{text.switchTo}</Link>
        <Link onPress={onCancel}>Zurück zur Anmeldung</Link>
      </Flex>
    </Flex>
  );
}
