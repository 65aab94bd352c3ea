import { collator } from '../../../platform/collation';
import type { Db } from '../../../platform/db/db';
import { buildWorkbook } from '../../../platform/excel/excelWriter';
import { type FileResult, xlsxFile } from '../../../platform/files/fileResult';
import { nutzungsberechtigteOver } from '../../stammdaten/services';
import type { Zaehlerwechsel, ZaehlerwechselFilter } from '../schema/dokumente';
import { fromLiter } from './readingRows';

// GetZaehlerwechsel and ExportZaehlerwechsel: the plot meter changes, read from the readings
// UpdateZaehlerwechsel writes (the old meter's final reading and the new meter's first that day).

/** The seal as UpdateZaehlerwechsel notes it on the new meter's first reading: „Plombe <nr>“. */
export const plombeOf = (notiz: string | null | undefined) => /^Plombe (.+)$/m.exec(notiz ?? '')?.[1]?.trim() ?? '';

/** The changes, newest first (then by plot number), each with the plot's holder on that day. */
export async function listZaehlerwechsel(db: Db, filter: ZaehlerwechselFilter = {}): Promise<Zaehlerwechsel[]> {
  const q = db('wasserablesungen as e')
    .join('parzellen as p', 'p.id', 'e.parzelle_id')
    .leftJoin('wasserablesungen as n', (j) => {
      j.on('n.zaehler_key', 'e.zaehler_key')
        .andOn('n.datum', 'e.datum')
        .andOn('n.zaehlernummer', '<>', 'e.zaehlernummer')
        .andOn('n.is_zaehlerwechsel', '=', db.raw('?', [false]));
    })
    .where('e.is_zaehlerwechsel', true)
    .whereNotNull('e.parzelle_id')
    .select(
      'e.id as end_id',
      'e.parzelle_id',
      'p.nummer as parzelle_nummer',
      'e.datum',
      'e.zaehlernummer as alte_nummer',
      'e.stand_liter as endstand',
      'n.id as start_id',
      'n.zaehlernummer as neue_nummer',
      'n.stand_liter as anfangsstand',
      'n.notiz',
    )
    .orderBy('n.id', 'asc');
  if (filter.von) q.where('e.datum', '>=', filter.von);
  if (filter.bis) q.where('e.datum', '<=', filter.bis);
  if (filter.parzelleId) q.where('e.parzelle_id', filter.parzelleId);
  const byEnd = new Map<number, Zaehlerwechsel>();
  for (const r of await q) {
    const id = Number(r.end_id);
    // The lowest id wins should the plot have several other readings that day (ordered above).
    if (byEnd.has(id)) continue;
    byEnd.set(id, {
      parzelleId: Number(r.parzelle_id),
      parzelleNummer: r.parzelle_nummer,
      adresseName: null,
      datum: String(r.datum).slice(0, 10),
      alteNummer: r.alte_nummer,
      endstand: r.endstand == null ? '' : fromLiter(r.endstand),
      neueNummer: r.neue_nummer ?? '',
      anfangsstand: r.anfangsstand == null ? '' : fromLiter(r.anfangsstand),
      plombe: plombeOf(r.notiz),
      endablesungId: id,
      anfangsablesungId: r.start_id == null ? null : Number(r.start_id),
    });
  }
  const rows = [...byEnd.values()];
  if (rows.length) {
    const dates = rows.map((r) => r.datum).sort();
    const leases = await nutzungsberechtigteOver(db, dates[0] ?? '', dates[dates.length - 1] ?? '', [
      ...new Set(rows.map((r) => r.parzelleId)),
    ]);
    for (const r of rows) {
      // Oldest first, so the newest lease running that day wins.
      for (const l of leases) {
        if (l.parzelleId === r.parzelleId && l.von <= r.datum && (l.bis === null || l.bis >= r.datum)) {
          r.adresseName = l.name;
        }
      }
    }
  }
  return rows.sort(
    (a, b) =>
      (a.datum !== b.datum ? (a.datum < b.datum ? 1 : -1) : 0) ||
      collator.compare(a.parzelleNummer, b.parzelleNummer) ||
      a.endablesungId - b.endablesungId,
  );
}

/** The export's columns; ImportZaehlerwechselData reads the same headers. */
export const WECHSEL_SPALTEN = {
  parzelle: 'Parzelle',
  datum: 'Datum',
  alteNummer: 'Alte Zählernummer',
  endstand: 'Endstand',
  neueNummer: 'Neue Zählernummer',
  anfangsstand: 'Anfangsstand',
  plombe: 'Plombe',
} as const;

export async function exportZaehlerwechsel(db: Db, filter: ZaehlerwechselFilter): Promise<FileResult> {
  const rows = await listZaehlerwechsel(db, filter);
  const s = WECHSEL_SPALTEN;
  const buffer = await buildWorkbook([
    {
      name: 'Zählerwechsel',
      columns: [
        { header: s.parzelle, key: 'parzelleNummer', kind: 'text' },
        { header: s.datum, key: 'datum', kind: 'date' },
        { header: s.alteNummer, key: 'alteNummer', kind: 'text' },
        { header: s.endstand, key: 'endstand', kind: 'decimal', places: 3 },
        { header: s.neueNummer, key: 'neueNummer', kind: 'text' },
        { header: s.anfangsstand, key: 'anfangsstand', kind: 'decimal', places: 3 },
        { header: s.plombe, key: 'plombe', kind: 'text' },
      ],
      rows,
    },
  ] as const);
  return xlsxFile(buffer, 'Zaehlerwechsel.xlsx');
}
