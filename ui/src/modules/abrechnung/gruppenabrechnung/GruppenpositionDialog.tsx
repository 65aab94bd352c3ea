import {
  Button,
  ButtonGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Item,
  Picker,
  Radio,
  RadioGroup,
  TextField,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { type Key, useState } from 'react';
import {
  VERTEILUNG_LABEL,
  VERTEILUNGEN,
  type Verteilung,
} from '../../../../../src/modules/abrechnung/schema/gruppenabrechnung';
import { type GruppenabrechnungPosition, saveGruppenabrechnung } from '../../../api/abrechnung';
import { fieldErrors } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { invalid, NumberInput } from '../../../components/formKit';
import { centsToEuro, EURO_FORMAT, euroToCents } from '../../../lib/fieldFormats';
import { BuchungskontoPicker, SteuersatzPicker, useBuchungskontenDesJahres } from '../basisdatenKit';

export interface GruppenpositionDialogProps {
  pachtabrechnungId: number;
  jahr: number;
  gruppen: { id: number; name: string }[];
  /** The group chosen on the screen (preset for a new position). */
  gruppeId: number | undefined;
  position: GruppenabrechnungPosition | null;
}

/** Adds or changes one position a group's plots share (UpdateGruppenabrechnung). */
export function GruppenpositionDialog({
  pachtabrechnungId,
  jahr,
  gruppen,
  gruppeId,
  position,
}: GruppenpositionDialogProps) {
  const dialog = useDialogContainer();
  const { konten } = useBuchungskontenDesJahres(jahr);
  const [gruppe, setGruppe] = useState<number | undefined>(position?.gruppeId ?? gruppeId);
  const [text, setText] = useState(position?.text ?? '');
  const [betrag, setBetrag] = useState(centsToEuro(position?.betragCent));
  const [verteilung, setVerteilung] = useState<Verteilung>(position?.verteilung ?? 'gleich');
  const [steuersatz, setSteuersatz] = useState(position?.steuersatz ?? 0);
  const [buchungskontoId, setBuchungskontoId] = useState<number | null>(position?.buchungskontoId ?? null);
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [speichert, setSpeichert] = useState(false);

  async function speichern() {
    const lokal: Record<string, string> = {};
    if (gruppe === undefined) lokal.gruppeId = 'Bitte wählen Sie eine Gruppe.';
    if (text.trim() === '') lokal.text = 'Bitte geben Sie einen Text an.';
    if (Number.isNaN(betrag)) lokal.betragCent = 'Bitte geben Sie den Betrag für die Gruppe an.';
    setFehler(lokal);
    if (gruppe === undefined || Object.keys(lokal).length > 0) return;
    setSpeichert(true);
    try {
      await saveWithToast(
        () =>
          saveGruppenabrechnung({
            id: position?.id ?? 0,
            ...(position ? { version: position.version, sortierung: position.sortierung } : {}),
            pachtabrechnungId,
            gruppeId: gruppe,
            text: text.trim(),
            betragCent: euroToCents(betrag),
            verteilung,
            steuersatz,
            buchungskontoId,
          }),
        { success: `Gruppenposition „${text.trim()}“ gespeichert.` },
      );
      dialog.dismiss();
    } catch (error) {
      setFehler(fieldErrors(error));
    } finally {
      setSpeichert(false);
    }
  }

  const fehlerAn = (feld: string) => invalid(fehler[feld]);

  return (
    <Dialog>
      <Heading>{position ? `Gruppenposition „${position.text}“` : 'Neue Gruppenposition'}</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-150">
          <Picker
            label="Gruppe"
            isRequired
            items={gruppen}
            selectedKey={gruppe === undefined ? null : String(gruppe)}
            onSelectionChange={(key: Key | null) => key !== null && setGruppe(Number(key))}
            {...fehlerAn('gruppeId')}
          >
            {(g) => <Item key={String(g.id)}>{g.name}</Item>}
          </Picker>
          <TextField label="Text" isRequired value={text} onChange={setText} {...fehlerAn('text')} />
          <NumberInput
            label="Betrag für die Gruppe"
            isRequired
            formatOptions={EURO_FORMAT}
            value={betrag}
            onChange={setBetrag}
            description="Der Gesamtbetrag; er wird auf die Parzellen der Gruppe aufgeteilt."
            {...fehlerAn('betragCent')}
          />
          <RadioGroup
            label="Verteilung"
            orientation="horizontal"
            value={verteilung}
            onChange={(v) => setVerteilung(v as Verteilung)}
          >
            {VERTEILUNGEN.map((v) => (
              <Radio key={v} value={v}>
                {VERTEILUNG_LABEL[v]}
              </Radio>
            ))}
          </RadioGroup>
          <Flex gap="size-200" wrap>
            <SteuersatzPicker value={steuersatz} onChange={setSteuersatz} errorMessage={fehler.steuersatz} />
            <BuchungskontoPicker
              label="Buchungskonto"
              konten={konten}
              value={buchungskontoId}
              onChange={setBuchungskontoId}
              errorMessage={fehler.buchungskontoId}
            />
          </Flex>
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Abbrechen
        </Button>
        <Button variant="accent" onPress={() => void speichern()} isPending={speichert}>
          Speichern
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
