import { Heading, Item, TabList, TabPanels, Tabs, Text, View } from '@adobe/react-spectrum';
import { useHasRight } from '../../api/common';
import { usePageTitle } from '../../app/usePageTitle';
import { useQueryParam } from '../../app/useQueryParam';
import { RollenTab } from './RollenTab';
import { UsersTab } from './UsersTab';
import './user.css';

type TabKey = 'benutzer' | 'rollen';

/** Grundeinstellungen › Benutzer: the users and the roles that bundle their rights. */
export default function BenutzerScreen() {
  usePageTitle('Benutzer');
  // Without an Edit right everything stays read-only (no Neu, Bearbeiten, Löschen).
  const canEditUsers = useHasRight('User.Edit', 'WebApp.Userverwaltung.Edit') === true;
  const canEditRoles = useHasRight('User.Rollen.Edit') === true;
  const [tab, setTab] = useQueryParam('tab');
  const selected: TabKey = tab === 'rollen' ? 'rollen' : 'benutzer';

  return (
    <View>
      <Text UNSAFE_className="kgv-eyebrow">Grundeinstellungen</Text>
      <Heading level={1} margin={0}>
        Benutzer
      </Heading>
      <Tabs
        aria-label="Benutzer und Rollen"
        selectedKey={selected}
        onSelectionChange={(key) => setTab(key === 'rollen' ? 'rollen' : '')}
        marginTop="size-200"
      >
        <TabList>
          <Item key="benutzer">Benutzer</Item>
          <Item key="rollen">Rollen</Item>
        </TabList>
        <TabPanels>
          <Item key="benutzer">
            <UsersTab canEdit={canEditUsers} />
          </Item>
          <Item key="rollen">
            <RollenTab canEdit={canEditRoles} />
          </Item>
        </TabPanels>
      </Tabs>
    </View>
  );
}
