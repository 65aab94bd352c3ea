import { Link, Text } from '@adobe/react-spectrum';
import { useRights } from '../../../api/common';
import { menuLinks } from '../../../app/menu';
import { MessageBanner } from '../../../components/MessageBanner';
import type { AbrechnungFehler, FehlerLink } from './abrechnungFehler';

const SCREENS = menuLinks();

/**
 * Whether the user may open the link's screen: a Kassier (Abrechnung rights only) makes the
 * settlement but does not open the Wasserablesung, so that link would only lead to a refusal.
 */
function canOpen(link: FehlerLink, held: ReadonlySet<string> | undefined): boolean {
  const path = link.href.split('?')[0];
  const screen = SCREENS.find((s) => s.path === path);
  return !screen?.rights || !held || screen.rights.some((right) => held.has(right));
}

/** Why the settlement cannot be made, one entry per reading or meter, each with the links the user can follow. */
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
                    .filter((link) => canOpen(link, held))
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
