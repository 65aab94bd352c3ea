import { Link, ProgressCircle, Text } from '@adobe/react-spectrum';
import type { ReactNode } from 'react';
import type { Uebersicht, UebersichtStammdaten } from '../../../../src/modules/stammdaten/schema/uebersicht';
import { formatGermanDate } from '../../../../src/platform/dates';
import { formatArea, formatDecimal } from '../../../../src/platform/money';
import { describeError } from '../../api/errors';
import { useApi } from '../../api/useApi';

// The Stammdaten cards of the start page: one request (GET Stammdaten/Uebersicht) for all of them.

export const UEBERSICHT_KEY = '/api/Stammdaten/Uebersicht';

const ADRESSE = (id: number) => `/stammdatenverwalten/nutzungsberechtigte?id=${id}`;
const PARZELLEN = '/stammdatenverwalten/parzellen';

function useUebersicht() {
  return useApi<Uebersicht>(UEBERSICHT_KEY);
}

/** Loading, error, or the card's content once the overview (and the part it needs) is there. */
function WithUebersicht<T>({
  pick,
  children,
}: {
  pick: (data: Uebersicht) => T | null;
  children: (part: T) => ReactNode;
}) {
  const { data, error } = useUebersicht();
  if (error && !data) return <Text>Konnte nicht geladen werden: {describeError(error)}</Text>;
  if (!data) return <ProgressCircle aria-label="Wird geladen …" isIndeterminate size="S" />;
  const part = pick(data);
  return part === null ? null : children(part);
}

const stammdaten = (data: Uebersicht) => data.stammdaten;

function Empty({ children }: { children: ReactNode }) {
  return <Text UNSAFE_className="kgv-start-empty">{children}</Text>;
}

function Count({ value, label, href }: { value: number; label: string; href: string }) {
  return (
    <li className="kgv-start-count">
      {/* Grouped with a dot as UI.md asks (Intl's de-AT groups with a space). */}
      <span className="kgv-start-count-value">{formatDecimal(value, 0)}</span>
      <Link href={href}>{label}</Link>
    </li>
  );
}

export function ZahlenCard() {
  return (
    <WithUebersicht pick={stammdaten}>
      {(s: UebersichtStammdaten) => (
        <ul className="kgv-start-counts">
          <Count value={s.anzahlParzellen} label="Parzellen" href={PARZELLEN} />
          <Count value={s.anzahlFreieParzellen} label="davon frei" href={`${PARZELLEN}?filter=frei`} />
          <Count
            value={s.anzahlNutzungsberechtigte}
            label="Nutzungsberechtigte"
            href="/stammdatenverwalten/nutzungsberechtigte"
          />
          <Count
            value={s.anzahlMitglieder}
            label="Mitglieder"
            href="/stammdatenverwalten/nutzungsberechtigte?mitglied=ja"
          />
        </ul>
      )}
    </WithUebersicht>
  );
}

export function GeburtstageCard() {
  return (
    <WithUebersicht pick={stammdaten}>
      {(s: UebersichtStammdaten) =>
        s.geburtstage.length === 0 ? (
          <Empty>Keine Geburtstage in den nächsten 30 Tagen.</Empty>
        ) : (
          <ul className="kgv-start-list">
            {s.geburtstage.map((g) => (
              <li key={`${g.adresseId}-${g.datum}`}>
                <span className="kgv-start-date">{formatGermanDate(g.datum)}</span>
                <Link href={ADRESSE(g.adresseId)}>{g.name}</Link>
                <span className="kgv-start-note">wird {g.alter}</span>
              </li>
            ))}
          </ul>
        )
      }
    </WithUebersicht>
  );
}

export function JubilaeenCard() {
  return (
    <WithUebersicht pick={stammdaten}>
      {(s: UebersichtStammdaten) =>
        s.jubilaeen.length === 0 ? (
          <Empty>Keine runden Geburtstage oder Mitgliedsjubiläen in den nächsten 90 Tagen.</Empty>
        ) : (
          <ul className="kgv-start-list">
            {s.jubilaeen.map((j) => (
              <li key={`${j.adresseId}-${j.art}`}>
                <span className="kgv-start-date">{formatGermanDate(j.datum)}</span>
                <Link href={ADRESSE(j.adresseId)}>{j.name}</Link>
                <span className="kgv-start-note">
                  {j.art === 'geburtstag' ? `${j.jahre}. Geburtstag` : `${j.jahre} Jahre Mitglied`}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </WithUebersicht>
  );
}

export function EndendeFunktionenCard() {
  return (
    <WithUebersicht pick={stammdaten}>
      {(s: UebersichtStammdaten) =>
        s.endendeFunktionen.length === 0 ? (
          <Empty>Keine Funktionsperiode endet in den nächsten 90 Tagen.</Empty>
        ) : (
          <ul className="kgv-start-list">
            {s.endendeFunktionen.map((f) => (
              <li key={f.funktionaerId}>
                <span className="kgv-start-date">bis {formatGermanDate(f.bis)}</span>
                <Link href={ADRESSE(f.adresseId)}>{f.name}</Link>
                <span className="kgv-start-note">{f.funktion}</span>
              </li>
            ))}
          </ul>
        )
      }
    </WithUebersicht>
  );
}

export function EichungCard() {
  return (
    <WithUebersicht pick={(data) => data.eichungFaellig}>
      {(zaehler: NonNullable<Uebersicht['eichungFaellig']>) =>
        zaehler.length === 0 ? (
          <Empty>Kein Hauptwasserzähler ist in den nächsten 90 Tagen zu eichen.</Empty>
        ) : (
          <ul className="kgv-start-list">
            {zaehler.map((z) => (
              <li key={z.id}>
                <span className="kgv-start-date">{formatGermanDate(z.eichungFaelligAm)}</span>
                <Link href="/stammdatenverwalten/hauptwasserzaehler">
                  {z.bezeichnung ? `${z.nummer} – ${z.bezeichnung}` : z.nummer}
                </Link>
                <span className={z.ueberfaellig ? 'kgv-start-note kgv-start-overdue' : 'kgv-start-note'}>
                  {z.ueberfaellig ? 'überfällig' : 'fällig'}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </WithUebersicht>
  );
}

/** At most this many plots by number; the rest behind the link to the filtered list. */
const FREIE_MAX = 12;

export function FreieParzellenCard() {
  return (
    <WithUebersicht pick={stammdaten}>
      {(s: UebersichtStammdaten) =>
        s.freieParzellen.length === 0 ? (
          <Empty>Alle Parzellen sind vergeben.</Empty>
        ) : (
          <>
            <ul className="kgv-start-list">
              {s.freieParzellen.slice(0, FREIE_MAX).map((p) => (
                <li key={p.id}>
                  <Link href={`${PARZELLEN}?q=${encodeURIComponent(p.nummer)}`}>Parzelle {p.nummer}</Link>
                  <span className="kgv-start-note">{formatArea(p.flaeche, { nbsp: false })}</span>
                </li>
              ))}
            </ul>
            {s.freieParzellen.length > FREIE_MAX ? (
              <Link href={`${PARZELLEN}?filter=frei`}>Alle {s.freieParzellen.length} freien Parzellen</Link>
            ) : null}
          </>
        )
      }
    </WithUebersicht>
  );
}
