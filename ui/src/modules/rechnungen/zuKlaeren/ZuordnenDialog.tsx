import {
  ActionButton,
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
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro, parseGermanAmount } from '../../../../../src/platform/money';
import { saveWithToast } from '../../../api/toast';
import { type Rechnung, type ZuKlaerenZeile, zuordnen } from '../../../api/zahlungen';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { ablehnung } from '../../kassa/bankimport/bankImportApi';
import { AufteilungTabelle, type AufteilungZeile, aufteilungSumme, betragEingabe } from './AufteilungTabelle';
import { RechnungSuche } from './RechnungSuche';

// "Andere Rechnung suchen …" on 'Zahlungen zuordnen': the Kassier picks one or more receivables (a
// member who paid for two plots, or a neighbour's too), sets how much each gets, and may park the
// rest as the payer's credit (Guthaben) which the next payment request offsets. The server checks
// that nothing exceeds the payment or a receivable; its German refusal shows above the buttons.

export function ZuordnenDialog({ zeile }: { zeile: ZuKlaerenZeile }) {
  const { dismiss } = useDialogContainer();
  const { eintrag, vorschlaege } = zeile;
  const [zeilen, setZeilen] = useState<AufteilungZeile[]>([]);
  const [guthaben, setGuthaben] = useState(false);
  const [fehler, setFehler] = useState<Record<number, string>>({});
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  const summe = aufteilungSumme(zeilen);
  const rest = eintrag.restCent - summe;
  const guthabenAdresse = zeilen.find((z) => z.adresseId !== undefined);

  function waehle(r: Pick<Rechnung, 'id' | 'nummer' | 'adresseId' | 'adresseName' | 'offenCent'>) {
    if (zeilen.some((z) => z.rechnungId === r.id)) return;
    const verfuegbar = eintrag.restCent - aufteilungSumme(zeilen);
    const betrag = verfuegbar > 0 ? Math.min(verfuegbar, r.offenCent) : r.offenCent;
    setZeilen([
      ...zeilen,
      {
        rechnungId: r.id,
        nummer: r.nummer,
        adresseName: r.adresseName,
        adresseId: r.adresseId,
        offenCent: r.offenCent,
        betrag: betragEingabe(betrag),
      },
    ]);
  }

  async function speichern() {
    const ohneBetrag: Record<number, string> = {};
    const liste = zeilen.map((z) => {
      const cent = parseGermanAmount(z.betrag);
      if (!cent) ohneBetrag[z.rechnungId] = 'Bitte einen Betrag eingeben, z. B. 155,34.';
      return { rechnungId: z.rechnungId, betragCent: cent ?? 0 };
    });
    setFehler(ohneBetrag);
    if (Object.keys(ohneBetrag).length > 0) return;
    const alsGuthaben = guthaben && rest > 0 && guthabenAdresse?.adresseId !== undefined;
    setBusy(true);
    setAbgelehnt(null);
    try {
      await saveWithToast(
        () =>
          zuordnen({
            kassabuchId: eintrag.id,
            zuordnungen: liste,
            restAlsGuthaben: alsGuthaben ? { adresseId: guthabenAdresse.adresseId as number } : null,
          }),
        {
          success: `${formatEuro(summe + (alsGuthaben ? rest : 0))} von Beleg ${eintrag.belegnummer} zugeordnet.`,
        },
      );
      dismiss();
    } catch (error) {
      setAbgelehnt(ablehnung(error));
    } finally {
      setBusy(false);
    }
  }

  const gewaehlt = new Set(zeilen.map((z) => z.rechnungId));
  const offeneVorschlaege = vorschlaege.filter((v) => !gewaehlt.has(v.rechnung.id));

  return (
    <Dialog size="L">
      <Heading>Zahlung zuordnen</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-200">
          <Text>
            Beleg {eintrag.belegnummer} vom {formatGermanDate(eintrag.datum)}: {formatEuro(eintrag.betragCent)} von{' '}
            {eintrag.bankName ?? 'unbekannt'} – „{eintrag.text}“. Noch zuzuordnen: {formatEuro(eintrag.restCent)}.
          </Text>
          {offeneVorschlaege.length > 0 ? (
            <Flex gap="size-100" wrap alignItems="center">
              <Text>Vorschläge:</Text>
              {offeneVorschlaege.map((v) => (
                <ActionButton
                  key={v.rechnung.id}
                  aria-label={`Rechnung ${v.rechnung.nummer} hinzufügen`}
                  onPress={() => waehle(v.rechnung)}
                >
                  {v.rechnung.nummer} {v.rechnung.adresseName}
                </ActionButton>
              ))}
            </Flex>
          ) : null}
          <RechnungSuche gewaehlt={gewaehlt} onWaehlen={waehle} />
          {zeilen.length > 0 ? (
            <>
              <AufteilungTabelle label="Aufteilung" zeilen={zeilen} onChange={setZeilen} fehler={fehler} />
              <Text UNSAFE_className="kgv-zk-summe">
                Zugeordnet {formatEuro(summe)} · Rest {formatEuro(rest)}
              </Text>
              {rest > 0 && guthabenAdresse ? (
                <Checkbox isSelected={guthaben} onChange={setGuthaben}>
                  Rest von {formatEuro(rest)} als Guthaben von {guthabenAdresse.adresseName} buchen
                </Checkbox>
              ) : null}
            </>
          ) : (
            <Text>Suchen Sie die Rechnung, die diese Zahlung begleicht, und fügen Sie sie hinzu.</Text>
          )}
          {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-zk-summe" /> : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dismiss}>
          Abbrechen
        </Button>
        <Button variant="accent" onPress={() => void speichern()} isDisabled={zeilen.length === 0} isPending={busy}>
          Zuordnen
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
