import { Button, ButtonGroup, Link, Text } from '@adobe/react-spectrum';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { formatEuro } from '../../../../../src/platform/money';
import { type LaufVorschau, useParzellenLookup, type ZvProblem } from '../../../api/abrechnung';
import { MessageBanner } from '../../../components/MessageBanner';
import { SchrittTitel } from './LaufSchritte';

/**
 * Where a problem is fixed: the plot, the address, the club's bank account or the year's rates.
 * The Parzellen screen opens no record by id, so a plot is found by its number in the list's
 * search (`nummer` from the plot lookup; without it the list opens unfiltered).
 */
export function problemZiel(p: ZvProblem, nummer?: string): { href: string; text: string } | null {
  if (p.art === 'bankverbindungFehlt')
    return { href: '/grundeinstellungen/vereinseinstellungen', text: 'Vereinseinstellungen öffnen' };
  if (p.art === 'satzFehlt' || p.art === 'anteileStimmenNicht')
    return { href: '/basisdatenabrechnung/pachteinstellungen/pachtberechnungen', text: 'Pachtberechnung öffnen' };
  if (p.adresseId !== null)
    return { href: `/stammdatenverwalten/nutzungsberechtigte?id=${p.adresseId}`, text: 'Adresse öffnen' };
  if (p.parzelleId !== null)
    return {
      href: nummer
        ? `/stammdatenverwalten/parzellen?q=${encodeURIComponent(nummer)}`
        : '/stammdatenverwalten/parzellen',
      text: 'Parzelle öffnen',
    };
  return null;
}

/** The list of problems, each with a link to where it is fixed. */
export function ProblemListe({ probleme }: { probleme: readonly ZvProblem[] }) {
  const { data: parzellen } = useParzellenLookup();
  const nummerVon = (id: number | null) => (id === null ? undefined : parzellen?.find((x) => x.id === id)?.name);
  return (
    <ul className="kgv-lauf-probleme" aria-label="Zu beheben">
      {probleme.map((p, i) => {
        const ziel = problemZiel(p, nummerVon(p.parzelleId));
        return (
          // A problem has no id; the same sentence can repeat for different records.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced as a whole, never reordered
          <li key={`${i}-${p.text}`}>
            {p.text}{' '}
            {ziel ? (
              <Link href={ziel.href} target="_blank" rel="noreferrer">
                {ziel.text}
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Step 2: what stops the run (LaufVorschau.probleme), or the green „Alles bereit“. */
export function SchrittPruefen(props: {
  vorschau: LaufVorschau;
  pruefeLaeuft: boolean;
  onNeu: () => void;
  onZurueck: () => void;
  onWeiter: () => void;
}) {
  const { vorschau } = props;
  const n = vorschau.probleme.length;
  return (
    <>
      <SchrittTitel nr={2}>2. Prüfen</SchrittTitel>
      {n === 0 ? (
        <MessageBanner
          level="success"
          title="Alles bereit"
          message={`${vorschau.titel}: ${vorschau.anzahl} ${vorschau.anzahl === 1 ? 'Brief' : 'Briefe'} über ${formatEuro(vorschau.summeCent)}, nichts fehlt.`}
        />
      ) : (
        <>
          <MessageBanner
            level="warning"
            title={n === 1 ? '1 Punkt ist vor dem Buchen zu beheben' : `${n} Punkte sind vor dem Buchen zu beheben`}
            message="Die Links öffnen die Stelle in einem neuen Tab. Danach „Erneut prüfen“."
          />
          <ProblemListe probleme={vorschau.probleme} />
        </>
      )}
      <Text>
        Fällig am {formatGermanDate(vorschau.faelligAm)} (Datum der Briefe {formatGermanDate(vorschau.datum)}).
      </Text>
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onZurueck}>
          Zurück
        </Button>
        <Button variant="secondary" onPress={props.onNeu} isPending={props.pruefeLaeuft}>
          Erneut prüfen
        </Button>
        <Button variant="accent" onPress={props.onWeiter}>
          Weiter zur Vorschau
        </Button>
      </ButtonGroup>
    </>
  );
}
