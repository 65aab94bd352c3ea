import {
  AlertDialog,
  Button,
  DialogContainer,
  Flex,
  Heading,
  Item,
  type Key,
  Picker,
  Text,
  View,
} from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { useHasRight } from '../../../api/common';
import { isApiError } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { LoadFailed } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';
import { FehlersuchePanel } from '../fehlersuche/FehlersuchePanel';
import { AbrechnungAnsicht } from './AbrechnungAnsicht';
import { abrechnungFehler } from './abrechnungFehler';
import {
  type AbrechnungParameter,
  berechneVorschau,
  erstelleAbrechnung,
  useAblesungsdaten,
  useAbrechnungVorschlag,
  useAkontoStichtage,
  type Wasserabrechnung,
} from './api';
import { ablesetagItems, type VorschauProblem, VorschauProblemAnzeige, vorschauProblem } from './vorschauTeile';

const AUTO = 'auto';

export interface NeueAbrechnungProps {
  canEdit: boolean;
  /** After "Abrechnung erstellen": open the stored settlement. */
  onErstellt: (stichtag: string) => void;
}

/** Run screen of a settlement: choose Stichtag and period → preview → confirm → stored. */
export function NeueAbrechnung({ canEdit, onErstellt }: NeueAbrechnungProps) {
  const { data: daten, error: datenFehler, mutate: datenLaden } = useAblesungsdaten();
  const { data: vorschlag } = useAbrechnungVorschlag();
  const { data: akontoTage } = useAkontoStichtage();
  // The Fehlersuche reads the plots' readings (Wasser rights); the Kassier settles without them.
  const fehlersuche = useHasRight('WebApp.Wasser.View', 'WebApp.Wasser.Edit') === true;
  const [stichtag, setStichtag] = useState<string | null>(null);
  const [von, setVon] = useState<string>(AUTO);
  const [akonto, setAkonto] = useState<string>(AUTO);
  const [vorschau, setVorschau] = useState<Wasserabrechnung | null>(null);
  const [problem, setProblem] = useState<VorschauProblem | null>(null);
  const [rechnet, setRechnet] = useState(false);
  const [fragen, setFragen] = useState(false);

  // The proposal (the newest reading date after the last settlement) until the user chooses.
  useEffect(() => {
    if (stichtag === null && vorschlag?.stichtag) setStichtag(vorschlag.stichtag);
  }, [stichtag, vorschlag]);

  const parameter: AbrechnungParameter | null = stichtag
    ? {
        stichtag,
        ...(von !== AUTO ? { von } : {}),
        ...(akonto !== AUTO ? { akontoStichtag: akonto } : {}),
      }
    : null;
  const stichtage = ablesetagItems(daten);
  const vonTage = [
    {
      key: AUTO,
      name: vorschlag?.von ? `automatisch (${formatGermanDate(vorschlag.von)})` : 'automatisch',
    },
    ...stichtage.filter((d) => stichtag === null || d.key < stichtag),
  ];
  const akontoItems = [
    { key: AUTO, name: 'automatisch (das letzte davor)' },
    ...(akontoTage ?? []).map((a) => ({ key: a.stichtag, name: `Akonto vom ${formatGermanDate(a.stichtag)}` })),
  ];

  function neueWahl() {
    setVorschau(null);
    setProblem(null);
  }

  async function berechnen() {
    if (!parameter) return;
    setRechnet(true);
    neueWahl();
    try {
      setVorschau(await berechneVorschau(parameter));
    } catch (error) {
      setProblem(vorschauProblem(error, parameter.stichtag));
    } finally {
      setRechnet(false);
    }
  }

  async function erstellen() {
    if (!parameter) return;
    try {
      const gespeichert = await saveWithToast(() => erstelleAbrechnung(parameter), {
        success: `Wasserabrechnung zum ${formatGermanDate(parameter.stichtag)} erstellt.`,
      });
      onErstellt(gespeichert.stichtag);
    } catch (error) {
      // The toast says why; a 422 (readings changed since the preview) also lists what is missing.
      const liste = isApiError(error) && error.status === 422 ? abrechnungFehler(error, parameter.stichtag) : null;
      if (liste) {
        setVorschau(null);
        setProblem({ fehler: liste, anderer: null });
      }
    }
  }

  return (
    <Flex direction="column" gap="size-200">
      <Heading level={2} margin={0}>
        Neue Abrechnung
      </Heading>
      {datenFehler ? (
        <LoadFailed
          title="Die Ablesungstage ließen sich nicht laden."
          error={datenFehler}
          onRetry={() => datenLaden()}
        />
      ) : null}
      {daten && daten.length === 0 ? (
        <MessageBanner
          level="info"
          title="Noch keine Ablesungen"
          message="Eine Abrechnung braucht Ablesungen am Anfang und am Ende des Zeitraums. Tragen Sie zuerst eine Ablesungsrunde ein (Wasserbuch → Wasserablesung)."
        />
      ) : null}
      <Flex gap="size-200" alignItems="end" wrap>
        <Picker
          label="Stichtag"
          items={stichtage}
          selectedKey={stichtag}
          onSelectionChange={(key: Key | null) => {
            if (key === null) return;
            setStichtag(String(key));
            neueWahl();
          }}
          description="Ablesedatum, bis zu dem abgerechnet wird"
          width="size-3600"
        >
          {(item) => <Item key={item.key}>{item.name}</Item>}
        </Picker>
        <Picker
          label="Von"
          items={vonTage}
          selectedKey={von}
          onSelectionChange={(key: Key | null) => {
            setVon(key === null ? AUTO : String(key));
            neueWahl();
          }}
          description="Beginn: Stichtag der letzten Abrechnung"
          width="size-3600"
        >
          {(item) => <Item key={item.key}>{item.name}</Item>}
        </Picker>
        <Picker
          label="Akonto"
          items={akontoItems}
          selectedKey={akonto}
          onSelectionChange={(key: Key | null) => {
            setAkonto(key === null ? AUTO : String(key));
            neueWahl();
          }}
          description="Welche Akonto-Berechnung abgezogen wird"
          width="size-3600"
        >
          {(item) => <Item key={item.key}>{item.name}</Item>}
        </Picker>
        <Button variant="primary" onPress={() => void berechnen()} isDisabled={!parameter} isPending={rechnet}>
          Vorschau berechnen
        </Button>
      </Flex>
      <VorschauProblemAnzeige problem={problem} />
      {vorschau ? (
        <>
          <MessageBanner
            level="info"
            title="Vorschau – noch nicht gespeichert"
            message="Prüfen Sie die Beträge. Erst „Abrechnung erstellen“ speichert die Abrechnung; danach kann sie vorgeschrieben werden."
          />
          <AbrechnungAnsicht abrechnung={vorschau} korrigierbar={false} art="Vorschau" />
          {canEdit ? (
            <View>
              <Button variant="accent" onPress={() => setFragen(true)}>
                Abrechnung erstellen
              </Button>
            </View>
          ) : (
            <Text>Zum Erstellen fehlt Ihnen die Berechtigung (Wasser oder Abrechnung bearbeiten).</Text>
          )}
        </>
      ) : null}
      {stichtag && fehlersuche ? (
        <View>
          <Heading level={3} marginBottom={0}>
            Fehlersuche für diesen Zeitraum
          </Heading>
          <FehlersuchePanel stichtag={stichtag} von={von === AUTO ? undefined : von} />
        </View>
      ) : null}
      <DialogContainer onDismiss={() => setFragen(false)}>
        {fragen && vorschau ? (
          <AlertDialog
            title={`Abrechnung zum ${formatGermanDate(vorschau.stichtag)} erstellen?`}
            variant="confirmation"
            primaryActionLabel="Abrechnung erstellen"
            cancelLabel="Abbrechen"
            onPrimaryAction={() => void erstellen()}
          >
            {`${vorschau.zeilen.length} Parzellen, Zeitraum ${formatGermanDate(vorschau.von)} bis ${formatGermanDate(vorschau.stichtag)}. Die Abrechnung wird gespeichert; Korrekturen sind danach noch möglich, bis sie vorgeschrieben ist.`}
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
