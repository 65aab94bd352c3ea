import type { Actor } from '../../../platform/auth/principal';
import type { Db } from '../../../platform/db/db';
import { conflict, validationFailed } from '../../../platform/errors';
import {
  type EinbuchenResponse,
  type LaufArt,
  type LaufVorschau,
  type SummeJeArt,
  ZV_POSITION_ART_LABEL,
  type ZvEintrag,
  type ZvPositionArt,
} from '../schema/zvData';
import { gebuchteEintraege } from './gebuchteEintraege';
import { gruppenrechnungLauf } from './gruppenLauf';
import { assertNichtGebucht, bucheLauf, findeLauf, laufStatus } from './lauf';
import type { LaufDefinition, LaufParams } from './laufDefinition';
import { wasserrechnungLauf } from './wasserLauf';
import { weitereMitgliedschaftLauf } from './weitereLauf';
import { zahlungsvorschreibungLauf } from './zvLauf';

// The four billing runs behind one set of functions: the letters of a run (computed before booking,
// the booked receivables after), its preview with problems and totals, and booking it once.

const LAEUFE: Record<LaufArt, LaufDefinition> = {
  Zahlungsvorschreibung: zahlungsvorschreibungLauf,
  Gruppenrechnung: gruppenrechnungLauf,
  WeitereMitgliedschaft: weitereMitgliedschaftLauf,
  Wasserrechnung: wasserrechnungLauf,
};

export const laufDefinition = (art: LaufArt): LaufDefinition => LAEUFE[art];

const schluesselVon = (art: LaufArt, p: LaufParams) => ({
  art,
  pachtabrechnungId: p.pachtabrechnungId,
  schluessel: p.schluessel,
});

/** The run's letters: the booked receivables once booked, else computed; `adresseIds` narrows both. */
export async function eintraegeDesLaufs(db: Db, art: LaufArt, params: LaufParams): Promise<ZvEintrag[]> {
  const lauf = await findeLauf(db, schluesselVon(art, params));
  return eintraegeZu(db, art, params, lauf ? Number(lauf.id) : null);
}

/** The letters of the booked run `laufId`, or computed when it is null (the caller looked the run up). */
async function eintraegeZu(db: Db, art: LaufArt, params: LaufParams, laufId: number | null): Promise<ZvEintrag[]> {
  if (laufId !== null) return gebuchteEintraege(db, laufId, params.adresseIds);
  const alle = await laufDefinition(art).berechne(db, params);
  if (!params.adresseIds) return alle;
  const wanted = new Set(params.adresseIds);
  return alle.filter((e) => wanted.has(e.adresseId));
}

/** Totals per position kind, in the order of ZV_POSITION_ARTEN. */
export function summenJeArt(eintraege: readonly ZvEintrag[]): SummeJeArt[] {
  const summen = new Map<ZvPositionArt, number>();
  for (const e of eintraege)
    for (const p of e.parzellen)
      for (const pos of p.positionen) summen.set(pos.art, (summen.get(pos.art) ?? 0) + pos.betragCent);
  return (Object.keys(ZV_POSITION_ART_LABEL) as ZvPositionArt[])
    .filter((art) => summen.has(art))
    .map((art) => ({ art, label: ZV_POSITION_ART_LABEL[art], betragCent: summen.get(art)! }));
}

/** The guided run's preview: state, problems (none once booked), letters, totals. */
export async function laufVorschau(db: Db, art: LaufArt, params: LaufParams): Promise<LaufVorschau> {
  const def = laufDefinition(art);
  const status = await laufStatus(db, schluesselVon(art, params));
  const eintraege = await eintraegeZu(db, art, params, status.laufId);
  const probleme = status.gebucht ? [] : await def.pruefe(db, params);
  return {
    status,
    titel: def.titel(params),
    datum: status.datum ?? params.datum,
    faelligAm: status.faelligAm ?? (await def.faelligAm(db, params)),
    probleme,
    eintraege,
    anzahl: eintraege.length,
    summeCent: eintraege.reduce((s, e) => s + e.summeCent, 0),
    summenJeArt: summenJeArt(eintraege),
  };
}

/**
 * Books the run (inside the caller's transaction): 409 when booked already, 422 with every problem
 * (field `probleme`) when something stops it, else the receivables and the run's after-booking step.
 */
export async function laufEinbuchen(
  db: Db,
  actor: Actor,
  art: LaufArt,
  params: LaufParams,
): Promise<EinbuchenResponse> {
  const def = laufDefinition(art);
  const k = schluesselVon(art, params);
  await assertNichtGebucht(db, k);
  const probleme = await def.pruefe(db, params);
  // Billed by another run already (a water settlement on a Zahlungsvorschreibung): as final as a
  // run booked twice, so 409 like that, not a problem the user could fix.
  const verrechnet = probleme.find((p) => p.art === 'bereitsVerrechnet');
  if (verrechnet) throw conflict(verrechnet.text, undefined, 'bereits_verrechnet');
  if (probleme.length)
    throw validationFailed(
      { probleme: probleme.map((p) => p.text) },
      `${def.titel(params)} kann noch nicht gebucht werden: bitte zuerst ${probleme.length === 1 ? 'diesen Punkt' : `diese ${probleme.length} Punkte`} beheben.`,
    );
  const eintraege = await def.berechne(db, { ...params, adresseIds: undefined });
  const antwort = await bucheLauf(db, actor, {
    ...k,
    datum: params.datum,
    faelligAm: await def.faelligAm(db, params),
    interimBilling: params.interimBilling,
    rechnungenTeilen: params.rechnungenTeilen,
    eintraege,
    gruppeIdVon: def.gruppeIdVon,
  });
  await def.nachBuchung?.(db, params, eintraege);
  return antwort;
}
