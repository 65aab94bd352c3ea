import { Button, Flex, Form, Link, Text, TextField } from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { describeError, fieldErrors, isAbortedError } from '../../api/errors';
import { forgotPassword } from '../../api/user';
import { MessageBanner } from '../../components/MessageBanner';
import { PublicPage } from '../../components/PublicPage';

/** The same answer whether or not the address exists: nobody learns which addresses have accounts. */
export const FORGOT_PASSWORD_SENT =
  'Wenn die Adresse bei uns bekannt ist, haben wir Ihnen einen Link geschickt. Er ist eine Stunde gültig.';

/** Asks for a reset link by e-mail. */
export default function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(undefined);

  const serverFieldError = fieldErrors(error).email;
  const emailError = submitted && email.trim() === '' ? 'Bitte geben Sie Ihre E-Mail-Adresse ein.' : serverFieldError;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (email.trim() === '') return;
    setPending(true);
    setError(undefined);
    try {
      await forgotPassword(email.trim());
      setSent(true);
    } catch (caught) {
      if (!isAbortedError(caught)) setError(caught);
    } finally {
      setPending(false);
    }
  }

  return (
    <PublicPage title="Passwort vergessen">
      <Flex direction="column" gap="size-200">
        {sent ? (
          <MessageBanner level="success" title="E-Mail ist unterwegs" message={FORGOT_PASSWORD_SENT} autoFocus />
        ) : (
          <>
            <Text>
              Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues
              Passwort festlegen können.
            </Text>
            {error ? <MessageBanner level="danger" message={describeError(error)} autoFocus /> : null}
            <Form onSubmit={submit} aria-label="Passwort vergessen" maxWidth="100%">
              <TextField
                label="E-Mail"
                type="email"
                name="email"
                autoComplete="username"
                value={email}
                onChange={setEmail}
                isRequired
                necessityIndicator="label"
                validationState={emailError !== undefined ? 'invalid' : undefined}
                errorMessage={emailError}
                autoFocus
              />
              <Button type="submit" variant="accent" isPending={pending} marginTop="size-100">
                Link anfordern
              </Button>
            </Form>
          </>
        )}
        <Link href="/login">Zurück zur Anmeldung</Link>
      </Flex>
    </PublicPage>
  );
}
