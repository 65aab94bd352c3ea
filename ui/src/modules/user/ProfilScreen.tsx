import { Flex, Heading, Text, TextField } from '@adobe/react-spectrum';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { changePasswordBody, passwordSchema, updateProfileBody } from '../../../../src/modules/user/schema';
import { changePassword, updateProfile } from '../../api/user';
import { useSignedInUser } from '../../app/RequireAuth';
import { usePageTitle } from '../../app/usePageTitle';
import { FormPage } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';
import { useZodForm } from '../../lib/useZodForm';
import { PASSWORD_HINT, PASSWORDS_DIFFER } from './passwordRules';
import { TwoFactorSection } from './TwoFactorSection';
import './user.css';

export const MFA_REQUIRED_TEXT = 'Ihr Verein verlangt die Zwei-Faktor-Anmeldung. Bitte richten Sie sie jetzt ein.';
export const PASSWORD_CHANGED_TEXT = 'Ihr Passwort wurde geändert. Ihre anderen Anmeldungen wurden beendet.';

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
  const form = useZodForm(updateProfileBody, {
    initial: { name: current },
    labels: { name: 'Name' },
  });
  return (
    <FormPage
      label="Name ändern"
      form={form}
      maxWidth="size-5000"
      onSubmit={() =>
        void form.submit((body) => updateProfile(body.name), {
          success: 'Ihr Name wurde gespeichert.',
          onSaved: (saved) => form.reset({ name: saved.name }),
        })
      }
    >
      <TextField
        label="Name"
        description="So erscheinen Sie oben rechts und im Verlauf der Änderungen."
        name="name"
        autoComplete="name"
        isRequired
        {...form.field('name')}
      />
    </FormPage>
  );
}

interface PasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

const EMPTY_PASSWORDS: PasswordInput = { currentPassword: '', newPassword: '', confirmation: '' };

/** The call's body with the new password held to the server's own password rule (the service checks it). */
const passwordChange = changePasswordBody.extend({ newPassword: passwordSchema });

function PasswordForm({ email }: { email: string }) {
  const form = useZodForm(passwordChange, {
    initial: EMPTY_PASSWORDS,
    labels: {
      currentPassword: 'Aktuelles Passwort',
      newPassword: 'Neues Passwort',
      confirmation: 'Neues Passwort wiederholen',
    },
    toBody: (v) => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    inputErrors: (v) => ({
      ...(v.currentPassword === '' ? { currentPassword: 'Bitte geben Sie Ihr aktuelles Passwort ein.' } : {}),
      ...(v.confirmation !== v.newPassword ? { confirmation: PASSWORDS_DIFFER } : {}),
    }),
  });

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
      isRequired
      {...(description ? { description } : {})}
      {...form.field(key)}
    />
  );

  return (
    <FormPage
      label="Passwort ändern"
      form={form}
      maxWidth="size-5000"
      submitLabel="Passwort ändern"
      onSubmit={() =>
        void form.submit((body) => changePassword(body), {
          success: PASSWORD_CHANGED_TEXT,
          onSaved: () => form.reset(EMPTY_PASSWORDS),
        })
      }
    >
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
    </FormPage>
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
    // Room below the last section: its buttons (e.g. under the new recovery codes) can scroll clear of
    // the toasts at the bottom of the window.
    <Flex
      direction="column"
      gap="size-300"
      UNSAFE_style={{ paddingBottom: 'var(--spectrum-global-dimension-size-1600)' }}
    >
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
