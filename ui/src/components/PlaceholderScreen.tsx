import { Content, Flex, Heading, IllustratedMessage, Text, View } from '@adobe/react-spectrum';
import { usePageTitle } from '../app/usePageTitle';

export interface PlaceholderScreenProps {
  title: string;
  /** The sidebar group, e.g. "Stammdaten". */
  group: string | null;
}

/** Stands in for a screen that a later update builds: friendly, not an error. */
export function PlaceholderScreen({ title, group }: PlaceholderScreenProps) {
  usePageTitle(title);
  return (
    <Flex direction="column" gap="size-200">
      <View>
        {group && group !== title ? <Text UNSAFE_className="kgv-eyebrow">{group}</Text> : null}
        <Heading level={1} margin={0}>
          {title}
        </Heading>
      </View>
      <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
        <IllustratedMessage>
          <Heading>Dieser Bereich wird gerade aufgebaut</Heading>
          <Content>
            <Text>
              Die Seite „{title}“{group && group !== title ? ` im Bereich ${group}` : ''} kommt mit einem der nächsten
              Updates. Ihre Daten sind davon nicht betroffen.
            </Text>
          </Content>
        </IllustratedMessage>
      </View>
    </Flex>
  );
}
