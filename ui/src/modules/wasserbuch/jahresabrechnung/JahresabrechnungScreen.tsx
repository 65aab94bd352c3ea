import { Flex, Heading, Item, type Key, TabList, TabPanels, Tabs, Text, View } from '@adobe/react-spectrum';
import { useHasRight } from '../../../api/common';
import { usePageTitle } from '../../../app/usePageTitle';
import { useQueryParam } from '../../../app/useQueryParam';
import { AbrechnungTab } from './AbrechnungTab';
import { AkontoTab } from './AkontoTab';

/**
 * /wasserbuch/wasserabrechnung/jahresabrechnung (issue 12): the water settlement by Stichtag with
 * the loss per main meter (preview, confirm, drill-down, corrections, PDF) and the akonto of the
 * next period. The part lives in `?teil=` so a reload stays where it was.
 */
export default function JahresabrechnungScreen() {
  usePageTitle('Wasser-Jahresabrechnung');
  const canEdit = useHasRight('WebApp.Wasser.Edit', 'WebApp.Abrechnung.Edit') === true;
  const [teil, setTeil] = useQueryParam('teil');
  const selected = teil === 'akonto' ? 'akonto' : 'abrechnung';

  return (
    <Flex direction="column" gap="size-200">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Wasserbuch</Text>
        <Heading level={1} margin={0}>
          Wasser-Jahresabrechnung
        </Heading>
      </View>
      <Tabs
        aria-label="Teile der Wasserabrechnung"
        selectedKey={selected}
        onSelectionChange={(key: Key) => setTeil(key === 'akonto' ? 'akonto' : '')}
      >
        <TabList>
          <Item key="abrechnung">Abrechnung</Item>
          <Item key="akonto">Akonto</Item>
        </TabList>
        <TabPanels UNSAFE_style={{ minWidth: 0 }}>
          <Item key="abrechnung">
            <View paddingTop="size-200">
              <AbrechnungTab canEdit={canEdit} />
            </View>
          </Item>
          <Item key="akonto">
            <View paddingTop="size-200">
              <AkontoTab canEdit={canEdit} />
            </View>
          </Item>
        </TabPanels>
      </Tabs>
    </Flex>
  );
}
