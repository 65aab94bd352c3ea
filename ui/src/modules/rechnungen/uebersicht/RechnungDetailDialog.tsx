import {
  AlertDialog,
  Button,
  ButtonGroup,
  Content,
  Dialog,
  DialogContainer,
  Divider,
  Flex,
  Heading,
  useDialogContainer,
} from '@adobe/react-spectrum';
import { useState } from 'react';
import { MAHNSTUFE_TITEL } from '../../../../../src/modules/rechnungspruefung/schema/mahnungen';
import { formatEuro } from '../../../../../src/platform/money';
import {
  deleteRechnung,
  rechnungenDrucken,
  resetMahnung,
  useRechnung,
  zahlscheineDrucken,
} from '../../../api/rechnungen';
import { saveWithToast, showErrorToast } from '../../../api/toast';
import { DeleteDialog } from '../../../components/formKit';
import { LoadFailed, Loading } from '../../../components/LoadState';
import { VerlaufDisclosure } from '../../../components/VerlaufPanel';
import { MahnungDialog } from './MahnungDialog';
import { RatenDialog } from './RatenDialog';
import { Kopf, Mahnungen, Positionen, Raten, Zahlungen } from './RechnungAbschnitte';
import { RechnungDialog } from './RechnungDialog';
import { ZahlungErfassenDialog } from './ZahlungErfassenDialog';
import { ZahlungZuordnenDialog } from './ZahlungZuordnenDialog';

// One receivable: head, positions, payments (each with its Beleg in the Kassabuch), reminders,
// instalments and Verlauf, and what the Kassier does from here: book a counter payment, allocate a
// bank credit, print a reminder, reset the level, agree instalments, change due date / reminder
// stop / note, print, delete.

type Unterdialog = 'zahlung' | 'zuordnen' | 'mahnung' | 'raten' | 'bearbeiten' | 'loeschen' | 'reset' | null;

/** The fields the server records for a receivable, in German (Verlauf). */
const RECHNUNG_LABELS: Readonly<Record<string, string>> = {
  nummer: 'Nummer',
  faelligAm: 'Fällig am',
  mahnsperreBis: 'Mahnsperre bis',
  notiz: 'Notiz',
  mahnstufe: 'Mahnstufe',
  betragCent: 'Betrag',
  positionen: 'Positionen',
  datum: 'Datum',
  adresseId: 'Adresse',
  parzelleId: 'Parzelle',
  raten: 'Raten',
  bezahltCent: 'Bezahlt',
  zuordnungen: 'Zahlungen',
};

export interface RechnungDetailDialogProps {
  id: number;
  canEdit: boolean;
  /** Booking a counter payment needs the Kassa right too. */
  kassaEdit: boolean;
}

export function RechnungDetailDialog({ id, canEdit, kassaEdit }: RechnungDetailDialogProps) {
  const { dismiss } = useDialogContainer();
  const { data: r, error, isLoading, mutate } = useRechnung(id);
  const [unter, setUnter] = useState<Unterdialog>(null);

  if (!r) {
    return (
      <Dialog size="L">
        <Heading>Rechnung</Heading>
        <Divider />
        <Content>
          {error && !isLoading ? (
            <LoadFailed title="Die Rechnung konnte nicht geladen werden." error={error} onRetry={() => void mutate()} />
          ) : (
            <Loading label="Rechnung wird geladen …" />
          )}
        </Content>
        <ButtonGroup>
          <Button variant="secondary" onPress={dismiss}>
            Schließen
          </Button>
        </ButtonGroup>
      </Dialog>
    );
  }

  const offen = r.offenCent > 0;
  const drucken = (art: 'rechnung' | 'zahlschein') =>
    (art === 'rechnung'
      ? rechnungenDrucken([r.id], `Rechnung ${r.nummer}`)
      : zahlscheineDrucken([r.id], `Zahlschein ${r.nummer}`)
    ).catch(showErrorToast);

  // The action dialogs sit beside the detail, not inside it: inside, they would take the detail's
  // heading as their accessible name (the Dialog's title slot reaches into its children).
  return (
    <>
      <Dialog size="L">
        <Heading>
          Rechnung {r.nummer} – {r.adresseName}
        </Heading>
        <Divider />
        <Content>
          <Flex direction="column" gap="size-200">
            <Kopf r={r} />
            <Flex gap="size-100" wrap>
              {canEdit && kassaEdit && offen ? (
                <Button variant="accent" onPress={() => setUnter('zahlung')}>
                  Zahlung erfassen
                </Button>
              ) : null}
              {canEdit && offen ? (
                <Button variant="secondary" onPress={() => setUnter('zuordnen')}>
                  Zahlung zuordnen
                </Button>
              ) : null}
              {canEdit && offen ? (
                <Button variant="secondary" onPress={() => setUnter('mahnung')}>
                  Mahnung drucken
                </Button>
              ) : null}
              {canEdit && r.mahnstufe > 0 ? (
                <Button variant="secondary" onPress={() => setUnter('reset')}>
                  Mahnstufe zurücksetzen
                </Button>
              ) : null}
              {canEdit && offen ? (
                <Button variant="secondary" onPress={() => setUnter('raten')}>
                  Raten vereinbaren
                </Button>
              ) : null}
              {canEdit ? (
                <Button variant="secondary" onPress={() => setUnter('bearbeiten')}>
                  Bearbeiten
                </Button>
              ) : null}
              <Button variant="secondary" onPress={() => void drucken('rechnung')}>
                Rechnung drucken
              </Button>
              {offen ? (
                <Button variant="secondary" onPress={() => void drucken('zahlschein')}>
                  Zahlschein
                </Button>
              ) : null}
              {canEdit && r.loeschbar ? (
                <Button variant="negative" style="outline" onPress={() => setUnter('loeschen')}>
                  Löschen
                </Button>
              ) : null}
            </Flex>
            <Positionen r={r} />
            <Zahlungen r={r} />
            <Mahnungen r={r} />
            <Raten r={r} />
            <VerlaufDisclosure entityType="Rechnung" entityId={r.id} fieldLabels={RECHNUNG_LABELS} />
          </Flex>
        </Content>
        <ButtonGroup>
          <Button variant="secondary" onPress={dismiss}>
            Schließen
          </Button>
        </ButtonGroup>
      </Dialog>
      <DialogContainer onDismiss={() => setUnter(null)}>
        {unter === 'zahlung' ? (
          <ZahlungErfassenDialog rechnung={r} />
        ) : unter === 'zuordnen' ? (
          <ZahlungZuordnenDialog rechnung={r} />
        ) : unter === 'mahnung' ? (
          <MahnungDialog rechnung={r} />
        ) : unter === 'raten' ? (
          <RatenDialog rechnung={r} />
        ) : unter === 'bearbeiten' ? (
          <RechnungDialog rechnung={r} />
        ) : unter === 'loeschen' ? (
          <DeleteDialog
            title={`Rechnung ${r.nummer} löschen?`}
            run={async () => {
              await deleteRechnung(r.id);
              dismiss();
            }}
            success={`Rechnung ${r.nummer} gelöscht.`}
          >
            Die Rechnung an {r.adresseName} über {formatEuro(r.betragCent)} wird gelöscht. Ihre Nummer wird nicht wieder
            vergeben.
          </DeleteDialog>
        ) : unter === 'reset' ? (
          <AlertDialog
            title="Mahnstufe zurücksetzen?"
            variant="confirmation"
            primaryActionLabel="Zurücksetzen"
            cancelLabel="Abbrechen"
            onPrimaryAction={() =>
              void saveWithToast(() => resetMahnung(r.id), {
                success: `Die Mahnstufe der Rechnung ${r.nummer} ist wieder 0.`,
              }).catch(() => undefined)
            }
          >
            Rechnung {r.nummer} steht auf Mahnstufe {r.mahnstufe} ({MAHNSTUFE_TITEL[r.mahnstufe]}). Danach beginnt die
            nächste Mahnung wieder mit der Zahlungserinnerung. Die gedruckten Mahnungen bleiben aufgezeichnet.
          </AlertDialog>
        ) : null}
      </DialogContainer>
    </>
  );
}
