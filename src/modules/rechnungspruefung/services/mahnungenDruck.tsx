import type { BriefVerein } from '../../../platform/brief/briefBausteine';
import { zahlscheinQr } from '../../../platform/brief/briefBausteine';
import { addDays, dateOf } from '../../../platform/dates';
import type { Db } from '../../../platform/db/db';
import { notFound } from '../../../platform/errors';
import { htmlDocument } from '../../../platform/pdf';
import type { AppServices } from '../../../platform/services';
import { briefVerein, readSection } from '../../vereinseinstellungen/services';
import type { MahnungRow, RechnungPositionRow, RechnungRow } from '../tables';
import { MahnBrief, type MahnBriefDaten, type MahnBriefZeile, mahnBriefCss } from './mahnBrief';
import { faelligSeit, MAHN_POSITION_ARTEN, type MahnPlan, type MahnStand } from './mahnStand';
import { gebuehrText, zinsenText } from './mahnungen';
import { briefAnschrift } from './rechnungBrief';
import type { Rate } from './rechnungStand';

// The reminder letters as PDF. A stored reminder prints again exactly as it went out: its row keeps
// the level, date, open amount and the amount asked for now (faellig_cent: with an instalment plan
// only the overdue part; null for reminders stored before it = the open amount); the fees and interest are the receivable's reminder positions in
// the order the reminders added them (each reminder added its fee, then its interest, when > 0).

type Kopf = Pick<
  MahnBriefDaten,
  'nummer' | 'zahlungsreferenz' | 'rechnungDatum' | 'faelligAm' | 'faelligSeit' | 'name' | 'anschrift' | 'weitereRaten'
>;

/**
 * The letter's head. „Fällig seit“ is the due date, or with instalments the oldest instalment not
 * paid by `bezahltCent` (what was paid when the letter went out); the instalments after the
 * reminder's day are the ones that stay due as agreed.
 */
async function kopfVon(db: Db, r: RechnungRow, bezahltCent: number, datum: string): Promise<Kopf> {
  const raten: Rate[] = (
    await db('rechnung_raten')
      .where({ rechnung_id: Number(r.id) })
      .orderBy('nummer')
  ).map((rate) => ({ faelligAm: dateOf(rate.faellig_am), betragCent: Number(rate.betrag_cent) }));
  const faelligAm = dateOf(r.faellig_am);
  return {
    nummer: r.nummer,
    zahlungsreferenz: r.zahlungsreferenz,
    rechnungDatum: dateOf(r.datum),
    faelligAm,
    faelligSeit: faelligSeit({ raten, bezahltCent, faelligAm }),
    name: r.adresse_name,
    anschrift: await briefAnschrift(db, Number(r.adresse_id)),
    // Instalments due on the reminder's day itself are not overdue yet (ueberfaelligCent): they stay as agreed too.
    weitereRaten: raten.filter((rate) => rate.faelligAm >= datum),
  };
}

async function zahlungsziel(db: Db): Promise<number> {
  return (await readSection(db, 'anzahl')).zahlungszielTage ?? 14;
}

const istZuschlag = (p: RechnungPositionRow) => (MAHN_POSITION_ARTEN as readonly string[]).includes(p.art);

/** The letter of a reminder not written yet (GET Mahnungen with vorschau): what it would charge. */
export async function vorschauDaten(db: Db, s: MahnStand, plan: MahnPlan, datum: string): Promise<MahnBriefDaten> {
  const bisher = (await db('rechnung_positionen').where({ rechnung_id: s.id }).orderBy('sortierung'))
    .filter(istZuschlag)
    .map((p) => ({ text: p.text, betragCent: Number(p.betrag_cent) }));
  const neu: MahnBriefZeile[] = [];
  if (plan.gebuehrCent > 0) neu.push({ text: gebuehrText(plan.stufe, datum), betragCent: plan.gebuehrCent });
  if (plan.zinsen) neu.push({ text: zinsenText(plan.zinsen), betragCent: plan.zinsen.cent });
  return {
    ...(await kopfVon(db, s.row, s.bezahltCent, datum)),
    stufe: plan.stufe,
    datum,
    hauptforderungCent: s.hauptforderungCent,
    zuschlaege: [...bisher, ...neu],
    bezahltCent: s.bezahltCent,
    offenCent: plan.neuOffenCent,
    faelligCent: plan.faelligCent,
    zahlbarBis: addDays(datum, await zahlungsziel(db)),
    entwurf: true,
  };
}

/** The letters of stored reminders, in the order of `mahnungIds` (404 when one is missing). */
export async function gespeicherteDaten(db: Db, mahnungIds: readonly number[]): Promise<MahnBriefDaten[]> {
  const mahnungen = (await db('mahnungen').whereIn('id', mahnungIds)) as MahnungRow[];
  const byId = new Map(mahnungen.map((m) => [Number(m.id), m]));
  const fehlend = mahnungIds.filter((id) => !byId.has(id));
  if (fehlend.length) throw notFound(`Diese Mahnungen gibt es nicht: ${fehlend.join(', ')}.`);
  const tage = await zahlungsziel(db);
  const out: MahnBriefDaten[] = [];
  for (const id of mahnungIds) {
    const m = byId.get(id) as MahnungRow;
    const rechnungId = Number(m.rechnung_id);
    const r = (await db('rechnungen').where({ id: rechnungId }).first()) as RechnungRow;
    const positionen = (await db('rechnung_positionen')
      .where({ rechnung_id: rechnungId })
      .orderBy('sortierung')) as RechnungPositionRow[];
    const haupt = positionen.filter((p) => !istZuschlag(p)).reduce((s, p) => s + Number(p.betrag_cent), 0);
    const gebuehren = positionen.filter((p) => p.art === 'mahngebuehr');
    const zinsen = positionen.filter((p) => p.art === 'verzugszinsen');
    const zuschlaege: MahnBriefZeile[] = [];
    const bisher = (await db('mahnungen')
      .where({ rechnung_id: rechnungId })
      .andWhere('id', '<=', id)
      .orderBy('id')) as MahnungRow[];
    for (const b of bisher) {
      const g = Number(b.gebuehr_cent) > 0 ? gebuehren.shift() : undefined;
      const z = Number(b.zinsen_cent) > 0 ? zinsen.shift() : undefined;
      for (const p of [g, z]) if (p) zuschlaege.push({ text: p.text, betragCent: Number(p.betrag_cent) });
    }
    const offenCent = Number(m.offen_cent);
    const datum = dateOf(m.datum);
    // What was paid when the letter went out: everything it lists minus what was open.
    const bezahltCent = haupt + zuschlaege.reduce((s, z) => s + z.betragCent, 0) - offenCent;
    out.push({
      ...(await kopfVon(db, r, bezahltCent, datum)),
      stufe: m.stufe,
      datum,
      hauptforderungCent: haupt,
      zuschlaege,
      bezahltCent,
      offenCent,
      faelligCent: m.faellig_cent == null ? offenCent : Number(m.faellig_cent),
      zahlbarBis: addDays(datum, tage),
      entwurf: false,
    });
  }
  return out;
}

/** The letters as one PDF, each starting on a new page, each with its slip and EPC QR for the amount due now. */
export async function mahnbriefePdf(
  services: AppServices,
  db: Db,
  briefe: readonly MahnBriefDaten[],
  titel: string,
): Promise<Buffer> {
  const verein: BriefVerein = await briefVerein(services, db);
  const text = (await readSection(db, 'texte')).mahnungText ?? '';
  const elemente = await Promise.all(
    briefe.map(async (d) => {
      const ohne = d.entwurf || d.faelligCent <= 0;
      const qr = ohne ? null : await zahlscheinQr(verein, d.faelligCent, d.zahlungsreferenz);
      const schein = ohne
        ? null
        : { nummer: d.nummer, zahlungsreferenz: d.zahlungsreferenz, betragCent: d.faelligCent, qr };
      return (
        <MahnBrief key={`${d.nummer}-${d.stufe}-${d.datum}`} verein={verein} text={text} d={d} zahlschein={schein} />
      );
    }),
  );
  const html = htmlDocument(
    <main>
      {elemente.map((el, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the letters' order is the print order
        <div key={i} style={i === 0 ? undefined : { breakBefore: 'page' }}>
          {el}
        </div>
      ))}
    </main>,
    { title: titel, css: mahnBriefCss },
  );
  return services.pdf.render(html);
}
