import { Flex, Link, Text } from '@adobe/react-spectrum';
import { PublicPage } from '../../components/PublicPage';

/** Unknown addresses end here (public, so it also works without a session). */
export default function NotFoundScreen() {
  return (
    <PublicPage title="Seite nicht gefunden">
      <Flex direction="column" gap="size-200">
        <Text>
          Diese Adresse gibt es in der Vereinsverwaltung nicht. Vielleicht hat sich ein Tippfehler eingeschlichen, oder
          die Seite wurde verschoben.
        </Text>
        <Link href="/">Zur Startseite</Link>
      </Flex>
    </PublicPage>
  );
}
