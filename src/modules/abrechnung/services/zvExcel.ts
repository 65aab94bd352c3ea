import type { Db } from '../../../platform/db/db';
import { buildWorkbook } from '../../../platform/excel/excelWriter';
import type { ZvEintrag } from '../schema/zvData';
import type { ForderungenListe, ForderungZeile } from '../schema/zvQuery';
import { eintraegeDesLaufs } from './laeufe';
import { findeLauf, rechnungsTeile } from './lauf';
import type { LaufParams } from './laufDefinition';

// The list of receivables of the Zahlungsvorschreibung (ForderungenExcelExport): one row per booked
// receivable, or before booking per receivable the booking would write (one per letter, with
// rechnungenTeilen one per booking account; letters adding up to 0,00 € none), and a second sheet
// with every position. JSON and Excel carry the same rows.

type PositionsZeile = {
  nummer: string | null;
  name: string;
  parzelle: string;
  text: string;
  buchungskonto: string;
  steuersatz: number;
  betragCent: number;
};

async function kontoNamen(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  for (const r of await db('buchungskonten')
    .whereIn('id', [...new Set(ids)])
    .select('id', 'nummer', 'name'))
    out.set(Number(r.id), `${r.nummer} ${r.name}`);
  return out;
}

/** The would-be receivables of a letter, as booking would write them. */
function kuenftigeRechnungen(e: ZvEintrag, teilen: boolean): { buchungskontoId: number | null; betragCent: number }[] {
  return rechnungsTeile(
    e.parzellen.flatMap((t) => t.positionen),
    teilen,
  ).map((teil) => ({
    buchungskontoId: teilen ? (teil[0]?.buchungskontoId ?? null) : null,
    betragCent: teil.reduce((s, p) => s + p.betragCent, 0),
  }));
}

export async function forderungenListe(
  db: Db,
  p: LaufParams,
): Promise<ForderungenListe & { positionen: PositionsZeile[] }> {
  const lauf = await findeLauf(db, { art: 'Zahlungsvorschreibung', pachtabrechnungId: p.pachtabrechnungId });
  const eintraege = await eintraegeDesLaufs(db, 'Zahlungsvorschreibung', p);
  const konten = await kontoNamen(
    db,
    eintraege.flatMap((e) =>
      e.parzellen.flatMap((t) => t.positionen.map((x) => x.buchungskontoId).filter((id): id is number => id !== null)),
    ),
  );
  const kontoText = (id: number | null) => (id === null ? '' : (konten.get(id) ?? ''));
  const zeilen: ForderungZeile[] = [];
  const positionen: PositionsZeile[] = [];
  for (const e of eintraege) {
    const parzellen = e.parzellen
      .map((t) => t.nummer)
      .filter(Boolean)
      .join(', ');
    const rechnungen = lauf
      ? e.rechnungen.map((r) => ({
          ...r,
          nummer: r.nummer as string | null,
          zahlungsreferenz: r.zahlungsreferenz as string | null,
        }))
      : kuenftigeRechnungen(e, p.rechnungenTeilen).map((r) => ({ ...r, nummer: null, zahlungsreferenz: null }));
    for (const r of rechnungen)
      zeilen.push({
        nummer: r.nummer,
        adresseId: e.adresseId,
        name: e.name,
        parzellen,
        buchungskontoId: r.buchungskontoId,
        buchungskonto: kontoText(r.buchungskontoId),
        betragCent: r.betragCent,
        faelligAm: e.faelligAm,
        zahlungsreferenz: r.zahlungsreferenz,
      });
    for (const t of e.parzellen)
      for (const x of t.positionen)
        positionen.push({
          nummer: e.rechnungsnummer,
          name: e.name,
          parzelle: t.nummer,
          text: x.text,
          buchungskonto: kontoText(x.buchungskontoId),
          steuersatz: x.steuersatz,
          betragCent: x.betragCent,
        });
  }
  return {
    gebucht: Boolean(lauf),
    zeilen,
    anzahl: zeilen.length,
    summeCent: zeilen.reduce((s, z) => s + z.betragCent, 0),
    positionen,
  };
}

/** The list as a workbook: „Forderungen“ and „Positionen“. */
export async function forderungenXlsx(liste: Awaited<ReturnType<typeof forderungenListe>>): Promise<Buffer> {
  return buildWorkbook([
    {
      name: 'Forderungen',
      columns: [
        { header: 'Nummer', key: (z: ForderungZeile) => z.nummer ?? '', kind: 'text' },
        { header: 'Name', key: 'name', kind: 'text' },
        { header: 'Parzellen', key: 'parzellen', kind: 'text' },
        { header: 'Buchungskonto', key: 'buchungskonto', kind: 'text' },
        { header: 'Betrag', key: 'betragCent', kind: 'euro' },
        { header: 'Fällig am', key: 'faelligAm', kind: 'date' },
        { header: 'Zahlungsreferenz', key: (z: ForderungZeile) => z.zahlungsreferenz ?? '', kind: 'text' },
      ],
      rows: liste.zeilen,
    },
    {
      name: 'Positionen',
      columns: [
        { header: 'Nummer', key: (z: PositionsZeile) => z.nummer ?? '', kind: 'text' },
        { header: 'Name', key: 'name', kind: 'text' },
        { header: 'Parzelle', key: 'parzelle', kind: 'text' },
        { header: 'Text', key: 'text', kind: 'text' },
        { header: 'Buchungskonto', key: 'buchungskonto', kind: 'text' },
        { header: 'Steuersatz', key: 'steuersatz', kind: 'integer' },
        { header: 'Betrag', key: 'betragCent', kind: 'euro' },
      ],
      rows: liste.positionen,
    },
  ] as const);
}
