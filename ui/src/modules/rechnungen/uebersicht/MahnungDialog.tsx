import {
  Button,
  ButtonGroup,
  Checkbox,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Text,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { HOECHSTE_MAHNSTUFE, MAHNSTUFE_TITEL } from '../../../../../src/modules/rechnungspruefung/schema/mahnungen';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { mahnungDrucken, type Rechnung } from '../../../api/rechnungen';
import { saveWithToast } from '../../../api/toast';
import { DateField } from '../../../components/formKit';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { ablehnungOf } from './ablehnung';

// One receivable's next reminder: the date and whether default interest is charged; "Vorschau"
// shows the letter without writing anything, "Mahnung drucken" raises the level, adds fee and
// interest to the receivable and saves the letter as PDF.

const STUFE_TEXT: Readonly<Record<number, string>> = {
  1: 'ohne Gebühr',
  2: 'mit der Mahngebühr der Stufe 2 (Vereinseinstellungen)',
  3: 'mit der Mahngebühr der Stufe 3, eingeschrieben, mit dem Hinweis nach § 12 (2) KlGG',
};

export function MahnungDialog({ rechnung }: { rechnung: Rechnung }) {
  const { dismiss } = useDialogContainer();
  const [datum, setDatum] = useState(formatGermanDate(todayIso()));
  const [calc, setCalc] = useState(false);
  const [fehler, setFehler] = useState<string>();
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [laeuft, setLaeuft] = useState<'vorschau' | 'drucken' | null>(null);
  const stufe = Math.min(rechnung.mahnstufe + 1, HOECHSTE_MAHNSTUFE);
  const titel = MAHNSTUFE_TITEL[stufe] ?? 'Mahnung';
  const hoechste = rechnung.mahnstufe >= HOECHSTE_MAHNSTUFE;

  async function los(vorschau: boolean) {
    const iso = parseGermanDate(datum);
    if (!iso) {
      setFehler('Bitte das Datum als TT.MM.JJJJ eingeben.');
      return;
    }
    setAbgelehnt(null);
    setLaeuft(vorschau ? 'vorschau' : 'drucken');
    const name = `${vorschau ? 'Vorschau ' : ''}${titel} ${rechnung.nummer}`;
    try {
      if (vorschau) {
        await mahnungDrucken({ rechnungsID: rechnung.id, calc, datum: iso, vorschau: true }, name);
      } else {
        await saveWithToast(
          () => mahnungDrucken({ rechnungsID: rechnung.id, calc, datum: iso, vorschau: false }, name),
          { success: `${titel} zu Rechnung ${rechnung.nummer} erstellt – Mahnstufe ${stufe}.` },
        );
        dismiss();
      }
    } catch (error) {
      setAbgelehnt(ablehnungOf(error));
    } finally {
      setLaeuft(null);
    }
  }

  return (
    <Dialog size="M">
      <Heading>Mahnung zu Rechnung {rechnung.nummer}</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
          {hoechste ? (
            <Text>
              Diese Rechnung hat schon die höchste Mahnstufe (3 – Letzte Mahnung). Die nächsten Schritte sind
              außergerichtlich oder gerichtlich.
            </Text>
          ) : (
            <Text>
              Nächste Stufe: {stufe} – {titel}, {STUFE_TEXT[stufe]}. Offen: {formatEuro(rechnung.offenCent)}, davon
              überfällig {formatEuro(rechnung.ueberfaelligCent)}.
            </Text>
          )}
          <DateField
            label="Datum der Mahnung"
            isRequired
            value={datum}
            onChange={(v) => {
              setDatum(v);
              setFehler(undefined);
            }}
            error={fehler}
          />
          <Checkbox isSelected={calc} onChange={setCalc}>
            Verzugszinsen berechnen (4 % im Jahr ab Fälligkeit)
          </Checkbox>
          {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-ru-fehler" /> : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        <Button
          variant="secondary"
          isDisabled={hoechste || laeuft !== null}
          isPending={laeuft === 'vorschau'}
          onPress={() => void los(true)}
        >
          Vorschau
        </Button>
        <Button
          variant="accent"
          isDisabled={hoechste || laeuft !== null}
          isPending={laeuft === 'drucken'}
          onPress={() => void los(false)}
        >
          Mahnung drucken
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
