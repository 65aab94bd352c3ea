import { Button, Content, DialogContainer, Flex, Heading, IllustratedMessage, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import { useHasRight } from '../../../api/common';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { createWassergrunddaten, deleteWassergrunddaten, useWassergrunddatenList } from './api';
import { GrunddatenForm } from './GrunddatenForm';
import { GruppenPreise } from './GruppenPreise';

/**
 * Spec §2 Basisdaten: /basisdatenabrechnung/wasserabrechnung/abrechnung — the water basis data of
 * a billing year (price per m³, fee per plot, loss method, minimum akonto, warning thresholds) and
 * the water groups with their own price. The year comes from the year picker (`?jahr=`).
 */
export default function WassergrunddatenScreen() {
  usePageTitle('Wasserabrechnung');
  const canEdit = useHasRight('WebApp.Abrechnung.Edit', 'WebApp.Wasser.Edit') === true;
  const { year, years } = useSelectedYear();
  const list = useWassergrunddatenList();
  const [creating, setCreating] = useState(false);
  const [loeschen, setLoeschen] = useState(false);
  const daten = year ? list.data?.find((d) => d.pachtabrechnungId === year.id) : undefined;
  const vorjahr = year ? list.data?.find((d) => d.jahr < year.jahr) : undefined;

  async function anlegen() {
    if (!year) return;
    setCreating(true);
    try {
      await saveWithToast(() => createWassergrunddaten(year.id), {
        success: `Wassergrunddaten ${year.jahr} angelegt.`,
      });
    } catch {
      // The error toast says why (e.g. the year has them already).
    } finally {
      setCreating(false);
    }
  }

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Basisdaten Abrechnung</Text>
        <Heading level={1} margin={0}>
          Wassergrunddaten
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <YearPicker label="Abrechnungsjahr" />
        {canEdit && daten ? (
          <Button variant="negative" style="outline" marginStart="auto" onPress={() => setLoeschen(true)}>
            <Delete />
            <Text>Wassergrunddaten {daten.jahr} löschen</Text>
          </Button>
        ) : null}
      </Flex>
      <DialogContainer onDismiss={() => setLoeschen(false)}>
        {loeschen && daten ? (
          <DeleteDialog
            title={`Wassergrunddaten ${daten.jahr} löschen?`}
            run={() => deleteWassergrunddaten(daten.id)}
            success={`Wassergrunddaten ${daten.jahr} gelöscht.`}
          >
            Preis, Grundgebühr, Schwundmethode und Gruppenpreise von {daten.jahr} werden gelöscht. Eine
            Wasserabrechnung, die sie schon verwendet, verhindert das Löschen.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
      {years && years.length === 0 ? (
        <MessageBanner
          level="info"
          title="Noch kein Abrechnungsjahr"
          message="Legen Sie zuerst ein Abrechnungsjahr (Pachtabrechnung) an; danach bekommt es hier seine Wassergrunddaten."
        />
      ) : list.data && year ? (
        daten ? (
          <>
            {canEdit ? null : (
              <MessageBanner
                level="info"
                title="Nur ansehen"
                message="Sie können die Wassergrunddaten ansehen, aber nicht ändern."
              />
            )}
            {/* A new key per record: another year's values replace the form's, never mix with them. */}
            <GrunddatenForm key={`${daten.id}-${daten.version}`} daten={daten} canEdit={canEdit} />
            <GruppenPreise daten={daten} canEdit={canEdit} />
          </>
        ) : (
          <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
            <IllustratedMessage>
              <Heading>Für {year.jahr} sind keine Wassergrunddaten angelegt</Heading>
              <Content>
                {canEdit
                  ? vorjahr
                    ? `„Jahr anlegen“ übernimmt Preis, Grundgebühr, Schwundmethode und Gruppenpreise von ${vorjahr.jahr}; danach können Sie sie ändern.`
                    : '„Jahr anlegen“ beginnt mit den Vorgaben der Vereinseinstellungen (Wasser); Preis und Grundgebühr tragen Sie danach ein.'
                  : 'Es wurden noch keine Wassergrunddaten für dieses Jahr angelegt.'}
              </Content>
            </IllustratedMessage>
            {canEdit ? (
              <Flex justifyContent="center" marginTop="size-200">
                <Button variant="accent" onPress={() => void anlegen()} isPending={creating}>
                  <Add />
                  <Text>Jahr anlegen</Text>
                </Button>
              </Flex>
            ) : null}
          </View>
        )
      ) : list.error && !list.isLoading ? (
        <LoadFailed
          title="Die Wassergrunddaten konnten nicht geladen werden."
          error={list.error}
          onRetry={() => void list.mutate()}
        />
      ) : (
        <Loading label="Wassergrunddaten werden geladen …" />
      )}
    </Flex>
  );
}
