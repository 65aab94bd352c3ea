import { AlertDialog, DialogContainer, Text } from '@adobe/react-spectrum';
import type { PlausibilityIssue } from '../lib/plausibility';

export interface PlausibilityDialogProps {
  /** The questioned dates; null when no question is open. */
  issues: readonly PlausibilityIssue[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Datum prüfen": names each unusual date (Eintritt 01.01.2999 …) before the save; the user saves
 * anyway or goes back to the form. "Zurück" is focused, so Enter does not save a typo.
 */
export function PlausibilityDialog({ issues, onConfirm, onCancel }: PlausibilityDialogProps) {
  return (
    <DialogContainer onDismiss={onCancel}>
      {issues ? (
        <AlertDialog
          title="Datum prüfen"
          variant="warning"
          primaryActionLabel="Trotzdem speichern"
          cancelLabel="Zurück"
          autoFocusButton="cancel"
          onPrimaryAction={onConfirm}
          onCancel={onCancel}
        >
          {issues.map((issue) => (
            <Text key={issue.field} UNSAFE_style={{ display: 'block' }}>
              {issue.message}
            </Text>
          ))}
          <Text UNSAFE_style={{ display: 'block', marginTop: '1em' }}>Ist das Datum richtig?</Text>
        </AlertDialog>
      ) : null}
    </DialogContainer>
  );
}
