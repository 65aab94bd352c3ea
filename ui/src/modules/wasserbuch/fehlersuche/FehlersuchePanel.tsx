import { Flex, Heading, Link, ProgressCircle, Text, View } from '@adobe/react-spectrum';
import type { Befund, BefundArt, Fehlersuche } from '../../../../../src/modules/wasserbuch/schema/fehlersuche';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { withQuery } from '../../../api/fetcher';
import { useApi } from '../../../api/useApi';
import { LoadFailed } from '../../../components/LoadState';
import { MessageBanner } from '../../../components/MessageBanner';

// The Fehlersuche of DOMAIN.md (GET Wasserbuch/GetFehlersuche) as a panel the reading round and the
// settlement screens embed: findings grouped by kind, each a link to the row that needs a look.

export type { Befund, BefundArt, Fehlersuche };

export const FEHLERSUCHE_URL = '/api/Wasserbuch/GetFehlersuche';

/** The headings of the groups, in the server's order (BEFUND_ARTEN). */
export const BEFUND_UEBERSCHRIFTEN: Readonly<Record<BefundArt, string>> = {
  fehlendeAblesung: 'Fehlende Ablesungen',
  gesunkenerStand: 'Gesunkene Zählerstände',
  hoherVerbrauch: 'Auffällig hoher Verbrauch',
  doppelteZaehlernummer: 'Doppelt vergebene Zählernummern',
  hoherSchwund: 'Auffälliger Schwund',
};
const ARTEN = Object.keys(BEFUND_UEBERSCHRIFTEN) as BefundArt[];

/**
 * Where a finding is fixed: a reading row of the round (by its id, or the plot at the stichtag when
 * no row exists), a main meter's Stammdaten, or null when the finding names nothing to open.
 */
export function befundHref(b: Befund, stichtag: string): string | null {
  if (b.hauptwasserzaehlerId !== null) {
    return `/stammdatenverwalten/hauptwasserzaehler?id=${b.hauptwasserzaehlerId}`;
  }
  if (b.ablesungId !== null) {
    return withQuery('/wasserbuch/wasserablesung', { datum: b.datum ?? stichtag, ablesung: b.ablesungId });
  }
  if (b.parzelleId !== null) {
    return withQuery('/wasserbuch/wasserablesung', { datum: b.datum ?? stichtag, parzelle: b.parzelleId });
  }
  return null;
}

/** The link's words: what the Wasserwart will see when he follows it. */
function linkText(b: Befund): string {
  if (b.hauptwasserzaehlerId !== null) return 'Hauptwasserzähler öffnen';
  return b.ablesungId !== null ? 'Ablesung öffnen' : 'Parzelle in der Ablesung öffnen';
}

export interface FehlersuchePanelProps {
  /** YYYY-MM-DD: the end of the period, the reading date to check. */
  stichtag: string;
  /** YYYY-MM-DD; absent: the server's default (previous settlement, else the first reading). */
  von?: string | undefined;
}

/** Group headings are level 4: the embedding screen gives the panel its own level-3 heading. */
export function FehlersuchePanel({ stichtag, von }: FehlersuchePanelProps) {
  const key = withQuery(FEHLERSUCHE_URL, { stichtag, ...(von ? { von } : {}) });
  const { data, error, mutate } = useApi<Fehlersuche>(stichtag ? key : null);
  if (error && !data) {
    return <LoadFailed title="Die Fehlersuche konnte nicht geladen werden." error={error} onRetry={() => mutate()} />;
  }
  if (!data) {
    return (
      <Flex justifyContent="center" marginTop="size-200">
        <ProgressCircle aria-label="Die Fehlersuche läuft …" isIndeterminate size="S" />
      </Flex>
    );
  }
  if (data.befunde.length === 0) {
    return (
      <MessageBanner
        level="success"
        title="Keine Auffälligkeiten"
        message={`Die Ablesungen vom ${formatGermanDate(data.von)} bis ${formatGermanDate(data.stichtag)} sind ohne Befund.`}
      />
    );
  }
  return (
    <View>
      {ARTEN.map((art) => {
        const befunde = data.befunde.filter((b) => b.art === art);
        if (befunde.length === 0) return null;
        const heading = `${BEFUND_UEBERSCHRIFTEN[art]} (${befunde.length})`;
        return (
          <section key={art} aria-label={heading}>
            <Heading level={4}>{heading}</Heading>
            <ul style={{ margin: 0, paddingInlineStart: 'var(--spectrum-global-dimension-size-300)' }}>
              {befunde.map((b, index) => {
                const href = befundHref(b, data.stichtag);
                return (
                  // A finding has no id; the server's order is stable.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  <li key={index}>
                    <Text>{b.text}</Text>
                    {href ? (
                      <>
                        {' '}
                        <Link href={href}>{linkText(b)}</Link>
                      </>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </View>
  );
}
