import type { Ablesung } from '../../../../../src/modules/wasserbuch/schema/ablesungen';
import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { isApiError, isProblemDetails } from '../../../api/errors';

// A refused settlement (422) as a list a Wasserwart can work through: one line per missing reading,
// sunk reading or main meter with negative loss, each linking to where it is fixed.

export interface FehlerEintrag {
  text: string;
  /** The date the line names (YYYY-MM-DD): the reading round to open. */
  datum?: string;
  /** "Parzelle 12: …" — resolved to the plot's id through that round's readings. */
  parzelleNummer?: string;
  /** "Hauptwasserzähler HWZ-1: …" */
  hauptwasserzaehlerNummer?: string;
  /** A link known already (structured answers). */
  href?: string;
  linkText?: string;
}

export interface AbrechnungFehler {
  title: string;
  eintraege: FehlerEintrag[];
}

interface Fehlend {
  parzelleId?: number | null;
  parzelleNummer?: string | null;
  hauptwasserzaehlerId?: number | null;
  hauptwasserzaehlerNummer?: string | null;
  zaehlernummer?: string | null;
  datum?: string | null;
  text?: string;
}

interface NegativerSchwund {
  id: number;
  nummer: string;
  verbrauch: string;
  summeParzellen: string;
}

export const ablesungHref = (datum: string, query: { parzelle?: number | null; ablesung?: number | null } = {}) => {
  const params = new URLSearchParams({ datum });
  if (query.ablesung) params.set('ablesung', String(query.ablesung));
  if (query.parzelle) params.set('parzelle', String(query.parzelle));
  return `/wasserbuch/wasserablesung?${params.toString()}`;
};
export const hauptwasserzaehlerHref = (id: number) => `/stammdatenverwalten/hauptwasserzaehler?id=${id}`;

const comma = (value: string) => value.replace('.', ',');
const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function fehlendText(f: Fehlend): string {
  if (f.text) return f.text;
  const wer = f.parzelleNummer
    ? `Parzelle ${f.parzelleNummer}`
    : f.hauptwasserzaehlerNummer
      ? `Hauptwasserzähler ${f.hauptwasserzaehlerNummer}`
      : 'Zähler';
  const zaehler = f.zaehlernummer ? ` (Zähler ${f.zaehlernummer})` : '';
  return `${wer}${zaehler}: keine Ablesung am ${formatGermanDate(f.datum ?? '')}.`;
}

/** The date a message names as TT.MM.JJJJ — the last one: "von … (01.04.) auf … (31.10.) gesunken" is fixed at the later. */
function dateIn(text: string): string | undefined {
  const all = [...text.matchAll(/\b(\d{1,2}\.\d{1,2}\.\d{4})\b/g)];
  const last = all.at(-1)?.[1];
  return last ? (parseGermanDate(last) ?? undefined) : undefined;
}

/** Who a server line names at its start ("Parzelle 12: …", "Hauptwasserzähler HWZ-1: …"). */
function whoIn(text: string): Pick<FehlerEintrag, 'parzelleNummer' | 'hauptwasserzaehlerNummer'> {
  const plot = /^Parzelle (.+?):/.exec(text);
  if (plot?.[1]) return { parzelleNummer: plot[1] };
  const main = /^Hauptwasserzähler (.+?):/.exec(text);
  if (main?.[1]) return { hauptwasserzaehlerNummer: main[1] };
  return {};
}

/**
 * The refusal of ErstelleAbrechnung / BerechneWasserabrechnung as title and entries. Structured
 * members (`fehlendeAblesungen`, `hauptwasserzaehler`) give exact links; otherwise each German line
 * of `errors` is listed with the plot or main meter and the date it names, which the list resolves
 * to a link through the readings of that date.
 */
export function abrechnungFehler(error: unknown): AbrechnungFehler | null {
  if (!isApiError(error) || !isProblemDetails(error.body)) return null;
  const body = error.body as unknown as Record<string, unknown> & { title: string; errors?: Record<string, unknown> };
  const eintraege: FehlerEintrag[] = [];

  for (const f of arrayOf<Fehlend>(body.fehlendeAblesungen)) {
    const text = fehlendText(f);
    if (f.datum) {
      eintraege.push({
        text,
        href: ablesungHref(f.datum, { parzelle: f.parzelleId }),
        linkText: 'Ablesung eintragen',
      });
    } else if (f.hauptwasserzaehlerId) {
      eintraege.push({
        text,
        href: hauptwasserzaehlerHref(f.hauptwasserzaehlerId),
        linkText: 'Hauptwasserzähler öffnen',
      });
    } else {
      eintraege.push({ text });
    }
  }
  for (const h of arrayOf<NegativerSchwund>(body.hauptwasserzaehler)) {
    if (typeof h !== 'object' || h === null || typeof h.nummer !== 'string') continue;
    eintraege.push({
      text: `Hauptwasserzähler ${h.nummer}: Verbrauch ${comma(h.verbrauch)} m³ ist kleiner als die Summe seiner Parzellen ${comma(h.summeParzellen)} m³ (negativer Schwund).`,
      href: hauptwasserzaehlerHref(h.id),
      linkText: 'Hauptwasserzähler öffnen',
    });
  }

  if (eintraege.length === 0) {
    for (const messages of Object.values(body.errors ?? {})) {
      for (const message of Array.isArray(messages) ? messages : [messages]) {
        const text = String(message);
        const datum = dateIn(text);
        eintraege.push({ text, ...(datum ? { datum } : {}), ...whoIn(text) });
      }
    }
  }
  if (eintraege.length === 0 && typeof body.detail === 'string' && body.detail !== '') {
    eintraege.push({ text: body.detail });
  }
  return { title: body.title, eintraege };
}

/**
 * The link of an entry without one, from the readings of its date (or the Stichtag): a plot's row of
 * that round, a main meter's reading or the main meter itself; the round alone when nothing matches.
 */
export function fehlerLink(
  eintrag: FehlerEintrag,
  ablesungen: readonly Ablesung[] | undefined,
  stichtag: string,
): { href: string; linkText: string } | null {
  if (eintrag.href) return { href: eintrag.href, linkText: eintrag.linkText ?? 'Öffnen' };
  const { datum, parzelleNummer, hauptwasserzaehlerNummer } = eintrag;
  if (parzelleNummer !== undefined) {
    const row = ablesungen?.find((a) => a.parzelleNummer === parzelleNummer);
    const tag = datum ?? stichtag;
    return {
      href: ablesungHref(tag, row ? { parzelle: row.parzelleId, ablesung: row.datum === tag ? row.id : null } : {}),
      linkText: datum ? 'Ablesung eintragen' : 'Ablesungen öffnen',
    };
  }
  if (hauptwasserzaehlerNummer !== undefined) {
    const row = ablesungen?.find((a) => a.hauptwasserzaehlerNummer === hauptwasserzaehlerNummer);
    if (datum && row?.datum === datum)
      return { href: ablesungHref(datum, { ablesung: row.id }), linkText: 'Ablesung eintragen' };
    if (row?.hauptwasserzaehlerId) {
      return { href: hauptwasserzaehlerHref(row.hauptwasserzaehlerId), linkText: 'Hauptwasserzähler öffnen' };
    }
    return datum ? { href: ablesungHref(datum), linkText: 'Ablesungen öffnen' } : null;
  }
  return datum ? { href: ablesungHref(datum), linkText: 'Ablesungen öffnen' } : null;
}
