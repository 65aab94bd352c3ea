import { ActionButton, Flex, Grid, Heading, LabeledValue, Link, Text, View } from '@adobe/react-spectrum';
import Refresh from '@spectrum-icons/workflow/Refresh';
import { useState } from 'react';
import { type AppVersionInfo, useAppVersionInfo } from '../../api/common';
import { API_VERSION, apiFetch } from '../../api/fetcher';
import { showErrorToast } from '../../api/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { MessageBanner } from '../../components/MessageBanner';

const DATABASE_TEXT: Readonly<Record<AppVersionInfo['database'], string>> = {
  SQLite: 'SQLite (eingebettet)',
  MySQL: 'MySQL / MariaDB',
};

function ServerTime({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <LabeledValue label="Serverzeit" value={value} />;
  return <LabeledValue label="Serverzeit" value={date} formatOptions={{ dateStyle: 'medium', timeStyle: 'medium' }} />;
}

/** Versions of app, API and database; the place a version error sends the user to. */
export default function InfoScreen() {
  usePageTitle('Versionsinformationen');
  const { data, mutate } = useAppVersionInfo();
  const [reloading, setReloading] = useState(false);

  async function reload() {
    setReloading(true);
    try {
      // reload=true asks the server to read its version data afresh instead of from its cache.
      const fresh = await apiFetch<AppVersionInfo>('/api/Common/AppVersionInfo', { query: { reload: true } });
      await mutate(fresh, { revalidate: false });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setReloading(false);
    }
  }

  return (
    <Flex direction="column" gap="size-300" maxWidth="size-6000">
      <Flex alignItems="center" justifyContent="space-between" gap="size-200" wrap>
        <Heading level={1} margin={0}>
          Versionsinformationen
        </Heading>
        <ActionButton onPress={reload} isDisabled={reloading}>
          <Refresh />
          <Text>Aktualisieren</Text>
        </ActionButton>
      </Flex>
      {data?.versionError ? (
        <MessageBanner
          level="danger"
          title="Versionskonflikt"
          message={data.versionError}
          details={`Diese Oberfläche verwendet API-Version ${API_VERSION}, der Server ${data.apiVersion}. Bitte laden Sie die Seite neu (Strg + F5). Bleibt die Meldung, verständigen Sie bitte Ihre Betreuung.`}
        />
      ) : null}
      {data ? (
        <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300">
          <Grid columns={{ base: ['1fr'], M: ['1fr', '1fr'] }} gap="size-300">
            <LabeledValue label="App-Version" value={data.webAppVersion} />
            <LabeledValue label="API-Version (Server)" value={data.apiVersion} />
            <LabeledValue label="API-Version (Oberfläche)" value={API_VERSION} />
            <LabeledValue label="Datenbank" value={DATABASE_TEXT[data.database] ?? data.database} />
            <ServerTime value={data.serverTime} />
          </Grid>
        </View>
      ) : (
        <Text>Die Versionsdaten werden geladen …</Text>
      )}
      {data?.supplier?.name ? (
        <section aria-labelledby="kgv-info-supplier">
          <Heading level={2} id="kgv-info-supplier">
            Betreuung
          </Heading>
          <Flex direction="column" gap="size-50">
            <Text>{data.supplier.name}</Text>
            {data.supplier.email ? <Link href={`mailto:${data.supplier.email}`}>{data.supplier.email}</Link> : null}
            {data.supplier.phone ? <Text>Telefon: {data.supplier.phone}</Text> : null}
            {data.supplier.url ? (
              <Link href={data.supplier.url} target="_blank" rel="noopener">
                {data.supplier.url}
              </Link>
            ) : null}
          </Flex>
        </section>
      ) : null}
    </Flex>
  );
}
