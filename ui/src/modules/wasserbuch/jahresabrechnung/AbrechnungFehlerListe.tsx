import { Link, Text } from '@adobe/react-spectrum';
import type { Ablesung } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { useApi } from '../../../api/useApi';
import { MessageBanner } from '../../../components/MessageBanner';
import { type AbrechnungFehler, type FehlerEintrag, fehlerLink } from './abrechnungFehler';

/** One entry with its link; the readings of its date (shared by SWR across entries) name the row. */
function FehlerZeile({ eintrag, stichtag }: { eintrag: FehlerEintrag; stichtag: string }) {
  const needsLookup =
    !eintrag.href && (eintrag.parzelleNummer !== undefined || eintrag.hauptwasserzaehlerNummer !== undefined);
  const tag = eintrag.datum ?? stichtag;
  const { data } = useApi<Ablesung[]>(
    needsLookup ? `/api/Wasserbuch/GetWasserablesungen?${new URLSearchParams({ datum: tag }).toString()}` : null,
    { shouldRetryOnError: false },
  );
  const link = fehlerLink(eintrag, data, stichtag);
  return (
    <li>
      <Text>{eintrag.text}</Text>
      {link ? (
        <>
          {' '}
          <Link href={link.href}>{link.linkText}</Link>
        </>
      ) : null}
    </li>
  );
}

/** Why the settlement cannot be made, one entry per reading or meter, each with its link. */
export function AbrechnungFehlerListe({ fehler, stichtag }: { fehler: AbrechnungFehler; stichtag: string }) {
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
                <FehlerZeile key={e.text} eintrag={e} stichtag={stichtag} />
              ))}
            </ul>
          </>
        )
      }
    />
  );
}
