import { AlertDialog, Button, ButtonGroup, DialogContainer, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { formatEuro } from '../../../../../src/platform/money';
import { type LaufArt, type LaufParameter, type LaufVorschau, laufEinbuchen } from '../../../api/abrechnung';
import { isApiError, isProblemDetails } from '../../../api/errors';
import { showErrorToast, showSuccessToast } from '../../../api/toast';
import { MessageBanner } from '../../../components/MessageBanner';
import { type Refusal, RefusalAlert } from '../../../components/RefusalAlert';
import { SchrittTitel } from './LaufSchritte';
import { ProblemListe } from './SchrittPruefen';

const forderungen = (n: number) => (n === 1 ? '1 Forderung' : `${n} Forderungen`);

/** What a booked run locks (the server's 409s once booked), said before booking; the Weitere
 * Mitgliedschaften lock nothing of their own. */
const DANACH_GESPERRT: Record<LaufArt, string> = {
  Zahlungsvorschreibung: 'Danach sind die Sätze des Jahres gesperrt.',
  Gruppenrechnung: 'Danach sind die Positionen der Abrechnung je Gruppe dieses Jahres gesperrt.',
  WeitereMitgliedschaft: '',
  Wasserrechnung: 'Danach kann die Wasserabrechnung nicht mehr korrigiert werden.',
};

/** A refused booking as the step shows it: the server's German title and its reasons (the problems, or why). */
export function ablehnung(error: unknown): Refusal | null {
  if (!isApiError(error) || !isProblemDetails(error.body) || (error.status !== 409 && error.status !== 422))
    return null;
  const lines = Object.values(error.body.errors ?? {}).flatMap((m) => (Array.isArray(m) ? m.map(String) : [String(m)]));
  return { title: error.body.title, lines };
}

/** Step 4: the confirm dialog naming count and sum, then LaufEinbuchen; refusals shown in place. */
export function SchrittBuchen(props: {
  vorschau: LaufVorschau;
  params: LaufParameter;
  canEdit: boolean;
  onZurueck: () => void;
  onGebucht: () => void;
}) {
  const { vorschau, params } = props;
  const [fragen, setFragen] = useState(false);
  const [laeuft, setLaeuft] = useState(false);
  const [abgelehnt, setAbgelehnt] = useState<Refusal | null>(null);
  // The run is booked whole; a preview narrowed to some addresses (Weitere Mitgliedschaften'
  // „Nur für Adresse“) would make the confirm name the wrong count and sum, so booking waits.
  const eingeschraenkt = (params.adressen?.length ?? 0) > 0;
  const gesperrt = vorschau.probleme.length > 0 || eingeschraenkt;
  const danach = DANACH_GESPERRT[params.art];

  async function buche() {
    setLaeuft(true);
    setAbgelehnt(null);
    try {
      const antwort = await laufEinbuchen({
        art: params.art,
        ...(params.pachtabrechnungID !== undefined ? { pachtabrechnungId: params.pachtabrechnungID } : {}),
        datum: params.date ?? vorschau.datum,
        ...(params.stichtag ? { stichtag: params.stichtag } : {}),
        ...(params.interimBilling !== undefined ? { interimBilling: params.interimBilling } : {}),
        ...(params.rechnungenTeilen !== undefined ? { rechnungenTeilen: params.rechnungenTeilen } : {}),
      });
      showSuccessToast(
        `${vorschau.titel}: ${forderungen(antwort.anzahl)} über ${formatEuro(antwort.summeCent)} gebucht.`,
      );
      props.onGebucht();
    } catch (error) {
      const refusal = ablehnung(error);
      if (refusal) setAbgelehnt(refusal);
      else showErrorToast(error);
    } finally {
      setLaeuft(false);
    }
  }

  return (
    <>
      <SchrittTitel nr={4}>4. Buchen</SchrittTitel>
      {!props.canEdit ? (
        <MessageBanner level="info" message="Buchen darf nur, wer die Abrechnung bearbeiten darf." />
      ) : eingeschraenkt ? (
        <MessageBanner
          level="info"
          title="Nur eine Adresse gewählt"
          message="Gebucht werden immer alle Briefe. Bitte in Schritt 1 „Nur für Adresse“ leeren; dann zeigt dieser Schritt Anzahl und Summe aller Briefe."
        />
      ) : gesperrt ? (
        <>
          <MessageBanner
            level="warning"
            title="Noch nicht buchbar"
            message="Bitte zuerst diese Punkte beheben (Schritt 2 „Prüfen“):"
          />
          <ProblemListe probleme={vorschau.probleme} />
        </>
      ) : (
        <Text>
          Beim Buchen wird für jeden Brief eine Forderung mit Rechnungsnummer und Zahlungsreferenz angelegt:{' '}
          {forderungen(vorschau.anzahl)} über {formatEuro(vorschau.summeCent)}. {danach} Anschließend können die Briefe
          gedruckt werden.
        </Text>
      )}
      {abgelehnt ? <RefusalAlert refusal={abgelehnt} titleClassName="kgv-lauf-fehler" /> : null}
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onZurueck}>
          Zurück
        </Button>
        {props.canEdit ? (
          <Button variant="accent" onPress={() => setFragen(true)} isDisabled={gesperrt} isPending={laeuft}>
            Einbuchen …
          </Button>
        ) : null}
      </ButtonGroup>
      <DialogContainer onDismiss={() => setFragen(false)}>
        {fragen ? (
          <AlertDialog
            title={`${vorschau.titel} buchen?`}
            variant="confirmation"
            primaryActionLabel="Buchen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => void buche()}
          >
            {`${forderungen(vorschau.anzahl)} über ${formatEuro(vorschau.summeCent)} buchen? ${danach}`.trim()}
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </>
  );
}
