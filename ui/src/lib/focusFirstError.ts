// Its own file because the form hook calls it for errors and questioned dates alike and it works on
// the DOM only, not on the hook's state.
const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]:not([tabindex="-1"])';

/** The element to focus for a field: the field itself, or the first focusable thing inside it. */
function focusTarget(element: HTMLElement): HTMLElement {
  if (element.matches(FOCUSABLE)) return element;
  return element.querySelector<HTMLElement>(FOCUSABLE) ?? element;
}

const cleanLabel = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/\u200b/g, '')
    .replace(/\((erforderlich|optional)\)/, '')
    .trim();

/**
 * A Spectrum Picker takes no id: its trigger (a button with a listbox popup) is found by the
 * label among the elements its aria-labelledby names.
 */
function pickerLabelled(scope: ParentNode, label: string): HTMLElement | null {
  for (const trigger of scope.querySelectorAll<HTMLElement>('button[aria-haspopup="listbox"][aria-labelledby]')) {
    const ids = trigger.getAttribute('aria-labelledby')?.split(' ') ?? [];
    if (ids.some((id) => cleanLabel(document.getElementById(id)?.textContent) === label)) return trigger;
  }
  return null;
}

/**
 * Focuses the first field in error (in the order of the page) and scrolls it into view. A field is
 * found by its id, else (a Picker) by its label; with none found, the summary gets the focus.
 */
export function focusFirstError(
  fields: readonly { id: string; label?: string | undefined }[],
  fallbackId: string,
): void {
  // In a dialog, only its own pickers: the list behind it may have a filter with the same label.
  const scope: ParentNode = document.getElementById(fallbackId)?.closest('[role="dialog"]') ?? document;
  const elements = fields
    .map(({ id, label }) => document.getElementById(id) ?? (label ? pickerLabelled(scope, label) : null))
    .filter((element): element is HTMLElement => element !== null);
  elements.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = elements[0] ?? document.getElementById(fallbackId);
  if (!first) return;
  const target = focusTarget(first);
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'center' });
}
