import { Link, Text } from '@adobe/react-spectrum';
import { MessageBanner } from '../../../components/MessageBanner';
import type { AbrechnungFehler } from './abrechnungFehler';

/** Why the settlement cannot be made, one entry per reading or meter, each with its link. */
export function AbrechnungFehlerListe({ fehler }: { fehler: AbrechnungFehler }) {
  return (
    <MessageBanner
      level="danger"
      title={fehler.title}
      autoFocus
      message={
        fehler.eintraege.length === 0 ? (
          'Die Abrechnung kann so nicht erstellt werden.'
        ) : (
          <>
            <Text>Die Abrechnung kann erst erstellt werden, wenn das behoben ist:</Text>
            <ul aria-label="Was fehlt">
              {fehler.eintraege.map((e, index) => (
                // The entries have no id of their own; their order is the server's and stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                <li key={index}>
                  <Text>{e.text}</Text>
                  {e.href ? (
                    <>
                      {' '}
                      <Link href={e.href}>{e.linkText ?? 'Öffnen'}</Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )
      }
    />
  );
}
