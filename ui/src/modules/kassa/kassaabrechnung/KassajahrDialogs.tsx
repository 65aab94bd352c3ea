import { AlertDialog, Content, Text } from '@adobe/react-spectrum';
import { type ReactNode, useState } from 'react';
import { saveWithToast } from '../../../api/toast';
import { NumberInput } from '../../../components/formKit';
import { closeKassaabrechnung, createKassajahr, type Kassaabrechnung, openKassaabrechnung } from './api';

/** A question with one action; the action's error toast says why it failed (409, 422). */
function ActionQuestion(props: {
  title: string;
  action: string;
  variant?: 'confirmation' | 'destructive' | 'warning';
  run: () => Promise<unknown>;
  success: string;
  children: ReactNode;
}) {
  return (
    <AlertDialog
      title={props.title}
      variant={props.variant ?? 'confirmation'}
      primaryActionLabel={props.action}
      cancelLabel="Abbrechen"
      autoFocusButton="cancel"
      onPrimaryAction={() => {
        saveWithToast(props.run, { success: props.success }).catch(() => {
          // The error toast shows the server's reason.
        });
      }}
    >
      {props.children}
    </AlertDialog>
  );
}

/**
 * "Neues Kassajahr anlegen": the year after the newest period (or this one when there is none),
 * with the previous year's accounts carried over.
 */
export function NeuesKassajahrDialog({ neuestes }: { neuestes: Kassaabrechnung | undefined }) {
  const [jahr, setJahr] = useState(neuestes ? neuestes.jahr + 1 : new Date().getFullYear());
  const gueltig = Number.isInteger(jahr) && jahr >= 2000 && jahr <= 2100;
  return (
    <AlertDialog
      title="Neues Kassajahr anlegen"
      variant="confirmation"
      primaryActionLabel={gueltig ? `Kassajahr ${jahr} anlegen` : 'Kassajahr anlegen'}
      isPrimaryActionDisabled={!gueltig}
      cancelLabel="Abbrechen"
      onPrimaryAction={() => {
        saveWithToast(() => createKassajahr(jahr), { success: `Kassajahr ${jahr} angelegt.` }).catch(() => {
          // The error toast says why (e.g. the year exists already).
        });
      }}
    >
      <Content>
        <NumberInput
          label="Jahr"
          value={jahr}
          onChange={setJahr}
          formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
          {...(gueltig
            ? {}
            : { validationState: 'invalid' as const, errorMessage: 'Bitte ein Jahr von 2000 bis 2100.' })}
        />
        <Text>
          <p>Das neue Kassajahr läuft vom 1.1. bis 31.12.{gueltig ? jahr : ''}.</p>
          {neuestes ? (
            <p>
              Aus {neuestes.bezeichnung} werden übernommen: die Buchungskonten (mit ihren Parzellen) und die
              Kostenstellen. Der Endstand jedes aktiven Bank- und Kassakontos wird zum Anfangsbestand des neuen Jahres.
              Buchungen werden nicht übernommen.
            </p>
          ) : (
            <p>Es ist das erste Kassajahr: Buchungskonten und Kostenstellen legen Sie danach an.</p>
          )}
        </Text>
      </Content>
    </AlertDialog>
  );
}

export function AbschliessenDialog({ kassaabrechnung }: { kassaabrechnung: Kassaabrechnung }) {
  return (
    <ActionQuestion
      title={`${kassaabrechnung.bezeichnung} abschließen?`}
      action="Abschließen"
      variant="warning"
      run={() => closeKassaabrechnung(kassaabrechnung.id)}
      success={`${kassaabrechnung.bezeichnung} ist abgeschlossen.`}
    >
      Danach können in diesem Jahr keine Buchungen mehr erfasst, geändert oder gelöscht werden; auch Anfangsbestände,
      Buchungskonten und Kostenstellen des Jahres bleiben, wie sie sind. Der aktuelle Stand der Prüfkette wird
      festgehalten. Ein Berechtigter kann das Jahr wieder öffnen – das steht dann im Verlauf.
    </ActionQuestion>
  );
}

export function OeffnenDialog({ kassaabrechnung }: { kassaabrechnung: Kassaabrechnung }) {
  return (
    <ActionQuestion
      title={`${kassaabrechnung.bezeichnung} wieder öffnen?`}
      action="Wieder öffnen"
      variant="warning"
      run={() => openKassaabrechnung(kassaabrechnung.id)}
      success={`${kassaabrechnung.bezeichnung} ist wieder offen.`}
    >
      Danach können in diesem Jahr wieder Buchungen erfasst und geändert werden. Bereits geprüfte Buchungen bleiben
      unveränderbar. Das Öffnen wird mit Ihrem Namen im Verlauf festgehalten; schließen Sie das Jahr nach der Korrektur
      wieder ab.
    </ActionQuestion>
  );
}
