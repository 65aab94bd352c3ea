import { ActionButton } from '@adobe/react-spectrum';
import Close from '@spectrum-icons/workflow/Close';

export interface LabelChipProps {
  label: string;
  /** Shows the remove button when given. */
  onRemove?: () => void;
  /** Accessible name of the remove button; defaults to "<label> entfernen". */
  removeLabel?: string;
}

/** A removable label chip (spec §1), e.g. an active filter. */
export function LabelChip({ label, onRemove, removeLabel }: LabelChipProps) {
  return (
    <span className="kgv-chip">
      <span className="kgv-chip-label">{label}</span>
      {onRemove ? (
        <ActionButton isQuiet aria-label={removeLabel ?? `${label} entfernen`} onPress={onRemove} height="size-300">
          <Close size="XS" />
        </ActionButton>
      ) : null}
    </span>
  );
}
