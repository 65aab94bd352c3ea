import { AlertDialog, Button, DialogContainer, Flex, Item, Picker, TextField, View } from '@adobe/react-spectrum';
import { useEffect, useMemo, useRef, useState } from 'react';
import { maileinstellungenBody } from '../../../../src/modules/vereinseinstellungen/schema';
import { saveWithToast } from '../../api/toast';
import {
  type MailSecurity,
  type MailSettings,
  type MailSettingsInput,
  resetMaileinstellungen,
  updateMaileinstellungen,
  type Vereinseinstellungen,
} from '../../api/vereinseinstellungen';
import { fetchRecord } from '../../api/versionConflict';
import { FormPage, invalid, NumberInput } from '../../components/formKit';
import { useZodForm } from '../../lib/useZodForm';

const SECURITY_OPTIONS: readonly { key: MailSecurity; label: string; port: number }[] = [
  { key: 'none', label: 'Keine', port: 25 },
  { key: 'starttls', label: 'STARTTLS', port: 587 },
  { key: 'tls', label: 'TLS', port: 465 },
];

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
export function MailSettingsForm({ mail, canEdit, onDirtyChange }: MailFormProps) {
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
