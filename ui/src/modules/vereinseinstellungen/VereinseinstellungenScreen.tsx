import { Flex, Heading, Item, type Key, TabList, TabPanels, Tabs, Text, View } from '@adobe/react-spectrum';
import { useCallback, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useHasRight } from '../../api/common';
import { useCurrentUser } from '../../api/user';
import { useVereinseinstellungen, type Vereinseinstellungen } from '../../api/vereinseinstellungen';
import { usePageTitle } from '../../app/usePageTitle';
import { LoadFailed, Loading } from '../../components/LoadState';
import { MessageBanner } from '../../components/MessageBanner';
import { useUnsavedChangesGuard } from '../../lib/useUnsavedChangesGuard';
import { LogoSection } from './LogoSection';
import { type ConfirmDiscard, SectionForm } from './SectionForm';
import { type FormValues, SECTIONS, type SectionDef } from './sections';

const PATH = '/grundeinstellungen/vereinseinstellungen';
const LOGO_TAB = 'logo';

interface Tab {
  key: string;
  title: string;
  section?: SectionDef;
}

const TABS: readonly Tab[] = [
  ...SECTIONS.map((section) => ({ key: section.key.toLowerCase(), title: section.title, section })),
  { key: LOGO_TAB, title: 'Logo' },
];

function tabFromSearch(search: string): string {
  const wanted = new URLSearchParams(search).get('abschnitt')?.toLowerCase();
  return TABS.find((tab) => tab.key === wanted)?.key ?? TABS[0]!.key;
}

/** Level 2 locks everyone out of the app until they have set up their second factor. */
function MfaNotice({ values }: { values: FormValues }) {
  const { data: user } = useCurrentUser();
  if (values.mfa !== '2') return null;
  return (
    <MessageBanner
      level="warning"
      title="Zwei-Faktor-Anmeldung für alle verpflichtend"
      message={
        <>
          Alle Benutzerinnen und Benutzer müssen dann nach der Anmeldung zuerst die Zwei-Faktor-Anmeldung mit einer
          Authenticator-App am Smartphone einrichten; bis dahin können sie nichts anderes tun. Sagen Sie allen vorher
          Bescheid.
          {user && !user.mfa
            ? ' Auch Sie selbst haben sie noch nicht eingerichtet: Nach dem Speichern werden Sie dazu aufgefordert.'
            : ''}
        </>
      }
    />
  );
}

function sectionData(data: Vereinseinstellungen, section: SectionDef): object | null {
  return (data[section.key] as object | undefined) ?? null;
}

/** Spec §2 Grundeinstellungen: the club's settings, one form per section. */
export default function VereinseinstellungenScreen() {
  usePageTitle('Vereinseinstellungen');
  const { data, error, isLoading, mutate } = useVereinseinstellungen();
  const editRight = useHasRight('WebApp.Vereinseinstellungen.Edit');
  const canEdit = editRight === true;
  const search = useSearch();
  const [, navigate] = useLocation();
  const selected = tabFromSearch(search);
  // The section forms ask themselves (useZodForm: tab change, leaving, closing the tab); the logo
  // upload is no such form, so the screen's own guard asks for it.
  const [logoDirty, setLogoDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setLogoDirty(value), []);
  const { confirmDiscard, dialog } = useUnsavedChangesGuard(logoDirty);
  const sectionConfirm = useRef<ConfirmDiscard | null>(null);
  const onConfirmDiscard = useCallback((confirm: ConfirmDiscard | null) => {
    sectionConfirm.current = confirm;
  }, []);

  function select(key: Key) {
    const next = String(key);
    if (next === selected) return;
    (sectionConfirm.current ?? confirmDiscard)(() => {
      setLogoDirty(false);
      navigate(`${PATH}?abschnitt=${next}`, { replace: true });
    });
  }

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Grundeinstellungen</Text>
        <Heading level={1} margin={0}>
          Vereinseinstellungen
        </Heading>
      </View>
      {editRight === false && data ? (
        <MessageBanner
          level="info"
          title="Nur ansehen"
          message="Sie können die Vereinseinstellungen ansehen, aber nicht ändern."
        />
      ) : null}
      {data ? (
        <Tabs
          aria-label="Bereiche der Vereinseinstellungen"
          orientation="vertical"
          selectedKey={selected}
          onSelectionChange={select}
          keyboardActivation="manual"
          items={TABS}
        >
          <TabList minWidth="size-2400">{(tab: Tab) => <Item key={tab.key}>{tab.title}</Item>}</TabList>
          <TabPanels UNSAFE_style={{ minWidth: 0 }}>
            {(tab: Tab) => (
              <Item key={tab.key}>
                <View paddingX="size-300" paddingBottom="size-300">
                  <Heading level={2} marginTop={0}>
                    {tab.title}
                  </Heading>
                  {tab.section?.description ? (
                    <Text
                      UNSAFE_style={{ display: 'block', marginBottom: 'var(--spectrum-global-dimension-size-200)' }}
                    >
                      {tab.section.description}
                    </Text>
                  ) : null}
                  {tab.section ? (
                    <SectionForm
                      section={tab.section}
                      saved={sectionData(data, tab.section)}
                      canEdit={canEdit}
                      onConfirmDiscard={onConfirmDiscard}
                      {...(tab.section.key === 'optionen'
                        ? { renderNotice: (values: FormValues) => <MfaNotice values={values} /> }
                        : {})}
                    />
                  ) : (
                    <LogoSection iconFile={data.iconFile} canEdit={canEdit} onDirtyChange={onDirtyChange} />
                  )}
                </View>
              </Item>
            )}
          </TabPanels>
        </Tabs>
      ) : error && !isLoading ? (
        <LoadFailed
          title="Die Vereinseinstellungen konnten nicht geladen werden."
          error={error}
          onRetry={() => void mutate()}
        />
      ) : (
        <Loading label="Die Vereinseinstellungen werden geladen …" />
      )}
      {dialog}
    </Flex>
  );
}
