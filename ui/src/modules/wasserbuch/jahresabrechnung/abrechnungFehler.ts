import { formatGermanDate, parseGermanDate } from '../../../../../src/platform/dates';
import { isApiError, isProblemDetails } from '../../../api/errors';

// A refused settlement (422) as a list a Wasserwart can work through: one line per missing reading,
// sunk reading or main meter with negative loss, each linking to where it is fixed.

export interface FehlerEintrag {
  text: string;
  /** Where to fix it: the reading round of that date (and plot), or the main meter. */
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
  ende?: 'von' | 'bis';
  text?: string;
}

interface NegativerSchwund {
  id: number;
  nummer: string;
  verbrauch: string;
  summeParzellen: string;
}

interface GesunkenerStand {
  zaehlernummer: string;
  vonDatum: string;
  vonStand: string;
  bisDatum: string;
  bisStand: string;
  parzelleId?: number | null;
}

const ablesungHref = (datum: string, parzelleId?: number | null) => {
  const query = new URLSearchParams({ datum });
  if (parzelleId) query.set('parzelle', String(parzelleId));
  return `/wasserbuch/wasserablesung?${query.toString()}`;
};

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

/** The first date written as TT.MM.JJJJ in a message, as YYYY-MM-DD. */
function dateIn(text: string): string | undefined {
  const match = /\b(\d{1,2}\.\d{1,2}\.\d{4})\b/.exec(text);
  return match ? (parseGermanDate(match[1] ?? '') ?? undefined) : undefined;
}

/**
 * The refusal of ErstelleAbrechnung / BerechneWasserabrechnung as title and entries. Structured
 * members (`fehlendeAblesungen`, `hauptwasserzaehler`, `segmente`) give exact links; otherwise each
 * German line of `errors` is listed, linked to the reading round of the date it names.
 */
export function abrechnungFehler(error: unknown): AbrechnungFehler | null {
  if (!isApiError(error) || !isProblemDetails(error.body)) return null;
  const body = error.body as unknown as Record<string, unknown> & { title: string; errors?: Record<string, unknown> };
  const eintraege: FehlerEintrag[] = [];

  for (const f of arrayOf<Fehlend>(body.fehlendeAblesungen ?? body.fehlend)) {
    if (f.hauptwasserzaehlerId && !f.parzelleId && !f.datum) {
      eintraege.push({
        text: fehlendText(f),
        href: `/stammdatenverwalten/hauptwasserzaehler?id=${f.hauptwasserzaehlerId}`,
        linkText: 'Hauptwasserzähler öffnen',
      });
    } else if (f.datum) {
      eintraege.push({
        text: fehlendText(f),
        href: ablesungHref(f.datum, f.parzelleId),
        linkText: 'Ablesung eintragen',
      });
    } else {
      eintraege.push({ text: fehlendText(f) });
    }
  }
  for (const h of arrayOf<NegativerSchwund>(body.hauptwasserzaehler)) {
    if (typeof h !== 'object' || h === null || typeof h.nummer !== 'string') continue;
    eintraege.push({
      text: `Hauptwasserzähler ${h.nummer}: Verbrauch ${comma(h.verbrauch)} m³ ist kleiner als die Summe seiner Parzellen ${comma(h.summeParzellen)} m³ (negativer Schwund).`,
      href: `/stammdatenverwalten/hauptwasserzaehler?id=${h.id}`,
      linkText: 'Hauptwasserzähler öffnen',
    });
  }
  for (const s of arrayOf<GesunkenerStand>(body.segmente)) {
    if (typeof s !== 'object' || s === null || typeof s.zaehlernummer !== 'string') continue;
    eintraege.push({
      text: `Zähler ${s.zaehlernummer}: ${comma(s.bisStand)} m³ am ${formatGermanDate(s.bisDatum)} liegt unter ${comma(s.vonStand)} m³ am ${formatGermanDate(s.vonDatum)}, ohne Zählerwechsel.`,
      href: ablesungHref(s.bisDatum, s.parzelleId),
      linkText: 'Ablesung prüfen',
    });
  }

  if (eintraege.length === 0) {
    for (const messages of Object.values(body.errors ?? {})) {
      for (const message of Array.isArray(messages) ? messages : [messages]) {
        const text = String(message);
        const datum = dateIn(text);
        eintraege.push(datum ? { text, href: ablesungHref(datum), linkText: 'Ablesungen öffnen' } : { text });
      }
    }
  }
  if (eintraege.length === 0 && typeof body.detail === 'string' && body.detail !== '') {
    eintraege.push({ text: body.detail });
  }
  return { title: body.title, eintraege };
}
