import { AlertDialog, Button, DialogContainer, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import { useState } from 'react';
import {
  createPachtberechnung,
  deletePachtberechnung,
  usePachtberechnung,
  useParzellenForZv,
} from '../../../api/abrechnung';
import { useHasRight } from '../../../api/common';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { DeleteDialog } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { GebuchtBanner } from '../basisdatenKit';
import { GemeinschaftsflaecheTabelle } from './GemeinschaftsflaecheTabelle';
import { PachtzuschlaegeListe } from './PachtzuschlaegeListe';
import { SaetzeForm } from './SaetzeForm';

/** What „Neues Abrechnungsjahr anlegen“ copies (GetNewPachtberechnung). */
export const KOPIE_TEXT =
  'Übernommen werden aus dem Vorjahr: Pachtzins, Grundsteuer, Gemeinschaftsfläche, Zahlungsziel, Steuersatz und Buchungskonten, die Pachtzuschläge (mit ihren Parzellen), die Vereinsabrechnung mit ihren Positionen, die Gruppenpositionen, die Gemeinschaftsflächenanteile und die Anzahl der Parkkarten je Parzelle. Buchungskonten werden über ihre Nummer den Konten der Kassaabrechnung des neuen Jahres zugeordnet.';

/**
 * Spec §2 Basisdaten: /basisdatenabrechnung/pachteinstellungen/pachtberechnungen — a billing year's
 * lease rates, its surcharges (with a live preview on a plot) and the plots' shares of the common
 * area. A year whose Zahlungsvorschreibung is booked is read-only.
 */
export default function PachtberechnungenScreen() {
  usePageTitle('Pachtberechnungen');
  const canEdit = useHasRight('WebApp.Abrechnung.Edit') === true;
  const { year, years, setYear } = useSelectedYear();
  const pacht = usePachtberechnung(year?.id);
  const zv = useParzellenForZv(year?.id);
  const [anlegenFragen, setAnlegenFragen] = useState(false);
  const [loeschen, setLoeschen] = useState(false);
  const daten = pacht.data;
  const readOnly = !canEdit || daten?.gebucht === true;
  const parzellen = (zv.data?.parzellen ?? []).map((p) => ({ id: p.parzelleId, nummer: p.nummer }));

  function anlegen() {
    saveWithToast(() => createPachtberechnung(), {
      success: (neu) => `Abrechnungsjahr ${neu.jahr} angelegt.`,
    }).then(
      (neu) => setYear(neu.pachtabrechnungId),
      () => {
        // The error toast says why (e.g. the year has rates already).
      },
    );
  }

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Basisdaten Abrechnung</Text>
        <Heading level={1} margin={0}>
          Pachtberechnungen
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <YearPicker label="Abrechnungsjahr" />
        {canEdit ? (
          <Button variant="secondary" onPress={() => setAnlegenFragen(true)}>
            <Add />
            <Text>Neues Abrechnungsjahr anlegen</Text>
          </Button>
        ) : null}
        {canEdit && daten ? (
          <Button variant="negative" style="outline" marginStart="auto" onPress={() => setLoeschen(true)}>
            <Delete />
            <Text>Jahr {daten.jahr} löschen</Text>
          </Button>
        ) : null}
      </Flex>
      <DialogContainer onDismiss={() => setAnlegenFragen(false)}>
        {anlegenFragen ? (
          <AlertDialog
            title="Neues Abrechnungsjahr anlegen?"
            variant="confirmation"
            primaryActionLabel="Anlegen"
            cancelLabel="Abbrechen"
            onPrimaryAction={anlegen}
          >
            Das Jahr nach dem letzten Jahr mit Sätzen wird angelegt. {KOPIE_TEXT}
          </AlertDialog>
        ) : null}
      </DialogContainer>
      <DialogContainer onDismiss={() => setLoeschen(false)}>
        {loeschen && daten ? (
          <DeleteDialog
            title={`Abrechnungsjahr ${daten.jahr} löschen?`}
            run={async () => {
              await deletePachtberechnung(daten.id);
              setYear(undefined);
            }}
            success={`Abrechnungsjahr ${daten.jahr} gelöscht.`}
          >
            Gelöscht werden das Jahr {daten.jahr} mit seinen Sätzen, Pachtzuschlägen, Vereins- und Gruppenpositionen und
            Parzellenwerten. Ist schon etwas gebucht oder gibt es Wasserdaten oder Versicherungen für das Jahr, lehnt
            das Programm das Löschen mit dem Grund ab.
          </DeleteDialog>
        ) : null}
      </DialogContainer>
      {years && years.length === 0 ? (
        <MessageBanner
          level="info"
          title="Noch kein Abrechnungsjahr"
          message="Mit „Neues Abrechnungsjahr anlegen“ beginnt das erste Jahr; danach tragen Sie hier die Sätze ein."
        />
      ) : daten && year ? (
        <>
          {daten.gebucht ? <GebuchtBanner jahr={daten.jahr} /> : null}
          {canEdit ? null : (
            <MessageBanner
              level="info"
              title="Nur ansehen"
              message="Sie können die Pachtberechnung ansehen, aber nicht ändern."
            />
          )}
          <SaetzeForm key={`${daten.id}-${daten.version}`} pacht={daten} readOnly={readOnly} />
          <PachtzuschlaegeListe
            pachtabrechnungId={daten.pachtabrechnungId}
            jahr={daten.jahr}
            readOnly={readOnly}
            parzellen={parzellen}
          />
          {zv.data ? (
            <GemeinschaftsflaecheTabelle daten={zv.data} readOnly={readOnly} />
          ) : zv.error ? (
            <LoadFailed
              title="Die Gemeinschaftsflächenanteile konnten nicht geladen werden."
              error={zv.error}
              onRetry={() => void zv.mutate()}
            />
          ) : (
            <Loading label="Parzellen werden geladen …" />
          )}
        </>
      ) : pacht.error && !pacht.isLoading ? (
        <LoadFailed
          title="Die Pachtberechnung konnte nicht geladen werden."
          error={pacht.error}
          onRetry={() => void pacht.mutate()}
        />
      ) : (
        <Loading label="Pachtberechnung wird geladen …" />
      )}
    </Flex>
  );
}
