/**
 * Signing in again in place when a session has ended (issue 11). The signed-in shell registers a
 * renewer that shows the sign-in dialog; the fetcher waits for it on a `session_expired` refusal and
 * then repeats the call once, so a save made after the session ran out goes through without losing
 * what was typed. Without a renewer (the login page, a fresh load) a 401 goes on as before.
 */

/** Shows the sign-in; resolves true once signed in again, false when the user cancelled. */
export type SessionRenewer = () => Promise<boolean>;

let renewer: SessionRenewer | undefined;
let pending: Promise<boolean> | undefined;
/** The user cancelled the last dialog: reads then fail at once, only a save asks again. */
let declined = false;

/** Registers the shell's renewer; answers the function that removes it again. */
export function registerSessionRenewer(next: SessionRenewer): () => void {
  renewer = next;
  declined = false;
  return () => {
    if (renewer === next) renewer = undefined;
  };
}

/** Whether a signed-in shell handles ended sessions (then a 401 must not send the user to /login). */
export function sessionRenewalActive(): boolean {
  return renewer !== undefined;
}

/**
 * Waits for the user to sign in again; all calls that fail meanwhile share one dialog. A read after
 * a cancelled dialog does not open it again on its own (background reloads would nag); a save does.
 */
export function renewSession(kind: 'read' | 'save'): Promise<boolean> {
  const current = renewer;
  if (!current) return Promise.resolve(false);
  if (!pending && kind === 'read' && declined) return Promise.resolve(false);
  if (!pending) {
    pending = current()
      .catch(() => false)
      .then((signedIn) => {
        declined = !signedIn;
        pending = undefined;
        return signedIn;
      });
  }
  return pending;
}
