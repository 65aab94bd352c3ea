import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { isApiError, isProblemDetails } from '../../../api/errors';

// A refused settlement (422) as a list a Wasserwart can work through: one line per missing reading,
// sunk reading or main meter with negative loss, each linking to where it is fixed.

export interface FehlerLink {
  href: string;
  text: string;
}

export interface FehlerEintrag {
  text: string;
  links: FehlerLink[];
}

export interface AbrechnungFehler {
  title: string;
  eintraege: FehlerEintrag[];
}

/** One reason of the refusal as the server names it (docs/api/wasserbuch.md, "Refusals"). */
interface Befund {
  text: string;
  parzelleId: number | null;
  hauptwasserzaehlerId: number | null;
  datum: string | null;
}

export const ablesungHref = (datum: string, parzelleId?: number | null) => {
  const params = new URLSearchParams({ datum });
  if (parzelleId) params.set('parzelle', String(parzelleId));
  return `/wasserbuch/wasserablesung?${params.toString()}`;
};
export const hauptwasserzaehlerHref = (id: number) => `/stammdatenverwalten/hauptwasserzaehler?id=${id}`;
const GRUNDDATEN_HREF = '/basisdatenabrechnung/wasserabrechnung/abrechnung';

/** Where a reason is fixed: the plot's reading of that round, the main meter's round and balance, the basis data. */
function linksOf(b: Befund, stichtag: string): FehlerLink[] {
  const datum = b.datum ?? stichtag;
  if (b.parzelleId !== null) return [{ href: ablesungHref(datum, b.parzelleId), text: 'Zur Ablesung' }];
  if (b.hauptwasserzaehlerId !== null) {
    return [
      { href: ablesungHref(datum), text: `Ablesungen vom ${formatGermanDate(datum)}` },
      { href: hauptwasserzaehlerHref(b.hauptwasserzaehlerId), text: 'Hauptwasserzähler öffnen' },
    ];
  }
  if (b.text.includes('Wassergrunddaten')) return [{ href: GRUNDDATEN_HREF, text: 'Wassergrunddaten öffnen' }];
  return b.datum ? [{ href: ablesungHref(b.datum), text: `Ablesungen vom ${formatGermanDate(b.datum)}` }] : [];
}

const isBefund = (value: unknown): value is Befund =>
  typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';
const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const dateOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The refusal of ErstelleAbrechnung / BerechneWasserabrechnung as title and entries: from
 * `befunde` (each reason with its plot or main meter and date); from an answer without them, each
 * German line of `errors`, linked to the round of the date it names.
 */
export function abrechnungFehler(error: unknown, stichtag: string): AbrechnungFehler | null {
  if (!isApiError(error) || !isProblemDetails(error.body)) return null;
  const body = error.body as unknown as Record<string, unknown> & { title: string; errors?: Record<string, unknown> };
  const befunde = Array.isArray(body.befunde) ? body.befunde.filter(isBefund) : [];
  const eintraege: FehlerEintrag[] = befunde.map((raw) => {
    const b: Befund = {
      text: raw.text,
      parzelleId: idOrNull(raw.parzelleId),
      hauptwasserzaehlerId: idOrNull(raw.hauptwasserzaehlerId),
      datum: dateOrNull(raw.datum),
    };
    return { text: b.text, links: linksOf(b, stichtag) };
  });
  if (eintraege.length === 0) {
    for (const messages of Object.values(body.errors ?? {})) {
      for (const message of Array.isArray(messages) ? messages : [messages]) {
        const text = String(message);
        const named = /\b(\d{1,2}\.\d{1,2}\.\d{4})\b/.exec(text)?.[1];
        const datum = named ? (parseGermanDate(named) ?? null) : null;
        eintraege.push({
          text,
          links: linksOf({ text, parzelleId: null, hauptwasserzaehlerId: null, datum }, stichtag),
        });
      }
    }
  }
  if (eintraege.length === 0 && typeof body.detail === 'string' && body.detail !== '') {
    eintraege.push({ text: body.detail, links: [] });
  }
  return { title: body.title, eintraege };
}
