import { formatGermanDate } from '../../../../../src/platform/dates';
import { describeError, isApiError } from '../../../api/errors';
import { MessageBanner } from '../../../components/MessageBanner';
import { AbrechnungFehlerListe } from './AbrechnungFehlerListe';
import { type AbrechnungFehler, abrechnungFehler } from './abrechnungFehler';
import type { AblesungsDatum } from './api';

// What every settlement preview shares (the Jahresabrechnung's and a water group's on the
// Wassergrunddaten screen): the reading days to choose the Stichtag from, and how a refusal reads.

/** The reading days as Stichtag choices: "31.10.2026 (120 Ablesungen, 3 fehlen)". */
export function ablesetagItems(daten: readonly AblesungsDatum[] | undefined) {
  return (daten ?? []).map((d) => ({
    key: d.datum,
    name: `${formatGermanDate(d.datum)} (${d.anzahl} Ablesungen${d.fehlend ? `, ${d.fehlend} fehlen` : ''})`,
  }));
}

/** Why a preview failed: the 422's reasons as a list with links, anything else as one sentence. */
export interface VorschauProblem {
  fehler: AbrechnungFehler | null;
  anderer: string | null;
}

export function vorschauProblem(error: unknown, stichtag: string): VorschauProblem {
  const fehler = isApiError(error) && error.status === 422 ? abrechnungFehler(error, stichtag) : null;
  return fehler ? { fehler, anderer: null } : { fehler: null, anderer: describeError(error) };
}

export function VorschauProblemAnzeige({ problem }: { problem: VorschauProblem | null }) {
  if (!problem) return null;
  return problem.fehler ? (
    <AbrechnungFehlerListe fehler={problem.fehler} />
  ) : problem.anderer ? (
    <MessageBanner level="danger" title="Die Vorschau ging nicht" message={problem.anderer} />
  ) : null;
}
