import { Flex, Heading, Link, ProgressCircle, Text } from '@adobe/react-spectrum';
import { useRights, useVereinsName } from '../../api/common';
import { type MenuLink, visibleMenu } from '../../app/menu';
import { useSignedInUser } from '../../app/RequireAuth';
import { isBuilt } from '../../app/routes';
import { usePageTitle } from '../../app/usePageTitle';
import './StartScreen.css';

/** The welcome page: who is signed in, and quick links into the areas this user may open. */
export default function StartScreen() {
  usePageTitle('Startseite');
  const user = useSignedInUser();
  const vereinsName = useVereinsName();
  // Same key as the sidebar: served from the cache.
  const { rights } = useRights();
  const groups = rights
    ? visibleMenu(rights, { steuersatz: false }, undefined, isBuilt)
        .map((group) => ({ ...group, items: group.items.filter((item) => item.kind !== 'route' || !item.inArbeit) }))
        .filter((group) => group.id !== 'start' && group.id !== 'info' && group.items.length > 0)
    : undefined;

  return (
    <Flex direction="column" gap="size-300">
      <div>
        <Heading level={1} margin={0}>
          Willkommen, {user.name}
        </Heading>
        {vereinsName ? <Text UNSAFE_className="kgv-lead">{vereinsName}</Text> : null}
      </div>
      <section aria-labelledby="kgv-start-areas">
        <Heading level={2} id="kgv-start-areas">
          Ihre Bereiche
        </Heading>
        {!groups ? (
          <ProgressCircle aria-label="Bereiche werden geladen …" isIndeterminate size="S" />
        ) : groups.length === 0 ? (
          <Text>Ihrem Konto sind noch keine Bereiche freigegeben. Bitte wenden Sie sich an die Vereinsverwaltung.</Text>
        ) : (
          <ul className="kgv-quick-links">
            {groups.map((group) => {
              const links = group.items.filter((item): item is MenuLink => item.kind === 'route');
              const first = links[0];
              if (!first) return null;
              return (
                <li key={group.id} className="kgv-quick-link">
                  <Link href={first.path} UNSAFE_className="kgv-quick-link-title">
                    {group.title}
                  </Link>
                  <Text UNSAFE_className="kgv-quick-link-items">{links.map((link) => link.title).join(' · ')}</Text>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </Flex>
  );
}
