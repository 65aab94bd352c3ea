import { Flex, Heading, StatusLight, Text, View } from '@adobe/react-spectrum';
import { useState } from 'react';
import { useHasRight } from '../../api/common';
import { type MailSecurity, type MailSettings, useVereinseinstellungen } from '../../api/vereinseinstellungen';
import { usePageTitle } from '../../app/usePageTitle';
import { LoadFailed, Loading } from '../../components/LoadState';
import { MessageBanner } from '../../components/MessageBanner';
import { MailSettingsForm } from './MailSettingsForm';
import { TestMail } from './TestMail';

const SECURITY_TEXT: Readonly<Record<MailSecurity, string>> = {
  none: 'ohne Verschlüsselung',
  starttls: 'STARTTLS',
  tls: 'TLS',
};

export function mailStatusText(mail: MailSettings | undefined): string {
  if (!mail?.configured || !mail.host) return 'Kein Mailserver eingestellt – Mails landen im Postausgang';
  const port = typeof mail.port === 'number' ? `:${mail.port}` : '';
  return `Mailserver: ${mail.host}${port} (${SECURITY_TEXT[mail.security] ?? mail.security})`;
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
