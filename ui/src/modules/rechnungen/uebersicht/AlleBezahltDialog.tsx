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
  Text,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatGermanDate, parseGermanDate, todayIso } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { useKonten } from '../../../api/kassa';
import { alleBezahlt, type Rechnung } from '../../../api/rechnungen';
import { saveWithToast } from '../../../api/toast';
import { DateField, invalid } from '../../../components/formKit';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { ablehnungOf } from './ablehnung';

// Members who paid in cash at the club house (the yearly "Kassatag"): the chosen receivables with an
// open amount are booked at once, one Kassa entry each for what is still open, allocated to it.

/** "1 Zahlung" / "3 Zahlungen" – the toast after booking. */
export const zahlungenText = (n: number) => (n === 1 ? '1 Zahlung' : `${n} Zahlungen`);

export function AlleBezahltDialog({ rechnungen, onGebucht }: { rechnungen: Rechnung[]; onGebucht: () => void }) {
  const { dismiss } = useDialogContainer();
  const konten = useKonten();
  const aktive = (konten.data ?? []).filter((k) => k.aktiv);
  // Cash at the club house: the first cash box is the default, as in "Zahlung erfassen".
  const standardKonto = aktive.find((k) => k.art === 'kassa') ?? aktive[0];
  const [gewaehltesKonto, setKonto] = useState(0);
  const kontoId = gewaehltesKonto || standardKonto?.id || 0;
  const [datum, setDatum] = useState(formatGermanDate(todayIso()));
  const [fehler, setFehler] = useState<{ datum?: string; konto?: string }>({});
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [laeuft, setLaeuft] = useState(false);
  const summeCent = rechnungen.reduce((s, r) => s + r.offenCent, 0);
  const anzahl = rechnungen.length;

  async function buchen() {
    const iso = parseGermanDate(datum);
    const neu = {
      datum: iso ? undefined : 'Bitte das Datum als TT.MM.JJJJ eingeben.',
      konto: kontoId ? undefined : 'Bitte das Konto wählen.',
    };
    setFehler(neu);
    if (!iso || !kontoId) return;
    setAbgelehnt(null);
    setLaeuft(true);
    try {
      await saveWithToast(() => alleBezahlt({ rechnungIds: rechnungen.map((r) => r.id), kontoId, datum: iso }), {
        success: (a) => `${zahlungenText(a.anzahl)} gebucht`,
      });
      onGebucht();
      dismiss();
    } catch (error) {
      setAbgelehnt(ablehnungOf(error));
    } finally {
      setLaeuft(false);
    }
  }

  return (
    <Dialog size="M">
      <Heading>Als bezahlt buchen</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
          <Text>
            {anzahl === 1 ? '1 Rechnung' : `${anzahl} Rechnungen`} mit zusammen {formatEuro(summeCent)} offen werden als
            bar bezahlt gebucht: je Rechnung ein Beleg im Kassabuch über ihren offenen Betrag, gleich zugeordnet.
          </Text>
          <DateField
            label="Datum"
            isRequired
            value={datum}
            onChange={(v) => {
              setDatum(v);
              setFehler((f) => ({ ...f, datum: undefined }));
            }}
            error={fehler.datum}
            autoFocus
          />
          <Picker
            label="Konto"
            isRequired
            items={aktive}
            selectedKey={kontoId ? String(kontoId) : null}
            onSelectionChange={(key) => {
              setKonto(Number(key));
              setFehler((f) => ({ ...f, konto: undefined }));
            }}
            description="Wohin das Geld ging: Handkassa bei Barzahlung."
            {...invalid(fehler.konto)}
          >
            {(k) => <Item key={String(k.id)}>{k.name}</Item>}
          </Picker>
          {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-ru-fehler" /> : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        <Button variant="accent" isDisabled={laeuft} isPending={laeuft} onPress={() => void buchen()}>
          {`${zahlungenText(anzahl)} buchen`}
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
