import { Button, Content, Flex, Heading, IllustratedMessage, Text, View } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import { useState } from 'react';
import {
  createVereinsabrechnung,
  saveVereinsabrechnung,
  usePachtberechnung,
  useVereinsabrechnungen,
  type Vereinsabrechnung,
} from '../../../api/abrechnung';
import { useHasRight } from '../../../api/common';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { usePageTitle } from '../../../app/usePageTitle';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { useSelectedYear, YearPicker } from '../../../components/YearPicker';
import { centsToEuro, euroToCents } from '../../../lib/fieldFormats';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { decimalToNumber, GebuchtBanner, numberToDecimal, useBuchungskontenDesJahres } from '../basisdatenKit';
import { PositionenTabelle, type PositionZeile, zeileMitKey } from './PositionenTabelle';

const zeilenVon = (v: Vereinsabrechnung): PositionZeile[] =>
  v.positionen.map((p) =>
    zeileMitKey({
      text: p.text,
      art: p.art,
      betragEuro: centsToEuro(p.betragCent),
      satz: decimalToNumber(p.satz),
      steuersatz: p.steuersatz,
      buchungskontoId: p.buchungskontoId,
      nurMitglieder: p.nurMitglieder,
    }),
  );

/** What the rows say, without React's keys: to see whether anything changed. */
const inhalt = (zeilen: PositionZeile[]) => JSON.stringify(zeilen.map(({ key: _key, ...rest }) => rest));

/**
 * Spec §2 Basisdaten: /basisdatenabrechnung/vereinsabrechnung — the club positions of a billing year
 * (membership fee, per plot, per m², per parking space …) as one editable table saved at once.
 */
export default function VereinsabrechnungScreen() {
  usePageTitle('Vereinsabrechnung');
  const canEdit = useHasRight('WebApp.Abrechnung.Edit') === true;
  const { year, years } = useSelectedYear();
  const liste = useVereinsabrechnungen();
  const pacht = usePachtberechnung(year?.id);
  const [anlegen, setAnlegen] = useState(false);
  const daten = year ? liste.data?.find((v) => v.pachtabrechnungId === year.id) : undefined;
  const vorjahr = year ? liste.data?.find((v) => v.jahr < year.jahr) : undefined;
  const gebucht = pacht.data?.gebucht === true;

  async function ausVorjahr() {
    if (!year) return;
    setAnlegen(true);
    try {
      await saveWithToast(() => createVereinsabrechnung(year.id), {
        success: `Vereinsabrechnung ${year.jahr} angelegt.`,
      });
    } catch {
      // The error toast says why.
    } finally {
      setAnlegen(false);
    }
  }

  return (
    <Flex direction="column" gap="size-300">
      <View>
        <Text UNSAFE_className="kgv-eyebrow">Basisdaten Abrechnung</Text>
        <Heading level={1} margin={0}>
          Vereinsabrechnung
        </Heading>
      </View>
      <Flex gap="size-200" alignItems="end" wrap>
        <YearPicker label="Abrechnungsjahr" />
      </Flex>
      {years && years.length === 0 ? (
        <MessageBanner
          level="info"
          title="Noch kein Abrechnungsjahr"
          message="Legen Sie zuerst unter Pachtberechnungen ein Abrechnungsjahr an."
        />
      ) : liste.data && year ? (
        daten ? (
          <>
            {gebucht ? <GebuchtBanner jahr={daten.jahr} was="Positionen" /> : null}
            <VereinsabrechnungForm key={`${daten.id}-${daten.version}`} daten={daten} readOnly={!canEdit || gebucht} />
          </>
        ) : (
          <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-300" maxWidth="size-6000">
            <IllustratedMessage>
              <Heading>Für {year.jahr} gibt es noch keine Vereinsabrechnung</Heading>
              <Content>
                {canEdit
                  ? vorjahr
                    ? `„Aus Vorjahr übernehmen“ übernimmt die Positionen von ${vorjahr.jahr}; danach können Sie sie ändern.`
                    : '„Aus Vorjahr übernehmen“ legt die Vereinsabrechnung an; ohne Vorjahr beginnt sie leer.'
                  : 'Es wurde noch keine Vereinsabrechnung für dieses Jahr angelegt.'}
              </Content>
            </IllustratedMessage>
            {canEdit ? (
              <Flex justifyContent="center" marginTop="size-200">
                <Button variant="accent" onPress={() => void ausVorjahr()} isPending={anlegen}>
                  <Add />
                  <Text>Aus Vorjahr übernehmen</Text>
                </Button>
              </Flex>
            ) : null}
          </View>
        )
      ) : liste.error && !liste.isLoading ? (
        <LoadFailed
          title="Die Vereinsabrechnung konnte nicht geladen werden."
          error={liste.error}
          onRetry={() => void liste.mutate()}
        />
      ) : (
        <Loading label="Vereinsabrechnung wird geladen …" />
      )}
    </Flex>
  );
}

/**
 * The server's 422 messages by their full path („positionen.1.satz“), as the table looks them up
 * per row; api/errors' fieldErrors keeps only the first segment, which no row field is named.
 */
function fehlerJePosition(error: unknown): Record<string, string> {
  if (!isApiError(error) || !isProblemDetails(error.body)) return {};
  return Object.fromEntries(
    Object.entries(error.body.errors ?? {}).map(([pfad, m]) => [
      pfad,
      (Array.isArray(m) ? m : [m]).map(String).join(' '),
    ]),
  );
}

function VereinsabrechnungForm({ daten, readOnly }: { daten: Vereinsabrechnung; readOnly: boolean }) {
  const [zeilen, setZeilen] = useState<PositionZeile[]>(() => zeilenVon(daten));
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [speichert, setSpeichert] = useState(false);
  const { konten } = useBuchungskontenDesJahres(daten.jahr);
  const [ausgangslage] = useState(() => inhalt(zeilen));
  const guard = useUnsavedChangesGuard(inhalt(zeilen) !== ausgangslage);

  async function speichern() {
    const lokal: Record<string, string> = {};
    zeilen.forEach((z, i) => {
      if (z.text.trim() === '') lokal[`positionen.${i}.text`] = 'Bitte geben Sie einen Text an.';
      if (z.art === 'proM2' && Number.isNaN(z.satz))
        lokal[`positionen.${i}.satz`] = 'Bitte geben Sie den Satz pro m² an.';
      if (z.art !== 'proM2' && Number.isNaN(z.betragEuro))
        lokal[`positionen.${i}.betragCent`] = 'Bitte geben Sie einen Betrag an.';
    });
    setFehler(lokal);
    if (Object.keys(lokal).length > 0) return;
    setSpeichert(true);
    try {
      await saveWithToast(
        () =>
          saveVereinsabrechnung({
            id: daten.id,
            version: daten.version,
            pachtabrechnungId: daten.pachtabrechnungId,
            bezeichnung: daten.bezeichnung,
            positionen: zeilen.map((z) => ({
              text: z.text.trim(),
              art: z.art,
              betragCent: z.art === 'proM2' ? null : euroToCents(z.betragEuro),
              satz: z.art === 'proM2' ? numberToDecimal(z.satz, 4) : null,
              steuersatz: z.steuersatz,
              buchungskontoId: z.buchungskontoId,
              nurMitglieder: z.nurMitglieder,
            })),
          }),
        { success: `Vereinsabrechnung ${daten.jahr} gespeichert.`, source: 'vereinsabrechnung' },
      );
    } catch (error) {
      setFehler(fehlerJePosition(error));
    } finally {
      setSpeichert(false);
    }
  }

  return (
    <View borderWidth="thin" borderColor="default" borderRadius="medium" padding="size-250">
      {guard.dialog}
      <Heading level={2} marginTop={0}>
        Positionen {daten.jahr}
      </Heading>
      {zeilen.length === 0 ? <Text>Noch keine Positionen — fügen Sie die erste hinzu.</Text> : null}
      <PositionenTabelle
        zeilen={zeilen}
        onChange={setZeilen}
        konten={konten}
        readOnly={readOnly}
        fehler={fehler}
        jahr={daten.jahr}
      />
      {readOnly ? null : (
        <Flex marginTop="size-200">
          <Button variant="accent" onPress={() => void speichern()} isPending={speichert}>
            Speichern
          </Button>
        </Flex>
      )}
    </View>
  );
}
