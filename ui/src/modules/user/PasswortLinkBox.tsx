import { Button, Flex, Text, TextField } from '@adobe/react-spectrum';
import { useState } from 'react';
import type { PasswortLink } from '../../api/user';
import { formatDateTime } from './format';

/** The toast after creating a user whose invitation only went to the outbox. */
export const CREATED_WITHOUT_MAIL =
  'Benutzer angelegt. Es ist kein Mailserver eingerichtet: Geben Sie der Person den angezeigten Link weiter.';
/** The toast after asking for a password link that only went to the outbox. */
export const LINK_WITHOUT_MAIL =
  'Link erstellt. Es ist kein Mailserver eingerichtet: Geben Sie der Person den angezeigten Link weiter.';

export interface PasswortLinkBoxProps {
  /** The person the link is for, as the sentence names them. */
  name: string;
  passwortLink: PasswortLink;
}

/**
 * The password link to hand over in person when no mail server is set up: nobody reads the
 * outbox, so without this the new user could never sign in. Shown once, only to the administrator
 * who created it.
 */
export function PasswortLinkBox({ name, passwortLink }: PasswortLinkBoxProps) {
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>(undefined);
  const invitation = passwortLink.zweck === 'einladung';

  async function copy() {
    try {
      await navigator.clipboard.writeText(passwortLink.link);
      setCopied('yes');
    } catch {
      // Without clipboard access (plain http, an old browser) the field stays there to copy by hand.
      setCopied('failed');
    }
  }

  return (
    <Flex direction="column" gap="size-150">
      <Text>
        Es ist kein Mailserver eingerichtet, daher wurde keine E-Mail versendet. Geben Sie {name} diesen Link persönlich
        weiter (z. B. ausgedruckt oder per Nachricht).{' '}
        {invitation
          ? 'Über den Link legt die Person ihr Passwort fest.'
          : 'Über den Link legt die Person ein neues Passwort fest.'}
      </Text>
      <TextField
        label={invitation ? 'Einladungslink' : 'Link für ein neues Passwort'}
        value={passwortLink.link}
        isReadOnly
        width="100%"
        onFocus={(event) => (event.target as HTMLInputElement).select()}
      />
      <Text>
        <strong>gültig bis {formatDateTime(passwortLink.gueltigBis)}</strong> · funktioniert genau einmal
      </Text>
      <Flex gap="size-150" alignItems="center">
        <Button variant="primary" onPress={() => void copy()}>
          Link kopieren
        </Button>
        <span role="status">
          {copied === 'yes'
            ? 'Der Link ist kopiert.'
            : copied === 'failed'
              ? 'Kopieren ging nicht: Markieren Sie den Link im Feld und kopieren Sie ihn mit Strg+C.'
              : ''}
        </span>
      </Flex>
    </Flex>
  );
}
