import { ActionButton, Badge, Flex, Item, Link, Menu, MenuTrigger, Text } from '@adobe/react-spectrum';
import ShowMenu from '@spectrum-icons/workflow/ShowMenu';
import User from '@spectrum-icons/workflow/User';
import { useVereinsName } from '../api/common';
import type { CurrentUser } from '../api/user';
import { roleDisplayName } from '../lib/roleNames';

export interface TopBarProps {
  user: CurrentUser;
  navOpen: boolean;
  onToggleNav: () => void;
}

/** Club name, the signed-in user with role and admin badges, and the user menu. */
export function TopBar({ user, navOpen, onToggleNav }: TopBarProps) {
  const vereinsName = useVereinsName();
  return (
    <header className="kgv-topbar">
      <Flex alignItems="center" gap="size-100" minWidth={0}>
        {/* Only shown on narrow windows, where the sidebar becomes an overlay. */}
        <span className="kgv-nav-toggle">
          <ActionButton
            isQuiet
            aria-label={navOpen ? 'Menü schließen' : 'Menü öffnen'}
            aria-expanded={navOpen}
            aria-controls="kgv-sidebar"
            onPress={onToggleNav}
          >
            <ShowMenu />
          </ActionButton>
        </span>
        <Link href="/" isQuiet variant="secondary" UNSAFE_className="kgv-club-link">
          <span className="kgv-club-name">{vereinsName ?? 'kgv'}</span>
        </Link>
      </Flex>
      <Flex alignItems="center" gap="size-150" wrap justifyContent="end">
        {user.isAdmin ? <Badge variant="info">Admin</Badge> : null}
        {user.isGlobalAdmin ? <Badge variant="indigo">Global Admin</Badge> : null}
        <Flex direction="column" alignItems="end" UNSAFE_className="kgv-user">
          <Text UNSAFE_className="kgv-user-name">{user.name}</Text>
          <Text UNSAFE_className="kgv-user-role">{roleDisplayName(user.role)}</Text>
        </Flex>
        <MenuTrigger align="end">
          <ActionButton aria-label={`Benutzermenü von ${user.name}`}>
            <User />
          </ActionButton>
          <Menu aria-label="Benutzermenü">
            <Item key="profil" href="/profil">
              Profil
            </Item>
            <Item key="logout" href="/logout">
              Abmelden
            </Item>
          </Menu>
        </MenuTrigger>
      </Flex>
    </header>
  );
}
