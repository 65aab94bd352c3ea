import { SCHRITTE, type SchrittNr } from './useLaufUrl';

/** Whether a step can be chosen: before booking up to "Buchen", once booked only the year, print and mail. */
export function schrittErreichbar(nr: SchrittNr, gebucht: boolean): boolean {
  return gebucht ? nr === 1 || nr >= 5 : nr <= 4;
}

/**
 * The run's steps as a numbered list of buttons (keyboard: Tab to a step, Enter): the current one
 * marked (aria-current="step"), the unreachable ones disabled.
 */
export function LaufSchritte(props: { aktuell: SchrittNr; gebucht: boolean; onWahl: (nr: SchrittNr) => void }) {
  return (
    <nav aria-label="Schritte des Laufs">
      <ol className="kgv-lauf-schritte">
        {SCHRITTE.map((s) => {
          const aktuell = s.nr === props.aktuell;
          const erreichbar = schrittErreichbar(s.nr, props.gebucht);
          return (
            <li key={s.nr} className={aktuell ? 'kgv-lauf-schritte__aktuell' : undefined}>
              <button
                type="button"
                aria-current={aktuell ? 'step' : undefined}
                disabled={!erreichbar}
                onClick={() => props.onWahl(s.nr)}
              >
                <span className="kgv-lauf-schritte__nr">{s.nr}</span> {s.titel}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The heading of a step: focusable so the screen moves the focus there when the step changes. */
export function SchrittTitel({ nr, children }: { nr: SchrittNr; children: string }) {
  return (
    <h2 id={`lauf-schritt-${nr}`} tabIndex={-1} className="kgv-lauf-schritt__titel">
      {children}
    </h2>
  );
}
