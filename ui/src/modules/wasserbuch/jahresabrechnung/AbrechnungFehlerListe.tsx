import { Link, Text } from '@adobe/react-spectrum';
import { useRights } from '../../../api/common';
import { mayOpen } from '../../../app/menu';
import { MessageBanner } from '../../../components/MessageBanner';
import type { AbrechnungFehler } from './abrechnungFehler';

/** Why the settlement cannot be made, one entry per reading or meter, each with the links the user can follow
 * (a Kassier settles but does not open the Wasserablesung). */
export function AbrechnungFehlerListe({ fehler }: { fehler: AbrechnungFehler }) {
  const { rights: held } = useRights();
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
              {fehler.eintraege.map((e) => (
                <li key={e.text}>
                  <Text>{e.text}</Text>
                  {e.links
                    .filter((link) => !held || mayOpen(link.href, held))
                    .map((link) => (
                      <span key={link.href}>
                        {' '}
                        <Link href={link.href}>{link.text}</Link>
                      </span>
                    ))}
                </li>
              ))}
            </ul>
          </>
        )
      }
    />
  );
}
