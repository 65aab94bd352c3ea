import { Flex, Heading, Link, ProgressCircle, Text } from '@adobe/react-spectrum';
import { useRights, useVereinsName } from '../../api/common';
import { type MenuLink, visibleMenu } from '../../app/menu';
import { useSignedInUser } from '../../app/RequireAuth';
import { isBuilt } from '../../app/routes';
import { usePageTitle } from '../../app/usePageTitle';
import { type StartCard, visibleCards } from './startCards';
import './StartScreen.css';

/** Quick links into the built areas this user may open; areas "in Arbeit" are not advertised. */
function Bereiche({ held }: { held: ReadonlySet<string> }) {
  const groups = visibleMenu(held, { steuersatz: false }, undefined, isBuilt)
    .map((group) => ({
      ...group,
      links: group.items.filter((item): item is MenuLink => item.kind === 'route' && !item.inArbeit),
    }))
    .filter((group) => group.id !== 'start' && group.id !== 'info' && group.links.length > 0);
  if (groups.length === 0) {
    return (
      <Text>Ihrem Konto sind noch keine Bereiche freigegeben. Bitte wenden Sie sich an die Vereinsverwaltung.</Text>
    );
  }
  return (
    <ul className="kgv-quick-links">
      {groups.map((group) => (
        <li key={group.id} className="kgv-quick-link">
          <Link href={group.links[0]?.path} UNSAFE_className="kgv-quick-link-title">
            {group.title}
          </Link>
          <Text UNSAFE_className="kgv-quick-link-items">{group.links.map((link) => link.title).join(' · ')}</Text>
        </li>
      ))}
    </ul>
  );
}

function Card({ card }: { card: StartCard }) {
  const headingId = `kgv-start-${card.id}`;
  const { Body } = card;
  return (
    <section className="kgv-start-card" aria-labelledby={headingId}>
      <Heading level={2} id={headingId} UNSAFE_className="kgv-start-card-title">
        {card.title}
      </Heading>
      <Body />
    </section>
  );
}

/**
 * The start page: an overview for the signed-in role (cards from the registry in startCards.tsx,
 * each shown only with its right), then quick links into the user's areas.
 */
export default function StartScreen() {
  usePageTitle('Startseite');
  const user = useSignedInUser();
  const vereinsName = useVereinsName();
  // Same key as the sidebar: served from the cache.
  const { rights } = useRights();
  const cards = rights ? visibleCards(rights) : [];

  return (
    <Flex direction="column" gap="size-300">
      <div>
        <Heading level={1} margin={0}>
          Willkommen, {user.name}
        </Heading>
        {vereinsName ? <Text UNSAFE_className="kgv-lead">{vereinsName}</Text> : null}
      </div>
      {cards.length > 0 ? (
        <div className="kgv-start-cards">
          {cards.map((card) => (
            <Card key={card.id} card={card} />
          ))}
        </div>
      ) : null}
      <section aria-labelledby="kgv-start-areas">
        <Heading level={2} id="kgv-start-areas">
          Ihre Bereiche
        </Heading>
        {rights ? (
          <Bereiche held={rights} />
        ) : (
          <ProgressCircle aria-label="Bereiche werden geladen …" isIndeterminate size="S" />
        )}
      </section>
    </Flex>
  );
}
