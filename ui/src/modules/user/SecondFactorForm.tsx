import { Button, Flex, Form, Link, Text, TextField } from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { describeError, isAbortedError } from '../../api/errors';
import { LoginResult, login2fa, loginWithRecoveryCode } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { loginResultMessage } from './loginMessages';

export type SecondFactorMode = 'totp' | 'recovery';

export interface SecondFactorFormProps {
  mode: SecondFactorMode;
  onModeChange: (mode: SecondFactorMode) => void;
  onLoggedIn: () => void;
  onCancel: () => void;
}

const TEXT: Readonly<
  Record<SecondFactorMode, { label: string; description: string; missing: string; switchTo: string }>
> = {
  totp: {
    label: 'Authentifizierungscode',
    description: 'Den sechsstelligen Code aus Ihrer Authenticator-App eingeben.',
    missing: 'Bitte geben Sie den Code aus Ihrer App ein.',
    switchTo: 'Wiederherstellungscode verwenden',
  },
  recovery: {
    label: 'Wiederherstellungscode',
    description: 'Einen der Wiederherstellungscodes eingeben, die Sie beim Einrichten erhalten haben.',
    missing: 'Bitte geben Sie einen Wiederherstellungscode ein.',
    switchTo: 'Code aus der App verwenden',
  },
};

/** Second login step: the TOTP code, or a single-use recovery code. */
export function SecondFactorForm({ mode, onModeChange, onLoggedIn, onCancel }: SecondFactorFormProps) {
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const text = TEXT[mode];
  // Apps show the code as "123 456"; spaces are never part of it.
  const cleaned = code.replace(/\s+/g, '');

  function switchMode() {
    setCode('');
    setSubmitted(false);
    setMessage(null);
    onModeChange(mode === 'totp' ? 'recovery' : 'totp');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (cleaned === '') return;
    setPending(true);
    setMessage(null);
    try {
      const { result } = mode === 'totp' ? await login2fa(cleaned) : await loginWithRecoveryCode(cleaned);
      if (result === LoginResult.LoggedIn) return onLoggedIn();
      setMessage(loginResultMessage(result === LoginResult.UnknownResult ? LoginResult.Invalid2FA : result));
    } catch (error) {
      if (!isAbortedError(error)) setMessage(describeError(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      <Text>Ihr Konto ist mit einem zweiten Faktor geschützt.</Text>
      {message ? <MessageBanner level="danger" title="Anmeldung nicht möglich" message={message} autoFocus /> : null}
      <Form onSubmit={submit} aria-label={text.label} maxWidth="100%">
        <TextField
          key={mode}
          label={text.label}
          description={text.description}
          name={mode === 'totp' ? 'code' : 'recoveryCode'}
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
          value={code}
          onChange={setCode}
          isRequired
          necessityIndicator="label"
          validationState={submitted && cleaned === '' ? 'invalid' : undefined}
          errorMessage={text.missing}
          autoFocus
        />
        <Button type="submit" variant="accent" isPending={pending} marginTop="size-100">
          Bestätigen
        </Button>
      </Form>
      <Flex gap="size-300" wrap>
        <Link onPress={switchMode}>{text.switchTo}</Link>
        <Link onPress={onCancel}>Zurück zur Anmeldung</Link>
      </Flex>
    </Flex>
  );
}
