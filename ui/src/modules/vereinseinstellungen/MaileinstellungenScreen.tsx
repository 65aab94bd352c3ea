import {
  AlertDialog,
  Button,
  DialogContainer,
  Flex,
  Form,
  Heading,
  Item,
  Picker,
  StatusLight,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { maileinstellungenBody } from '../../../../src/modules/vereinseinstellungen/schema';
import { useHasRight } from '../../api/common';
import { describeError, isAbortedError } from '../../api/errors';
import { saveWithToast } from '../../api/toast';
import { useCurrentUser } from '../../api/user';
import {
  type MailSecurity,
  type MailSettings,
  type MailSettingsInput,
  resetMaileinstellungen,
  sendTestMail,
  type TestMailResult,
  updateMaileinstellungen,
  useVereinseinstellungen,
  type Vereinseinstellungen,
} from '../../api/vereinseinstellungen';
import { fetchRecord } from '../../api/versionConflict';
import { usePageTitle } from '../../app/usePageTitle';
import { FormPage, NumberInput } from '../../components/formKit';
import { LoadFailed, Loading } from '../../components/LoadState';
import { MessageBanner } from '../../components/MessageBanner';
import { isEmail } from '../../lib/fieldFormats';
import { matchFieldErrors } from '../../lib/serverErrors';
import { useZodForm } from '../../lib/useZodForm';

const SECURITY_OPTIONS: readonly { key: MailSecurity; label: string; port: number }[] = [
  { key: 'none', label: 'Keine', port: 25 },
  { key: 'starttls', label: 'STARTTLS', port: 587 },
  { key: 'tls', label: 'TLS', port: 465 },
];

const SECURITY_TEXT: Readonly<Record<MailSecurity, string>> = {
  none: 'ohne Verschlüsselung',
  starttls: 'STARTTLS',
  tls: 'TLS',
};

interface MailForm {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  /** Only ever what the user typed: the stored password is never shown. */
  password: string;
  fromName: string;
  fromAddress: string;
  replyTo: string;
}

function toForm(mail: MailSettings | undefined): MailForm {
  const security = SECURITY_OPTIONS.some((option) => option.key === mail?.security) ? mail!.security : 'starttls';
  return {
    host: mail?.host ?? '',
    port: typeof mail?.port === 'number' ? mail.port : Number.NaN,
    security,
    user: mail?.user ?? '',
    // Never taken from the answer, even if a faulty server sent one.
    password: '',
    fromName: mail?.fromName ?? '',
    fromAddress: mail?.fromAddress ?? '',
    replyTo: mail?.replyTo ?? '',
  };
}

function toInput(form: MailForm): MailSettingsInput {
  return {
    host: form.host.trim(),
    port: form.port,
    security: form.security,
    user: form.user.trim(),
    // Absent = keep the stored password.
    ...(form.password !== '' ? { password: form.password } : {}),
    fromName: form.fromName.trim(),
    fromAddress: form.fromAddress.trim(),
    replyTo: form.replyTo.trim(),
  };
}

export function mailStatusText(mail: MailSettings | undefined): string {
  if (!mail?.configured || !mail.host) return 'Kein Mailserver eingestellt – Mails landen im Postausgang';
  const port = typeof mail.port === 'number' ? `:${mail.port}` : '';
  return `Mailserver: ${mail.host}${port} (${SECURITY_TEXT[mail.security] ?? mail.security})`;
}

function invalid(error: string | undefined) {
  return error ? { validationState: 'invalid' as const, errorMessage: error } : {};
}

interface MailFormProps {
  mail: MailSettings | undefined;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

const MAIL_LABELS: Readonly<Record<keyof MailForm, string>> = {
  host: 'Mailserver (SMTP)',
  port: 'Port',
  security: 'Verschlüsselung',
  user: 'Benutzer',
  password: 'Passwort',
  fromName: 'Absendername',
  fromAddress: 'Absenderadresse',
  replyTo: 'Antwortadresse',
};

/** The SMTP settings on the one form system, checked with the server's UpdateMaileinstellungen schema. */
function MailSettingsForm({ mail, canEdit, onDirtyChange }: MailFormProps) {
  const saved = useMemo(() => toForm(mail), [mail]);
  // The settings the form was filled from: their version goes with the save.
  const [base, setBase] = useState(mail);
  const [askReset, setAskReset] = useState(false);
  const readOnly = !canEdit;
  const form = useZodForm(maileinstellungenBody, {
    initial: saved,
    labels: MAIL_LABELS,
    toBody: (values: MailForm): MailSettingsInput => ({ ...toInput(values), version: form.version }),
    inputErrors: (values) => (Number.isFinite(values.port) ? {} : { port: 'Bitte geben Sie den Port ein, z. B. 587.' }),
    conflict: {
      record: base,
      toValues: toForm,
      reload: async () =>
        (await fetchRecord<Vereinseinstellungen>('/api/Vereinseinstellungen/Vereinseinstellungen', {})).mail,
    },
    readOnly,
  });
  const values = form.values;

  // New data from the server replaces an untouched form; edits in progress win.
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (JSON.stringify(lastSaved.current) === JSON.stringify(saved)) return;
    lastSaved.current = saved;
    if (!form.dirty) {
      form.reset(saved);
      setBase(mail);
    }
  }, [saved, form, mail]);
  useEffect(() => onDirtyChange(form.dirty), [form.dirty, onDirtyChange]);

  function setSecurity(security: MailSecurity) {
    // The usual port goes with the encryption, unless the user typed another one.
    const usual = SECURITY_OPTIONS.some((option) => option.port === values.port);
    const port =
      Number.isNaN(values.port) || usual ? SECURITY_OPTIONS.find((o) => o.key === security)!.port : values.port;
    form.setValues({ ...values, security, port });
  }

  function save() {
    void form.submit((body) => updateMaileinstellungen(body as MailSettingsInput), {
      onSaved: (result) => {
        form.reset(toForm(result?.mail ?? mail));
        setBase(result?.mail ?? mail);
      },
    });
  }

  async function reset() {
    try {
      const result = await saveWithToast(resetMaileinstellungen(), { success: 'Maileinstellungen zurückgesetzt.' });
      form.reset(toForm(result?.mail));
      setBase(result?.mail);
    } catch {
      // The error toast tells.
    }
  }

  return (
    <Flex direction="column" gap="size-200" maxWidth="size-6000">
      <FormPage label="Mailserver" form={form} onSubmit={save}>
        <TextField
          label="Mailserver (SMTP)"
          name="host"
          isRequired={!readOnly}
          description="z. B. smtp.example.at – steht in den Unterlagen Ihres E-Mail-Anbieters."
          autoComplete="off"
          {...form.field('host')}
        />
        <Flex gap="size-200" wrap>
          <NumberInput
            label="Port"
            name="port"
            formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
            hideStepper
            isRequired={!readOnly}
            width="size-1600"
            {...form.field('port')}
          />
          {readOnly ? (
            <TextField
              label="Verschlüsselung"
              value={SECURITY_OPTIONS.find((option) => option.key === values.security)?.label ?? ''}
              width="size-2400"
            />
          ) : (
            <Picker
              id={form.idOf('security')}
              label="Verschlüsselung"
              name="security"
              items={SECURITY_OPTIONS}
              selectedKey={values.security}
              onSelectionChange={(key) => {
                if (key !== null) setSecurity(String(key) as MailSecurity);
              }}
              width="size-3600"
              description="Üblich: STARTTLS mit Port 587, TLS mit Port 465."
              {...invalid(form.errors.security)}
            >
              {(option) => <Item key={option.key}>{option.label}</Item>}
            </Picker>
          )}
        </Flex>
        <TextField
          label="Benutzer"
          name="user"
          autoComplete="off"
          description="Meist die E-Mail-Adresse des Postfachs."
          {...form.field('user')}
        />
        {readOnly ? (
          <TextField
            label="Passwort"
            value={mail?.passwordSet ? 'gespeichert' : 'keines'}
            description="Das Passwort wird nie angezeigt."
          />
        ) : (
          <TextField
            label="Passwort"
            name="password"
            type="password"
            // Keeps the browser from filling in the user's own login password.
            autoComplete="new-password"
            description={
              mail?.passwordSet
                ? 'gespeichert – leer lassen, um es zu behalten'
                : 'Nur nötig, wenn der Mailserver eine Anmeldung verlangt.'
            }
            {...form.field('password')}
          />
        )}
        <TextField
          label="Absendername"
          name="fromName"
          description="So erscheint der Absender bei den Empfängern, z. B. „KGV Sonnenhang“."
          {...form.field('fromName')}
        />
        <TextField
          label="Absenderadresse"
          name="fromAddress"
          type="email"
          isRequired={!readOnly}
          {...form.field('fromAddress')}
        />
        <TextField
          label="Antwortadresse"
          name="replyTo"
          type="email"
          description="Antworten der Empfänger gehen hierhin; leer = an die Absenderadresse."
          {...form.field('replyTo')}
        />
      </FormPage>
      {canEdit && mail?.configured ? (
        <View>
          <Button variant="negative" style="outline" onPress={() => setAskReset(true)} isDisabled={form.saving}>
            Zurücksetzen
          </Button>
        </View>
      ) : null}
      <DialogContainer onDismiss={() => setAskReset(false)}>
        {askReset ? (
          <AlertDialog
            title="Maileinstellungen zurücksetzen?"
            variant="destructive"
            primaryActionLabel="Zurücksetzen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void reset()}
          >
            Danach gehen Mails in den Postausgang (outbox) statt an einen Mailserver. Die gespeicherten Zugangsdaten
            werden gelöscht.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}

function TestMail({ formDirty }: { formDirty: boolean }) {
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

/** Spec §2 E-Mails: the SMTP server the app sends through, its reset and a test mail. */
export default function MaileinstellungenScreen() {
  usePageTitle('Maileinstellungen');
  const { data, error, isLoading, mutate } = useVereinseinstellungen();
  const editRight = useHasRight('WebApp.Vereinseinstellungen.Edit');
  const canEdit = editRight === true;
  // The form asks itself before its changes go (useZodForm); the screen only tells the test mail.
  const [dirty, setDirty] = useState(false);
  const mail = data?.mail;

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">E-Mails</Text>
        <Heading level={1} margin={0}>
          Maileinstellungen
        </Heading>
      </View>
      {data ? (
        <>
          <StatusLight variant={mail?.configured ? 'positive' : 'notice'} role="status">
            {mailStatusText(mail)}
          </StatusLight>
          {editRight === false ? (
            <MessageBanner
              level="info"
              title="Nur ansehen"
              message="Sie können die Maileinstellungen ansehen, aber nicht ändern."
            />
          ) : null}
          <MailSettingsForm mail={mail} canEdit={canEdit} onDirtyChange={setDirty} />
          {canEdit ? <TestMail formDirty={dirty} /> : null}
        </>
      ) : error && !isLoading ? (
        <LoadFailed
          title="Die Maileinstellungen konnten nicht geladen werden."
          error={error}
          onRetry={() => void mutate()}
        />
      ) : (
        <Loading label="Die Maileinstellungen werden geladen …" />
      )}
    </Flex>
  );
}
