import {
  AlertDialog,
  Button,
  ButtonGroup,
  DialogContainer,
  Flex,
  Form,
  StatusLight,
  Text,
  TextField,
} from '@adobe/react-spectrum';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { fieldErrors, isAbortedError } from '../../api/errors';
import { saveWithToast, showErrorToast, showSuccessToast } from '../../api/toast';
import {
  type AuthenticatorSetup,
  type CurrentUser,
  disableAuthenticator,
  enableAuthenticator,
  generateRecoveryCodes,
  resetAuthenticator,
  setEnableAuthenticator,
} from '../../api/user';
import { cleanTotpCode, groupSharedKey, totpCodeError } from './codes';
import { RecoveryCodesBox } from './RecoveryCodesBox';

type Phase =
  | { kind: 'status' }
  | { kind: 'setup'; setup: AuthenticatorSetup }
  | { kind: 'codes'; codes: readonly string[] };

type Confirm = 'regenerate' | 'disable' | 'reset';

export const ENABLED_TEXT = 'Die Zwei-Faktor-Anmeldung ist eingerichtet.';

interface SetupFormProps {
  setup: AuthenticatorSetup;
  onEnabled: (codes: readonly string[]) => void;
  onCancel?: () => void;
}

/** Scan (or type) the key, then prove it with a code from the app. */
function SetupForm({ setup, onEnabled, onCancel }: SetupFormProps) {
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const localError = totpCodeError(code);
  const error = (submitted ? localError : undefined) ?? serverError;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(undefined);
    if (localError) return;
    setPending(true);
    try {
      const result = await setEnableAuthenticator(cleanTotpCode(code));
      showSuccessToast(result.statusMessage || ENABLED_TEXT);
      onEnabled(result.recoveryCodes);
    } catch (caught) {
      if (isAbortedError(caught)) return;
      // A wrong code (422 errors.code) belongs under the field; anything else is a toast.
      const message = fieldErrors(caught).code;
      if (message) setServerError(message);
      else showErrorToast(caught);
    } finally {
      setPending(false);
    }
  }

  return (
    <ol className="kgv-steps">
      <li>
        <Text>Öffnen Sie die Authenticator-App und scannen Sie diesen QR-Code:</Text>
        <img className="kgv-qr" src={setup.qrCode} alt="QR-Code zum Einrichten der Authenticator-App" />
      </li>
      <li>
        <Text>Falls das Scannen nicht klappt, geben Sie in der App diesen Schlüssel von Hand ein:</Text>
        <div>
          <code className="kgv-shared-key">{groupSharedKey(setup.sharedKey)}</code>
        </div>
      </li>
      <li>
        <Form onSubmit={submit} aria-label="Authenticator bestätigen" maxWidth="size-4600">
          <TextField
            label="Code aus der App"
            description="Die App zeigt einen sechsstelligen Code, der sich alle 30 Sekunden ändert."
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(value) => {
              setCode(value);
              setServerError(undefined);
            }}
            isRequired
            necessityIndicator="label"
            validationState={error ? 'invalid' : undefined}
            errorMessage={error}
          />
          {/* The one button order: Abbrechen | the action. */}
          <ButtonGroup marginTop="size-100">
            {onCancel ? (
              <Button variant="secondary" onPress={onCancel} isDisabled={pending}>
                Abbrechen
              </Button>
            ) : null}
            <Button type="submit" variant="accent" isPending={pending}>
              Bestätigen
            </Button>
          </ButtonGroup>
        </Form>
      </li>
    </ol>
  );
}

export interface TwoFactorSectionProps {
  user: CurrentUser;
  /** Opened by /profil?edit=2fa: a user without 2FA sees the QR code at once. */
  startSetup: boolean;
}

/** Spec §4: set up, renew codes, disable or reset the second factor; /api/User is re-read after each. */
export function TwoFactorSection({ user, startSetup }: TwoFactorSectionProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'status' });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  // Switching off or resetting asks for the password (the server checks it; a session alone is not enough).
  const [password, setPassword] = useState('');
  // StrictMode runs effects twice; one new key is enough.
  const autoStarted = useRef(false);

  async function beginSetup() {
    setBusy(true);
    try {
      setPhase({ kind: 'setup', setup: await enableAuthenticator() });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the page opens.
  useEffect(() => {
    if (!startSetup || user.mfa || autoStarted.current) return;
    autoStarted.current = true;
    void beginSetup();
  }, []);

  async function run(action: Confirm) {
    setBusy(true);
    try {
      if (action === 'regenerate') {
        const result = await saveWithToast(generateRecoveryCodes(), {
          success: (r) => r.statusMessage || 'Neue Wiederherstellungscodes wurden erstellt.',
        });
        setPhase({ kind: 'codes', codes: result.recoveryCodes });
      } else if (action === 'disable') {
        // 409 when the club requires 2FA: saveWithToast shows the server's sentence.
        await saveWithToast(disableAuthenticator(password), {
          success: (r) => r.statusMessage || 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
        });
        setPhase({ kind: 'status' });
      } else {
        await saveWithToast(resetAuthenticator(password), {
          success: (r) => r.statusMessage || 'Die Zwei-Faktor-Anmeldung wurde zurückgesetzt.',
        });
        setPhase({ kind: 'status' });
      }
    } catch {
      // Already shown as an error toast (a wrong password included).
    } finally {
      setBusy(false);
      setPassword('');
    }
  }

  const passwordField = (
    <TextField
      label="Ihr Passwort"
      type="password"
      autoComplete="current-password"
      value={password}
      onChange={setPassword}
      isRequired
      necessityIndicator="label"
      width="100%"
      marginTop="size-200"
      autoFocus
    />
  );

  let body: ReactNode;
  if (phase.kind === 'codes') {
    body = <RecoveryCodesBox codes={phase.codes} email={user.email} onDone={() => setPhase({ kind: 'status' })} />;
  } else if (phase.kind === 'setup') {
    body = (
      <SetupForm
        setup={phase.setup}
        onEnabled={(codes) => setPhase({ kind: 'codes', codes })}
        // While the club requires 2FA there is nothing to go back to.
        onCancel={user.mfaSetupRequired ? undefined : () => setPhase({ kind: 'status' })}
      />
    );
  } else if (user.mfa) {
    body = (
      <Flex direction="column" gap="size-200">
        <StatusLight variant="positive">aktiv</StatusLight>
        <Text>
          Bei der Anmeldung fragen wir nach dem Passwort zusätzlich einen Code aus Ihrer Authenticator-App ab. Haben Sie
          das Smartphone nicht zur Hand, hilft einer Ihrer Wiederherstellungscodes.
        </Text>
        <ButtonGroup isDisabled={busy}>
          <Button variant="secondary" onPress={() => setConfirm('regenerate')}>
            Neue Wiederherstellungscodes
          </Button>
          <Button variant="secondary" onPress={() => setConfirm('reset')}>
            Zurücksetzen
          </Button>
          <Button variant="negative" onPress={() => setConfirm('disable')}>
            Deaktivieren
          </Button>
        </ButtonGroup>
      </Flex>
    );
  } else {
    body = (
      <Flex direction="column" gap="size-200">
        <StatusLight variant="neutral">aus</StatusLight>
        <Text>
          Mit der Zwei-Faktor-Anmeldung braucht es zum Anmelden außer dem Passwort einen Code, den eine
          Authenticator-App auf Ihrem Smartphone alle 30 Sekunden neu erzeugt – etwa Google Authenticator, Microsoft
          Authenticator oder FreeOTP. Wer Ihr Passwort kennt, kommt so trotzdem nicht in Ihr Konto.
        </Text>
        <Button variant="accent" alignSelf="start" onPress={() => void beginSetup()} isPending={busy}>
          Einrichten
        </Button>
      </Flex>
    );
  }

  return (
    <>
      {body}
      <DialogContainer
        onDismiss={() => {
          setConfirm(null);
          setPassword('');
        }}
      >
        {confirm === 'regenerate' ? (
          <AlertDialog
            title="Neue Wiederherstellungscodes erstellen?"
            variant="warning"
            primaryActionLabel="Neue Codes erstellen"
            cancelLabel="Abbrechen"
            onPrimaryAction={() => void run('regenerate')}
          >
            Ihre bisherigen Wiederherstellungscodes werden damit ungültig. Bewahren Sie danach die neuen Codes auf.
          </AlertDialog>
        ) : confirm === 'disable' ? (
          <AlertDialog
            title="Zwei-Faktor-Anmeldung deaktivieren?"
            variant="destructive"
            primaryActionLabel="Deaktivieren"
            cancelLabel="Abbrechen"
            isPrimaryActionDisabled={password === ''}
            onPrimaryAction={() => void run('disable')}
          >
            Danach genügt zum Anmelden wieder das Passwort allein. Ihre Wiederherstellungscodes werden ungültig. Bitte
            bestätigen Sie mit Ihrem Passwort.
            {passwordField}
          </AlertDialog>
        ) : confirm === 'reset' ? (
          <AlertDialog
            title="Zwei-Faktor-Anmeldung zurücksetzen?"
            variant="destructive"
            primaryActionLabel="Zurücksetzen"
            cancelLabel="Abbrechen"
            isPrimaryActionDisabled={password === ''}
            onPrimaryAction={() => void run('reset')}
          >
            Der Schlüssel in Ihrer Authenticator-App wird ungültig und die Zwei-Faktor-Anmeldung ist aus, bis Sie sie
            mit einem neuen Schlüssel wieder einrichten. Bitte bestätigen Sie mit Ihrem Passwort.
            {passwordField}
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </>
  );
}
