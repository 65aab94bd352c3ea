import { type Zippable, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { zahlscheinQr } from '../../../platform/brief/briefBausteine';
import type { Db } from '../../../platform/db/db';
import { htmlDocument } from '../../../platform/pdf';
import type { AppServices } from '../../../platform/services';
import { briefVerein, getVereinseinstellungen } from '../../vereinseinstellungen/services';
import type { LaufArt, ZvEintrag } from '../schema/zvData';
import { Brief, type BriefTexte, type BriefVerein, type BriefZahlschein, briefCss } from './briefVorlage';

// The letters of a billing run as PDFs: one per letter (renderBriefe, for the ZIP and the mail
// dispatch), all in one file (briefePdf, for printing), or a ZIP of one PDF per address. The club's
// settings and logo are read once per run; the QR codes are made per receivable.

export type BriefOptionen = {
  /** The heading, e.g. „Zahlungsvorschreibung 2026“. */
  titel: string;
  /** The letters' date (YYYY-MM-DD). */
  datum: string;
  /** Draft: „ENTWURF“, no number, reference, QR code or slip. Absent: a letter without receivable is a draft. */
  entwurf?: boolean;
  /** Which of the club's texts frame the letter (default Zahlungsvorschreibung). */
  art?: LaufArt;
  /** Reads the settings through this connection (the route's transaction); default services.db. */
  db?: Db;
  /** briefePdf: called with the number of letters done after each chunk (the CLI's progress bar). */
  fortschritt?: (fertig: number) => void;
};

/** Letters of one Chromium document in briefePdf: large enough to be fast, small enough to keep memory flat. */
export const PDF_CHUNK = 100;

export type BriefKontext = { verein: BriefVerein; texte: BriefTexte };

/** The club's head, bank account and texts for the run's letters. */
export async function briefKontext(services: AppServices, opts: BriefOptionen): Promise<BriefKontext> {
  const db = opts.db ?? services.db;
  const s = await getVereinseinstellungen(services, db);
  const art = opts.art ?? 'Zahlungsvorschreibung';
  const texte: BriefTexte =
    art === 'Zahlungsvorschreibung'
      ? {
          einleitung: s.texte.zahlungsvorschreibungEinleitung ?? '',
          schluss: s.texte.zahlungsvorschreibungSchluss ?? '',
        }
      : art === 'Wasserrechnung'
        ? { einleitung: s.texte2.wasserrechnungText ?? '', schluss: '' }
        : { einleitung: s.texte.rechnungText ?? '', schluss: '' };
  return {
    verein: await briefVerein(services, db),
    texte,
  };
}

export { zahlscheinQr };

const istEntwurf = (e: ZvEintrag, opts: BriefOptionen) => opts.entwurf ?? (e.rechnungen.length === 0 && !e.rechnungId);

/** The slips of a booked letter: one per receivable with an amount to pay. */
async function zahlscheineVon(e: ZvEintrag, verein: BriefVerein, entwurf: boolean): Promise<BriefZahlschein[]> {
  if (entwurf || e.summeCent <= 0) return [];
  const rechnungen =
    e.rechnungen.length > 0
      ? e.rechnungen
      : e.rechnungsnummer && e.zahlungsreferenz
        ? [{ nummer: e.rechnungsnummer, zahlungsreferenz: e.zahlungsreferenz, betragCent: e.summeCent }]
        : [];
  // A slip asks for what the member's credit left open (issue 15: gutgeschriebenCent).
  const offen = (r: (typeof rechnungen)[number]) =>
    r.betragCent - ('gutgeschriebenCent' in r ? (r.gutgeschriebenCent ?? 0) : 0);
  return Promise.all(
    rechnungen
      .filter((r) => offen(r) > 0)
      .map(async (r) => ({
        nummer: r.nummer,
        zahlungsreferenz: r.zahlungsreferenz,
        betragCent: offen(r),
        qr: await zahlscheinQr(verein, offen(r), r.zahlungsreferenz),
      })),
  );
}

/** The body markup of one letter (no document around it). */
async function briefElement(e: ZvEintrag, k: BriefKontext, opts: BriefOptionen) {
  const entwurf = istEntwurf(e, opts);
  return (
    <Brief
      verein={k.verein}
      texte={k.texte}
      eintrag={e}
      titel={opts.titel}
      datum={opts.datum}
      entwurf={entwurf}
      zahlscheine={await zahlscheineVon(e, k.verein, entwurf)}
    />
  );
}

/** One letter as a complete HTML document (its own title: the PDF's name in a mail client). */
export async function briefHtml(e: ZvEintrag, k: BriefKontext, opts: BriefOptionen): Promise<string> {
  return htmlDocument(await briefElement(e, k, opts), { title: `${opts.titel} – ${e.name}`, css: briefCss });
}

/** All given letters as one HTML document, each starting on a new page (what briefePdf prints per chunk). */
export async function briefeHtml(eintraege: readonly ZvEintrag[], k: BriefKontext, opts: BriefOptionen) {
  const elemente = await Promise.all(eintraege.map((e) => briefElement(e, k, opts)));
  return htmlDocument(
    <main>
      {elemente.map((el, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the letters' order is the print order
        <div key={i} style={i === 0 ? undefined : { breakBefore: 'page' }}>
          {el}
        </div>
      ))}
    </main>,
    { title: opts.titel, css: briefCss },
  );
}

/** One PDF per letter, in the given order (renderBatch prints them in chunks of one Chromium document). */
export async function* renderBriefe(
  services: AppServices,
  eintraege: readonly ZvEintrag[],
  opts: BriefOptionen,
): AsyncGenerator<Buffer> {
  const k = await briefKontext(services, opts);
  async function* htmls() {
    for (const e of eintraege) yield await briefHtml(e, k, opts);
  }
  yield* services.pdf.renderBatch(htmls());
}

/** All letters in one PDF (for printing): chunks of letters printed as one document each, joined. */
export async function briefePdf(
  services: AppServices,
  eintraege: readonly ZvEintrag[],
  opts: BriefOptionen,
): Promise<Buffer> {
  const k = await briefKontext(services, opts);
  if (eintraege.length <= PDF_CHUNK) {
    const pdf = await services.pdf.render(await briefeHtml(eintraege, k, opts));
    opts.fortschritt?.(eintraege.length);
    return pdf;
  }
  const chunks: (readonly ZvEintrag[])[] = [];
  for (let i = 0; i < eintraege.length; i += PDF_CHUNK) chunks.push(eintraege.slice(i, i + PDF_CHUNK));
  const gesamt = await PDFDocument.create();
  gesamt.setTitle(opts.titel);
  // Two chunks print side by side (the PDF service's pool has two pages); they are joined in order.
  let naechster = 0;
  const pdfs: (Promise<Buffer> | undefined)[] = [];
  const start = () => {
    const chunk = chunks[naechster++];
    if (!chunk) return;
    const pdf = briefeHtml(chunk, k, opts).then((html) => services.pdf.render(html));
    // Awaited in order below; a failure of a later chunk while an earlier one fails is not unhandled.
    pdf.catch(() => {});
    pdfs.push(pdf);
  };
  start();
  start();
  for (let i = 0; i < chunks.length; i++) {
    const teil = await PDFDocument.load(await (pdfs[i] as Promise<Buffer>));
    // Joined chunks are let go: memory stays at about two chunks and the joined document.
    pdfs[i] = undefined;
    start();
    const seiten = await gesamt.copyPages(teil, teil.getPageIndices());
    for (const seite of seiten) gesamt.addPage(seite);
    opts.fortschritt?.(Math.min((i + 1) * PDF_CHUNK, eintraege.length));
  }
  return Buffer.from(await gesamt.save());
}

/** A file name safe on every system: letters, digits, - and _ (umlauts kept). */
function dateiName(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '_')
      .replace(/_+/g, '_')
      .replace(/^_|_$/g, '') || 'Brief'
  );
}

/** `<Rechnungsnummer or Parzelle>_<Name>.pdf`, unique within the ZIP. */
export function briefDateiName(e: ZvEintrag, vergeben: Set<string>): string {
  const vorne = e.rechnungsnummer ?? (e.parzellen.find((p) => p.nummer !== '')?.nummer || String(e.adresseId));
  const basis = `${dateiName(vorne)}_${dateiName(e.name)}`;
  let name = `${basis}.pdf`;
  for (let n = 2; vergeben.has(name); n++) name = `${basis}_${n}.pdf`;
  vergeben.add(name);
  return name;
}

/** A ZIP with one PDF per letter (one letter per address). */
export async function briefeZip(
  services: AppServices,
  eintraege: readonly ZvEintrag[],
  opts: BriefOptionen,
): Promise<Buffer> {
  const dateien: Zippable = {};
  const vergeben = new Set<string>();
  let i = 0;
  for await (const pdf of renderBriefe(services, eintraege, opts)) {
    const e = eintraege[i++] as ZvEintrag;
    // PDFs are compressed already: stored, not deflated again.
    dateien[briefDateiName(e, vergeben)] = [new Uint8Array(pdf), { level: 0 }];
  }
  return Buffer.from(zipSync(dateien));
}
