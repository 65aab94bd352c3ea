import {
  AlertDialog,
  Button,
  ButtonGroup,
  DialogContainer,
  Flex,
  Form,
  Heading,
  Item,
  NumberField,
  Picker,
  StatusLight,
  Text,
  TextField,
  View,
} from '@adobe/react-spectrum';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
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
import { fetchRecord, useVersionConflict } from '../../api/versionConflict';
import { usePageTitle } from '../../app/usePageTitle';
import { ConflictBanner } from '../../components/formKit';
import { LoadFailed, Loading } from '../../components/LoadState';
import { MessageBanner } from '../../components/MessageBanner';
import { isEmail } from '../../lib/fieldFormats';
import { matchFieldErrors } from '../../lib/serverErrors';
import { useUnsavedChangesGuard } from '../../lib/useUnsavedChangesGuard';

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

type MailField = keyof MailForm;
const FIELDS: readonly MailField[] = [
  'host',
  'port',
  'security',
  'user',
  'password',
  'fromName',
  'fromAddress',
  'replyTo',
];

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

function sameForm(a: MailForm, b: MailForm): boolean {
  return FIELDS.every((field) => Object.is(a[field], b[field]));
}

function validate(form: MailForm): Partial<Record<MailField, string>> {
  const errors: Partial<Record<MailField, string>> = {};
  if (form.host.trim() === '') errors.host = 'Bitte geben Sie den Mailserver ein, z. B. smtp.example.at.';
  if (!Number.isInteger(form.port) || form.port < 1 || form.port > 65535) {
    errors.port = 'Bitte geben Sie einen Port zwischen 1 und 65535 ein.';
  }
  if (form.fromAddress.trim() === '') errors.fromAddress = 'Bitte geben Sie die Absenderadresse ein.';
  else if (!isEmail(form.fromAddress)) errors.fromAddress = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
  if (form.replyTo.trim() !== '' && !isEmail(form.replyTo)) {
    errors.replyTo = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
  }
  return errors;
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

function MailSettingsForm({ mail, canEdit, onDirtyChange }: MailFormProps) {
  const formId = useId();
  const saved = useMemo(() => toForm(mail), [mail]);
  const [baseline, setBaseline] = useState(saved);
  const [form, setForm] = useState(saved);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<MailField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [askReset, setAskReset] = useState(false);
  // The settings the form was filled from: their version goes with the save.
  const [base, setBase] = useState(mail);
  const conflict = useVersionConflict({
    record: base,
    toValues: toForm,
    values: form,
    setValues: setForm,
    reload: async () => {
      const fresh = (await fetchRecord<Vereinseinstellungen>('/api/Vereinseinstellungen/Vereinseinstellungen', {}))
        .mail;
      setBaseline(toForm(fresh));
      return fresh;
    },
  });
  const dirty = !sameForm(form, baseline);
  const clientErrors = submitted ? validate(form) : {};
  const errorOf = (field: MailField) => serverErrors[field] ?? clientErrors[field];
  const readOnly = !canEdit;

  // New data from the server replaces an untouched form; edits in progress win.
  const lastSaved = useRef(saved);
  useEffect(() => {
    if (sameForm(lastSaved.current, saved)) return;
    lastSaved.current = saved;
    if (!dirty) {
      setBaseline(saved);
      setForm(saved);
      setBase(mail);
    }
  }, [saved, dirty, mail]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function set<K extends MailField>(field: K, value: MailForm[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  }

  function setSecurity(security: MailSecurity) {
    setForm((current) => {
      // The usual port goes with the encryption, unless the user typed another one.
      const usual = SECURITY_OPTIONS.some((option) => option.port === current.port);
      const port =
        Number.isNaN(current.port) || usual ? SECURITY_OPTIONS.find((o) => o.key === security)!.port : current.port;
      return { ...current, security, port };
    });
  }

  function discard() {
    setForm(baseline);
    setSubmitted(false);
    setServerErrors({});
    setOtherErrors([]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canEdit || saving) return;
    setSubmitted(true);
    if (Object.keys(validate(form)).length > 0) return;
    setSaving(true);
    setServerErrors({});
    setOtherErrors([]);
    try {
      const result = await saveWithToast(updateMaileinstellungen({ ...toInput(form), version: conflict.version }));
      const next = toForm(result?.mail ?? mail);
      setBase(result?.mail ?? mail);
      setBaseline(next);
      setForm(next);
      setSubmitted(false);
    } catch (error) {
      if (!isAbortedError(error) && !conflict.noteError(error)) {
        const matched = matchFieldErrors(error, FIELDS);
        setServerErrors(matched.fields);
        setOtherErrors(matched.other);
      }
    } finally {
      setSaving(false);
    }
  }

  async function reset() {
    try {
      const result = await saveWithToast(resetMaileinstellungen(), { success: 'Maileinstellungen zurückgesetzt.' });
      const next = toForm(result?.mail);
      setBase(result?.mail);
      setBaseline(next);
      setForm(next);
      setSubmitted(false);
      setServerErrors({});
    } catch {
      // The error toast tells.
    }
  }

  return (
    <Flex direction="column" gap="size-200" maxWidth="size-6000">
      <ConflictBanner conflict={conflict} />
      {otherErrors.length > 0 ? (
        <MessageBanner level="danger" title="Nicht gespeichert" message={otherErrors.join('\n')} />
      ) : null}
      <Form id={formId} onSubmit={submit} aria-label="Mailserver" validationBehavior="aria" isReadOnly={readOnly}>
        <TextField
          label="Mailserver (SMTP)"
          name="host"
          value={form.host}
          onChange={(value) => set('host', value)}
          isRequired={!readOnly}
          necessityIndicator={readOnly ? 'icon' : 'label'}
          description="z. B. smtp.example.at – steht in den Unterlagen Ihres E-Mail-Anbieters."
          autoComplete="off"
          {...invalid(errorOf('host'))}
        />
        <Flex gap="size-200" wrap>
          <NumberField
            label="Port"
            name="port"
            value={form.port}
            onChange={(value) => set('port', value)}
            minValue={1}
            maxValue={65535}
            formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
            hideStepper
            isRequired={!readOnly}
            necessityIndicator={readOnly ? 'icon' : 'label'}
            width="size-1600"
            {...invalid(errorOf('port'))}
          />
          {readOnly ? (
            <TextField
              label="Verschlüsselung"
              value={SECURITY_OPTIONS.find((option) => option.key === form.security)?.label ?? ''}
              width="size-2400"
            />
          ) : (
            <Picker
              label="Verschlüsselung"
              name="security"
              items={SECURITY_OPTIONS}
              selectedKey={form.security}
              onSelectionChange={(key) => {
                if (key !== null) setSecurity(String(key) as MailSecurity);
              }}
              width="size-3600"
              description="Üblich: STARTTLS mit Port 587, TLS mit Port 465."
              {...invalid(errorOf('security'))}
            >
              {(option) => <Item key={option.key}>{option.label}</Item>}
            </Picker>
          )}
        </Flex>
        <TextField
          label="Benutzer"
          name="user"
          value={form.user}
          onChange={(value) => set('user', value)}
          autoComplete="off"
          description="Meist die E-Mail-Adresse des Postfachs."
          {...invalid(errorOf('user'))}
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
            value={form.password}
            onChange={(value) => set('password', value)}
            // Keeps the browser from filling in the user's own login password.
            autoComplete="new-password"
            description={
              mail?.passwordSet
                ? 'gespeichert – leer lassen, um es zu behalten'
                : 'Nur nötig, wenn der Mailserver eine Anmeldung verlangt.'
            }
            {...invalid(errorOf('password'))}
          />
        )}
        <TextField
          label="Absendername"
          name="fromName"
          value={form.fromName}
          onChange={(value) => set('fromName', value)}
          description="So erscheint der Absender bei den Empfängern, z. B. „KGV Sonnenhang“."
          {...invalid(errorOf('fromName'))}
        />
        <TextField
          label="Absenderadresse"
          name="fromAddress"
          type="email"
          value={form.fromAddress}
          onChange={(value) => set('fromAddress', value)}
          isRequired={!readOnly}
          necessityIndicator={readOnly ? 'icon' : 'label'}
          {...invalid(errorOf('fromAddress'))}
        />
        <TextField
          label="Antwortadresse"
          name="replyTo"
          type="email"
          value={form.replyTo}
          onChange={(value) => set('replyTo', value)}
          description="Antworten der Empfänger gehen hierhin; leer = an die Absenderadresse."
          {...invalid(errorOf('replyTo'))}
        />
      </Form>
      {canEdit ? (
        <ButtonGroup marginTop="size-100">
          <Button type="submit" form={formId} variant="accent" isPending={saving}>
            Speichern
          </Button>
          <Button variant="secondary" onPress={discard} isDisabled={!dirty || saving}>
            Abbrechen
          </Button>
          {mail?.configured ? (
            <Button variant="negative" style="outline" onPress={() => setAskReset(true)} isDisabled={saving}>
              Zurücksetzen
            </Button>
          ) : null}
        </ButtonGroup>
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
  const [dirty, setDirty] = useState(false);
  const { dialog } = useUnsavedChangesGuard(dirty);
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
      {dialog}
    </Flex>
  );
}
