import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Item,
  type Key,
  Picker,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { MessageBanner } from '../../../components/MessageBanner';
import { AbrechnungAnsicht } from '../jahresabrechnung/AbrechnungAnsicht';
import { useAblesungsdaten, useAbrechnungVorschlag, type Wasserabrechnung } from '../jahresabrechnung/api';
import {
  ablesetagItems,
  type VorschauProblem,
  VorschauProblemAnzeige,
  vorschauProblem,
} from '../jahresabrechnung/vorschauTeile';
import { berechneGruppenVorschau, type WasserGruppenpreis, type Wassergrunddaten } from './api';

export interface GruppenVorschauDialogProps {
  daten: Wassergrunddaten;
  preis: WasserGruppenpreis;
}

/**
 * What the plots of one water group would pay with this year's basis data — a check of a group
 * price before the settlement (nothing is stored). The Stichtag is a reading date, as on the
 * Jahresabrechnung screen, proposed there too: the newest reading after the last settlement.
 */
export function GruppenVorschauDialog({ daten, preis }: GruppenVorschauDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: ablesedaten } = useAblesungsdaten();
  const { data: vorschlag } = useAbrechnungVorschlag();
  const [stichtag, setStichtag] = useState<string | null>(null);
  const [vorschau, setVorschau] = useState<Wasserabrechnung | null>(null);
  const [problem, setProblem] = useState<VorschauProblem | null>(null);
  const [rechnet, setRechnet] = useState(false);

  useEffect(() => {
    if (stichtag === null && vorschlag?.stichtag) setStichtag(vorschlag.stichtag);
  }, [stichtag, vorschlag]);

  const stichtage = ablesetagItems(ablesedaten);

  async function berechnen() {
    if (!stichtag) return;
    setRechnet(true);
    setVorschau(null);
    setProblem(null);
    try {
      setVorschau(await berechneGruppenVorschau({ wasserberechnungID: daten.id, gruppeId: preis.gruppeId, stichtag }));
    } catch (error) {
      setProblem(vorschauProblem(error, stichtag));
    } finally {
      setRechnet(false);
    }
  }

  return (
    <Dialog size="L">
      <Heading>
        Vorschau Gruppe {preis.gruppeName} ({daten.jahr})
      </Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
          <Flex gap="size-200" alignItems="end" wrap>
            <Picker
              label="Stichtag"
              items={stichtage}
              selectedKey={stichtag}
              onSelectionChange={(key: Key | null) => {
                if (key === null) return;
                setStichtag(String(key));
                setVorschau(null);
                setProblem(null);
              }}
              description="Ablesedatum, bis zu dem gerechnet wird; Beginn: Stichtag der letzten Abrechnung"
              width="size-4600"
            >
              {(item) => <Item key={item.key}>{item.name}</Item>}
            </Picker>
            <Button variant="primary" onPress={() => void berechnen()} isDisabled={!stichtag} isPending={rechnet}>
              Vorschau berechnen
            </Button>
          </Flex>
          <VorschauProblemAnzeige problem={problem} />
          {vorschau ? (
            <>
              <MessageBanner
                level="info"
                title="Vorschau – nichts wird gespeichert"
                message={`Nur die Parzellen der Gruppe ${preis.gruppeName}; der Schwund ist über alle Parzellen des Hauptwasserzählers verteilt, wie in der Abrechnung.`}
              />
              <AbrechnungAnsicht abrechnung={vorschau} korrigierbar={false} art="Vorschau" />
            </>
          ) : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Schließen
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
