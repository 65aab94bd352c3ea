import type { Db } from '../../../platform/db/db';

// The yearly values of the plots (`parzelle_jahr`) as the Jahresvorschreibung (issue 14) sets
// them: the common-area shares of UpdateGemeinschaftsflaeche and the copy into a new year. The
// caller records the history of its change (the shares are part of its Pachtberechnung).

/** Stores each plot's share of the common area for the year (null: back to the default share). */
export async function setzeGemeinschaftsanteile(
  db: Db,
  pachtabrechnungId: number,
  anteile: readonly { parzelleId: number; anteil: string | null }[],
): Promise<void> {
  for (const a of anteile) {
    const key = { parzelle_id: a.parzelleId, pachtabrechnung_id: pachtabrechnungId };
    const changed = await db('parzelle_jahr').where(key).update({ gemeinschaftsflaeche: a.anteil });
    if (!Number(changed))
      await db('parzelle_jahr').insert({ ...key, gemeinschaftsflaeche: a.anteil, anzahl_parkkarten: 0 });
  }
}

/**
 * Copies the plots' shares and parking-card counts of one year into another, for the plots that
 * have no values in the target year yet (values set there already are kept). Answers the count copied.
 */
export async function kopiereParzelleJahr(db: Db, vonId: number, nachId: number): Promise<number> {
  const vorhanden = new Set(
    (await db('parzelle_jahr').where({ pachtabrechnung_id: nachId }).select('parzelle_id')).map((r) =>
      Number(r.parzelle_id),
    ),
  );
  const rows = (await db('parzelle_jahr').where({ pachtabrechnung_id: vonId })).filter(
    (r) => !vorhanden.has(Number(r.parzelle_id)),
  );
  for (let i = 0; i < rows.length; i += 200) {
    await db('parzelle_jahr').insert(
      rows.slice(i, i + 200).map((r) => ({
        parzelle_id: Number(r.parzelle_id),
        pachtabrechnung_id: nachId,
        gemeinschaftsflaeche: r.gemeinschaftsflaeche,
        anzahl_parkkarten: Number(r.anzahl_parkkarten),
      })),
    );
  }
  return rows.length;
}
