import { Button, Flex, Form, Heading, Text, TextField } from '@adobe/react-spectrum';
import { type FormEvent, useState } from 'react';
import { describeError, isAbortedError } from '../../api/errors';
import { useCurrentUser } from '../../api/user';
import { sendTestMail, type TestMailResult } from '../../api/vereinseinstellungen';
import { invalid } from '../../components/formKit';
import { MessageBanner } from '../../components/MessageBanner';
import { isEmail } from '../../lib/fieldFormats';
import { matchFieldErrors } from '../../lib/serverErrors';

/** A test mail through the saved settings, to the signed-in user unless another address is typed. */
export function TestMail({ formDirty }: { formDirty: boolean }) {
  const { data: user } = useCurrentUser();
  const [mailTo, setMailTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ to: string; answer: TestMailResult } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const address = mailTo ?? user?.email ?? '';

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = address.trim();
    if (!isEmail(to)) {
      setFieldError('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      return;
    }
    setFieldError(null);
    setFailure(null);
    setResult(null);
    setSending(true);
    try {
      setResult({ to, answer: await sendTestMail(to) });
    } catch (error) {
      if (!isAbortedError(error)) {
        const matched = matchFieldErrors(error, ['mailTo']);
        if (matched.fields.mailTo) setFieldError(matched.fields.mailTo);
        else setFailure(describeError(error));
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="kgv-testmail">
      <Heading level={2} id="kgv-testmail">
        Testmail senden
      </Heading>
      <Flex direction="column" gap="size-200" maxWidth="size-6000">
        <Text>Prüft die gespeicherten Einstellungen mit einer kurzen Nachricht.</Text>
        {formDirty ? (
          <MessageBanner
            level="info"
            message="Die Testmail verwendet die gespeicherten Einstellungen. Speichern Sie Ihre Änderungen vorher, um sie zu prüfen."
          />
        ) : null}
        <Form onSubmit={send} aria-label="Testmail senden" validationBehavior="aria">
          <Flex gap="size-200" alignItems="end" wrap>
            <TextField
              label="Empfänger"
              name="mailTo"
              type="email"
              value={address}
              onChange={(value) => {
                setMailTo(value);
                setFieldError(null);
              }}
              width="size-4600"
              {...invalid(fieldError ?? undefined)}
            />
            <Button type="submit" variant="primary" isPending={sending}>
              Testmail senden
            </Button>
          </Flex>
        </Form>
        {result ? (
          <MessageBanner
            level="success"
            title="Testmail verschickt"
            message={
              result.answer.transport === 'smtp'
                ? `Testmail an ${result.to} gesendet über SMTP.`
                : `Testmail an ${result.to} in den Postausgang gelegt (kein Mailserver eingestellt).`
            }
            {...(result.answer.file ? { details: `Datei im Postausgang: ${result.answer.file}` } : {})}
          />
        ) : null}
        {failure ? <MessageBanner level="danger" title="Testmail nicht gesendet" message={failure} /> : null}
      </Flex>
    </section>
  );
}
