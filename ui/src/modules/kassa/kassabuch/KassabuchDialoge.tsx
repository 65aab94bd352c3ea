import { AlertDialog, DialogContainer } from '@adobe/react-spectrum';
import { formatEuro } from '../../../../../src/platform/money';
import type { BuchungskontoLookup, KontoLookup, Kostenstelle } from '../../../api/kassa';
import { saveWithToast } from '../../../api/toast';
import { EintragDialog } from './EintragDialog';
import {
  deleteGefiltert,
  type Eintrag,
  type KassabuchFilterInput,
  pruefeGefiltert,
  stornoEintrag,
} from './kassabuchApi';

// The Kassabuch's dialogs: an entry (edit or view), and the questions before a Storno, before
// marking the filtered entries as checked and before deleting them (after the server's dry run).

export type KassabuchDialog =
  | { art: 'eintrag'; eintrag: Eintrag }
  | { art: 'storno'; eintrag: Eintrag }
  | { art: 'pruefen'; anzahl: number }
  | { art: 'loeschen'; geloescht: number; uebersprungen: number }
  | null;

export const buchungen = (n: number) => (n === 1 ? '1 Buchung' : `${n} Buchungen`);

export interface KassabuchDialogeProps {
  dialog: KassabuchDialog;
  onClose: () => void;
  /** The filter shown (with the period): what "Geprüft markieren" and "Gefilterte löschen" act on. */
  filter: KassabuchFilterInput | null;
  filterAktiv: boolean;
  /** The period's name, for "alle Buchungen der Kassaabrechnung …". */
  name: string;
  konten: KontoLookup[];
  buchungskonten: BuchungskontoLookup[];
  kostenstellen: Kostenstelle[];
  /** View-only user or closed period: the entry dialog only shows. */
  readOnly: boolean;
}

export function KassabuchDialoge({
  dialog,
  onClose,
  filter,
  filterAktiv,
  name,
  konten,
  buchungskonten,
  kostenstellen,
  readOnly,
}: KassabuchDialogeProps) {
  return (
    <DialogContainer onDismiss={onClose}>
      {dialog?.art === 'eintrag' ? (
        <EintragDialog
          eintrag={dialog.eintrag}
          konten={konten}
          buchungskonten={buchungskonten}
          kostenstellen={kostenstellen}
          readOnly={readOnly}
        />
      ) : dialog?.art === 'storno' ? (
        <AlertDialog
          title={`Beleg ${dialog.eintrag.belegnummer} stornieren?`}
          variant="warning"
          primaryActionLabel="Stornieren"
          cancelLabel="Abbrechen"
          autoFocusButton="cancel"
          onPrimaryAction={() => {
            const e = dialog.eintrag;
            void saveWithToast(() => stornoEintrag(e.id), {
              success: (s) =>
                s.kassaabrechnungId === e.kassaabrechnungId
                  ? `Beleg ${e.belegnummer} storniert: Gegenbuchung Beleg ${s.belegnummer}.`
                  : `Beleg ${e.belegnummer} storniert: Gegenbuchung Beleg ${s.belegnummer} im laufenden Kassajahr.`,
            }).catch(() => undefined);
          }}
        >
          Es wird eine Gegenbuchung über {formatEuro(-dialog.eintrag.betragCent)} mit heutigem Datum angelegt (gleiches
          Konto, gleiches Buchungskonto; ist dieses Kassajahr abgeschlossen, im laufenden Kassajahr auf dem
          Buchungskonto derselben Nummer). Der ursprüngliche Beleg bleibt im Kassabuch und wird als „storniert“
          markiert.
        </AlertDialog>
      ) : dialog?.art === 'pruefen' ? (
        <AlertDialog
          title="Buchungen als geprüft markieren?"
          variant="confirmation"
          primaryActionLabel="Geprüft markieren"
          cancelLabel="Abbrechen"
          autoFocusButton="cancel"
          onPrimaryAction={() => {
            if (!filter) return;
            void saveWithToast(() => pruefeGefiltert(filter), {
              success: (r) => `${buchungen(r.geprueft)} als geprüft markiert.`,
            }).catch(() => undefined);
          }}
        >
          {filterAktiv ? 'Die' : 'Alle'} {buchungen(dialog.anzahl)}
          {filterAktiv ? ' der aktuellen Filter' : ` der Kassaabrechnung ${name}`} werden als geprüft markiert. Danach
          lassen sie sich nicht mehr ändern oder löschen; eine Korrektur ist dann nur noch eine Storno-Buchung.
        </AlertDialog>
      ) : dialog?.art === 'loeschen' ? (
        dialog.geloescht === 0 ? (
          <AlertDialog title="Nichts zu löschen" variant="information" primaryActionLabel="Schließen">
            {dialog.uebersprungen
              ? `Alle ${buchungen(dialog.uebersprungen)} dieser Auswahl sind geprüft oder storniert und bleiben.`
              : 'Diese Auswahl enthält keine Buchungen.'}
          </AlertDialog>
        ) : (
          <AlertDialog
            title={`${buchungen(dialog.geloescht)} löschen?`}
            variant="destructive"
            primaryActionLabel="Löschen"
            cancelLabel="Abbrechen"
            autoFocusButton="cancel"
            onPrimaryAction={() => {
              if (!filter) return;
              void saveWithToast(() => deleteGefiltert(filter, false), {
                success: (r) => `${buchungen(r.geloescht)} gelöscht.`,
              }).catch(() => undefined);
            }}
          >
            {buchungen(dialog.geloescht)} {dialog.geloescht === 1 ? 'wird' : 'werden'} gelöscht
            {dialog.uebersprungen
              ? `, ${dialog.uebersprungen} ${dialog.uebersprungen === 1 ? 'bleibt' : 'bleiben'} (geprüft oder storniert)`
              : ''}
            . Ihre Belege (Dateien) werden mitgelöscht. Die Beleg-Nummern werden nicht neu vergeben.
          </AlertDialog>
        )
      ) : null}
    </DialogContainer>
  );
}
