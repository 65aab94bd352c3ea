import { AlertDialog, DialogContainer } from '@adobe/react-spectrum';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

export interface UnsavedChangesGuard {
  /** Runs `proceed` at once when nothing is unsaved, otherwise after the user agreed to discard. */
  confirmDiscard: (proceed: () => void) => void;
  /** The confirm dialog; render it once in the screen. */
  dialog: ReactNode;
}

type PushState = History['pushState'];

function pathOf(url: string | URL | null | undefined): string {
  if (url === null || url === undefined) return window.location.pathname;
  return new URL(String(url), window.location.href).pathname;
}

/**
 * Asks before unsaved changes are lost: on reload or closing the tab (the browser's own
 * question), on in-app navigation to another route (wouter, Spectrum links and menus all go
 * through history.pushState) and wherever the screen calls `confirmDiscard` (tabs, dialogs).
 * Changes of the query alone (the screen's own tabs and filters) pass.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const [pending, setPending] = useState<(() => void) | null>(null);
  // The guard's own pushState, so a confirmed navigation can pass it.
  const bypass = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with a returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);

    const original: PushState = window.history.pushState;
    const guarded: PushState = function (this: History, data, unused, url) {
      if (bypass.current || pathOf(url) === window.location.pathname) {
        return original.call(this, data, unused, url);
      }
      setPending(() => () => {
        bypass.current = true;
        try {
          original.call(window.history, data, unused, url);
        } finally {
          bypass.current = false;
        }
      });
    };
    window.history.pushState = guarded;

    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Only undo our own patch: someone may have wrapped it since.
      if (window.history.pushState === guarded) window.history.pushState = original;
    };
  }, [dirty]);

  const confirmDiscard = useCallback(
    (proceed: () => void) => {
      if (!dirty) proceed();
      else setPending(() => proceed);
    },
    [dirty],
  );

  const dialog = (
    <DialogContainer onDismiss={() => setPending(null)}>
      {pending ? (
        <AlertDialog
          title="Änderungen verwerfen?"
          variant="warning"
          primaryActionLabel="Verwerfen"
          cancelLabel="Weiter bearbeiten"
          autoFocusButton="cancel"
          onPrimaryAction={() => {
            const proceed = pending;
            setPending(null);
            proceed();
          }}
        >
          Sie haben Änderungen, die noch nicht gespeichert sind. Wenn Sie fortfahren, gehen sie verloren.
        </AlertDialog>
      ) : null}
    </DialogContainer>
  );

  return { confirmDiscard, dialog };
}
