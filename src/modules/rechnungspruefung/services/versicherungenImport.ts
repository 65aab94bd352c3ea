import type { Actor } from '../../../platform/auth/principal';
import { type Db, nowDb } from '../../../platform/db/db';
import { validationFailed } from '../../../platform/errors';
import { recordHistoryMany } from '../../../platform/history/history';
import type { VersicherungenImportErgebnis, VersicherungImportZeile } from '../schema/versicherungen';
import { hinweisGebucht, parzellenNummern, VERSICHERUNG_HISTORY_TYPE } from './versicherungen';
import { leseVersicherungsDatei } from './versicherungenImportParse';

// ImportAddVersicherungen / ImportVersicherungenDeleteExisting: a year's insurances from the
// insurer's list. All or nothing: one bad row and nothing is written, the answer names every bad
// row („Zeile 3“: …). Replace removes the year's insurances first (in the same transaction).

export type VersicherungenImportArt = 'hinzufuegen' | 'ersetzen';

const normalNummer = (s: string) => s.trim().toLocaleLowerCase('de-AT');

export async function importiereVersicherungen(
  db: Db,
  actor: Actor,
  opts: { jahr: number | undefined; art: VersicherungenImportArt; dryRun: boolean; datei: Buffer | undefined },
): Promise<VersicherungenImportErgebnis> {
  const fehlend: Record<string, string[]> = {};
  if (opts.jahr === undefined) fehlend.jahr = ['Bitte wählen Sie das Jahr der Versicherungen.'];
  if (!opts.datei) fehlend.file = ['Bitte wählen Sie eine Datei aus.'];
  if (opts.jahr === undefined || !opts.datei) throw validationFailed(fehlend);
  const jahr = opts.jahr;

  const gelesen = await leseVersicherungsDatei(opts.datei);
  if (!gelesen.length)
    throw validationFailed({ file: ['Die Datei enthält keine Versicherungen (nur die Überschriften).'] });
  const nummern = await parzellenNummern(db);
  const idNachNummer = new Map([...nummern].map(([id, nummer]) => [normalNummer(nummer), id]));

  const errors: Record<string, string[]> = {};
  const zeilen: VersicherungImportZeile[] = [];
  for (const z of gelesen) {
    const fehler = [...z.fehler];
    const parzelleId = z.parzelle ? idNachNummer.get(normalNummer(z.parzelle)) : undefined;
    if (z.parzelle && parzelleId === undefined) fehler.unshift(`Parzelle „${z.parzelle}“ gibt es nicht.`);
    if (fehler.length || parzelleId === undefined) {
      errors[`Zeile ${z.zeile}`] = fehler;
      continue;
    }
    zeilen.push({
      zeile: z.zeile,
      parzelleId,
      parzelleNummer: nummern.get(parzelleId) ?? z.parzelle,
      versicherer: z.versicherer,
      polizze: z.polizze,
      text: z.text,
      praemieCent: z.praemieCent,
    });
  }
  const anzahlFehler = Object.keys(errors).length;
  if (anzahlFehler)
    throw validationFailed(
      errors,
      `${anzahlFehler === 1 ? 'Eine Zeile ist' : `${anzahlFehler} Zeilen sind`} nicht gültig: nichts wurde importiert.`,
    );

  const bisher =
    opts.art === 'ersetzen' ? ((await db('versicherungen').where({ jahr }).select()) as Record<string, unknown>[]) : [];
  const hinweis = await hinweisGebucht(db, jahr);
  const ergebnis: VersicherungenImportErgebnis = {
    jahr,
    angelegt: zeilen.length,
    geloescht: bisher.length,
    dryRun: opts.dryRun,
    zeilen,
    ...(hinweis ? { hinweis } : {}),
  };
  if (opts.dryRun) return ergebnis;

  const historie: Parameters<typeof recordHistoryMany>[2] = [];
  if (bisher.length) {
    await db('versicherungen').where({ jahr }).delete();
    for (const r of bisher)
      historie.push({
        entityType: VERSICHERUNG_HISTORY_TYPE,
        entityId: Number(r.id),
        action: 'delete',
        before: {
          jahr,
          parzelleId: Number(r.parzelle_id),
          versicherer: r.versicherer,
          polizze: r.polizze,
          text: r.text,
          praemieCent: Number(r.praemie_cent),
        },
      });
  }
  const now = nowDb();
  // One insert per row: the history names each new insurance by its id (a list is a few hundred rows).
  for (const z of zeilen) {
    const [id] = await db('versicherungen').insert({
      version: 1,
      jahr,
      parzelle_id: z.parzelleId,
      versicherer: z.versicherer,
      polizze: z.polizze,
      text: z.text,
      praemie_cent: z.praemieCent,
      created_at: now,
      updated_at: now,
    });
    historie.push({
      entityType: VERSICHERUNG_HISTORY_TYPE,
      entityId: Number(id),
      action: 'create',
      after: {
        jahr,
        parzelleId: z.parzelleId,
        versicherer: z.versicherer,
        polizze: z.polizze,
        text: z.text,
        praemieCent: z.praemieCent,
        import: opts.art,
      },
    });
  }
  await recordHistoryMany(db, actor, historie);
  return ergebnis;
}
