import { Button, Flex, Form, Link, Text, TextField } from '@adobe/react-spectrum';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearch } from 'wouter';
import { describeError, fieldErrors, isAbortedError } from '../../api/errors';
import { resetPassword } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { PublicPage } from '../../components/PublicPage';
import { PASSWORD_HINT, validateNewPassword } from './passwordRules';

export const TOKEN_INVALID = 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.';

export interface ResetPasswordInput {
  email: string;
  password: string;
  confirmation: string;
}

/** German field errors of the form, before anything goes to the server. */
export function validateResetPassword(input: ResetPasswordInput): Partial<Record<keyof ResetPasswordInput, string>> {
  const errors: Partial<Record<keyof ResetPasswordInput, string>> = {};
  if (input.email.trim() === '') errors.email = 'Bitte geben Sie Ihre E-Mail-Adresse ein.';
  return { ...errors, ...validateNewPassword(input.password, input.confirmation) };
}

/**
 * Sets a password with the token from the reset or invitation link (?email=…&token=…). An
 * invitation (`&einladung=1`) is a new user's first password: the page says "Passwort festlegen".
 */
export default function ResetPasswordScreen() {
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? params.get('code') ?? '';
  const invitation = params.get('einladung') === '1';
  const title = invitation ? 'Passwort festlegen' : 'Neues Passwort';
  const [input, setInput] = useState<ResetPasswordInput>({
    email: params.get('email') ?? '',
    password: '',
    confirmation: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(undefined);

  const local = submitted ? validateResetPassword(input) : {};
  const server = fieldErrors(error);
  // A bad, expired or used token (422 errors.token): the form cannot help, only a new link.
  const tokenRejected = server.token !== undefined;
  const errorOf = (field: keyof ResetPasswordInput) => local[field] ?? server[field];
  const set = (field: keyof ResetPasswordInput) => (value: string) => setInput((prev) => ({ ...prev, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateResetPassword(input)).length > 0) return;
    setPending(true);
    setError(undefined);
    try {
      await resetPassword({ email: input.email.trim(), token, password: input.password });
      setDone(true);
    } catch (caught) {
      if (!isAbortedError(caught)) setError(caught);
    } finally {
      setPending(false);
    }
  }

  let body: ReactNode;
  if (done) {
    body = (
      <>
        <MessageBanner
          level="success"
          message={
            invitation
              ? 'Ihr Passwort ist festgelegt. Sie können sich jetzt damit anmelden.'
              : 'Ihr Passwort wurde geändert. Sie können sich jetzt damit anmelden.'
          }
          autoFocus
        />
        <Link href="/login">Zur Anmeldung</Link>
      </>
    );
  } else if (tokenRejected) {
    body = (
      <>
        <MessageBanner level="danger" title="Link ungültig" message={TOKEN_INVALID} autoFocus />
        <Link href="/forgotpassword">Neuen Link anfordern</Link>
      </>
    );
  } else if (!token) {
    body = (
      <>
        <MessageBanner
          level="warning"
          message="Der Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail noch einmal oder fordern Sie einen neuen an."
        />
        <Link href="/forgotpassword">Neuen Link anfordern</Link>
      </>
    );
  } else {
    body = (
      <>
        {error ? <MessageBanner level="danger" message={describeError(error)} autoFocus /> : null}
        {invitation ? (
          <Text>Willkommen! Legen Sie hier das Passwort fest, mit dem Sie sich künftig anmelden.</Text>
        ) : null}
        <Form onSubmit={submit} aria-label={title} maxWidth="100%">
          <TextField
            label="E-Mail"
            type="email"
            name="email"
            autoComplete="username"
            value={input.email}
            onChange={set('email')}
            isRequired
            necessityIndicator="label"
            validationState={errorOf('email') !== undefined ? 'invalid' : undefined}
            errorMessage={errorOf('email')}
          />
          <TextField
            label={invitation ? 'Passwort' : 'Neues Passwort'}
            type="password"
            name="password"
            autoComplete="new-password"
            description={PASSWORD_HINT}
            value={input.password}
            onChange={set('password')}
            isRequired
            necessityIndicator="label"
            validationState={errorOf('password') !== undefined ? 'invalid' : undefined}
            errorMessage={errorOf('password')}
            autoFocus
          />
          <TextField
            label="Passwort wiederholen"
            type="password"
            name="confirmation"
            autoComplete="new-password"
            value={input.confirmation}
            onChange={set('confirmation')}
            isRequired
            necessityIndicator="label"
            validationState={errorOf('confirmation') !== undefined ? 'invalid' : undefined}
            errorMessage={errorOf('confirmation')}
          />
          <Button type="submit" variant="accent" isPending={pending} marginTop="size-100">
            {invitation ? 'Passwort festlegen' : 'Passwort speichern'}
          </Button>
        </Form>
        <Link href="/login">Zurück zur Anmeldung</Link>
      </>
    );
  }

  return (
    <PublicPage title={title}>
      <Flex direction="column" gap="size-200">
        {body}
      </Flex>
    </PublicPage>
  );
}
