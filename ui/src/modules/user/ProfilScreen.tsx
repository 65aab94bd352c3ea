import { Button, Flex, Form, Heading, Text, TextField } from '@adobe/react-spectrum';
import { type FormEvent, type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { fieldErrors } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { changePassword, updateProfile } from '../../api/user';
import { useSignedInUser } from '../../app/RequireAuth';
import { usePageTitle } from '../../app/usePageTitle';
import { MessageBanner } from '../../components/MessageBanner';
import { PASSWORD_HINT, validateNewPassword } from './passwordRules';
import { TwoFactorSection } from './TwoFactorSection';
import './user.css';

export const MFA_REQUIRED_TEXT = 'Ihr Verein verlangt die Zwei-Faktor-Anmeldung. Bitte richten Sie sie jetzt ein.';
export const PASSWORD_CHANGED_TEXT = 'Ihr Passwort wurde geändert. Ihre anderen Anmeldungen wurden beendet.';
const NAME_MISSING = 'Bitte geben Sie einen Namen ein.';

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
  sectionRef?: Ref<HTMLElement>;
}

function Section({ id, title, children, sectionRef }: SectionProps) {
  return (
    <section className="kgv-section" aria-labelledby={`${id}-title`} id={id} ref={sectionRef} tabIndex={-1}>
      <Heading level={2} id={`${id}-title`} marginTop={0}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

function NameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [pending, setPending] = useState(false);
  const missing = name.trim() === '';
  const message = (submitted && missing ? NAME_MISSING : undefined) ?? fieldErrors(error).name;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (missing) return;
    setPending(true);
    setError(undefined);
    try {
      await saveWithToast(updateProfile(name.trim()), { success: 'Ihr Name wurde gespeichert.' });
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label="Name ändern" maxWidth="size-5000">
      <TextField
        label="Name"
        description="So erscheinen Sie oben rechts und im Verlauf der Änderungen."
        name="name"
        autoComplete="name"
        value={name}
        onChange={setName}
        isRequired
        necessityIndicator="label"
        validationState={message ? 'invalid' : undefined}
        errorMessage={message}
      />
      <Flex marginTop="size-100">
        <Button type="submit" variant="accent" isPending={pending}>
          Speichern
        </Button>
      </Flex>
    </Form>
  );
}

interface PasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

const EMPTY_PASSWORDS: PasswordInput = { currentPassword: '', newPassword: '', confirmation: '' };

function PasswordForm({ email }: { email: string }) {
  const [input, setInput] = useState<PasswordInput>(EMPTY_PASSWORDS);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [pending, setPending] = useState(false);

  const local = (() => {
    const errors: Partial<Record<keyof PasswordInput, string>> = {};
    if (input.currentPassword === '') errors.currentPassword = 'Bitte geben Sie Ihr aktuelles Passwort ein.';
    const fresh = validateNewPassword(input.newPassword, input.confirmation);
    if (fresh.password) errors.newPassword = fresh.password;
    if (fresh.confirmation) errors.confirmation = fresh.confirmation;
    return errors;
  })();
  const server = fieldErrors(error);
  const errorOf = (field: keyof PasswordInput) => (submitted ? local[field] : undefined) ?? server[field];
  const set = (field: keyof PasswordInput) => (value: string) => setInput((prev) => ({ ...prev, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(local).length > 0) return;
    setPending(true);
    setError(undefined);
    try {
      await saveWithToast(changePassword({ currentPassword: input.currentPassword, newPassword: input.newPassword }), {
        success: PASSWORD_CHANGED_TEXT,
      });
      setInput(EMPTY_PASSWORDS);
      setSubmitted(false);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  }

  const field = (
    key: keyof PasswordInput,
    label: string,
    autoComplete: 'current-password' | 'new-password',
    description?: string,
  ) => (
    <TextField
      label={label}
      type="password"
      name={key}
      autoComplete={autoComplete}
      value={input[key]}
      onChange={set(key)}
      isRequired
      necessityIndicator="label"
      validationState={errorOf(key) ? 'invalid' : undefined}
      errorMessage={errorOf(key)}
      {...(description ? { description } : {})}
    />
  );

  return (
    <Form onSubmit={submit} aria-label="Passwort ändern" maxWidth="size-5000">
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={email}
        readOnly
        hidden
        aria-hidden="true"
        tabIndex={-1}
      />
      {field('currentPassword', 'Aktuelles Passwort', 'current-password')}
      {field('newPassword', 'Neues Passwort', 'new-password', PASSWORD_HINT)}
      {field('confirmation', 'Neues Passwort wiederholen', 'new-password')}
      <Text UNSAFE_className="kgv-muted">
        Andere Anmeldungen (z. B. auf einem zweiten Computer) werden dabei beendet.
      </Text>
      <Flex marginTop="size-100">
        <Button type="submit" variant="accent" isPending={pending}>
          Passwort ändern
        </Button>
      </Flex>
    </Form>
  );
}

/** The signed-in user's own settings: name, password and two-factor sign-in. */
export default function ProfilScreen() {
  usePageTitle('Profil');
  const user = useSignedInUser();
  const edit2fa = new URLSearchParams(useSearch()).get('edit') === '2fa';
  const twoFactor = useRef<HTMLElement>(null);
  // Until 2FA is set up, the server answers only the 2FA calls (403 mfa_setup_required).
  const setupRequired = user.mfaSetupRequired;

  useEffect(() => {
    if (!edit2fa) return;
    const section = twoFactor.current;
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [edit2fa]);

  return (
    <Flex direction="column" gap="size-300">
      <div>
        <Heading level={1} margin={0}>
          Profil
        </Heading>
        <Text UNSAFE_className="kgv-lead">
          {user.name} · {user.email}
        </Text>
      </div>
      {setupRequired ? (
        <MessageBanner level="warning" title="Zwei-Faktor-Anmeldung erforderlich" message={MFA_REQUIRED_TEXT} />
      ) : null}
      {setupRequired ? null : (
        <Section id="profil-name" title="Name">
          <NameForm current={user.name} />
        </Section>
      )}
      {setupRequired ? null : (
        <Section id="profil-passwort" title="Passwort ändern">
          <PasswordForm email={user.email} />
        </Section>
      )}
      <Section id="profil-2fa" title="Zwei-Faktor-Anmeldung" sectionRef={twoFactor}>
        <TwoFactorSection user={user} startSetup={edit2fa || setupRequired} />
      </Section>
      {setupRequired ? (
        <Text UNSAFE_className="kgv-muted">
          Name und Passwort können Sie ändern, sobald die Zwei-Faktor-Anmeldung eingerichtet ist.
        </Text>
      ) : null}
    </Flex>
  );
}
