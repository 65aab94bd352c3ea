import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

// A batch of letters prints as ONE Chromium document (one setContent, one page.pdf: ~3× faster than
// a document per letter) and is then cut back into one PDF per letter, since each member gets their
// own letter by mail. Each letter's body is wrapped in a block that starts on a new page and holds an
// invisible link to a marker address; Chromium writes that link as an annotation on the letter's
// first page, which is how the pages are found again. The markers are removed from the letters.

/** One document of a batch, taken apart where its body begins and ends. */
export type BatchLetter = {
  html: string;
  /** Its <title>, as text: the title of its own PDF. */
  title: string;
  /** Null when the HTML is not one plain document (then it prints on its own). */
  parts: { head: string; body: string; tail: string; frame: string } | null;
};

const DOCUMENT = /^([\s\S]*?<body\b[^>]*>)([\s\S]*)(<\/body>\s*<\/html>\s*)$/i;
const TITLE = /<title>([\s\S]*?)<\/title>/i;
/** `.invalid` never resolves, and the page's request filter would refuse it anyway: nothing is fetched. */
const MARKER = 'https://kgv.invalid/pdf-batch/';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function parseLetter(html: string): BatchLetter {
  const match = DOCUMENT.exec(html);
  const head = match?.[1];
  const title = decodeEntities(TITLE.exec(head ?? html)?.[1] ?? '').trim();
  // A body holding another document or a frameset is not safe to wrap: such a letter prints alone.
  if (!match || head === undefined || /<\/?(html|body|frameset)\b/i.test(match[2] ?? '')) {
    return { html, title, parts: null };
  }
  const body = match[2] ?? '';
  const tail = match[3] ?? '';
  // Letters share a document only when everything around their bodies but the title is the same.
  return { html, title, parts: { head, body, tail, frame: head.replace(TITLE, '') + tail } };
}

/** Whether `letter` may print in the same document as `first`. */
export function sameFrame(first: BatchLetter, letter: BatchLetter): boolean {
  return first.parts !== null && letter.parts !== null && first.parts.frame === letter.parts.frame;
}

/**
 * All letters in one document, each starting on a new page. The wrapper is positioned so the
 * marker link sits at the top of the letter's own first page and takes no room in the layout.
 */
export function combinedDocument(letters: BatchLetter[]): string {
  const first = letters[0]?.parts;
  if (!first) throw new Error('combinedDocument: no letters, or a letter that is not a plain document');
  const bodies = letters.map((letter, i) => {
    const style = i === 0 ? 'position:relative' : 'position:relative;break-before:page';
    return `<div style="${style}"><a class="kgv-batch-marker" href="${MARKER}${i}"></a>${letter.parts?.body ?? ''}</div>`;
  });
  // Whatever the template's CSS says about links (print CSS often writes a link's address after
  // it), the marker stays an empty 1 px box: a link annotation needs a box, the page shows nothing.
  const markerCss =
    '<style>a.kgv-batch-marker { all: unset !important; display: block !important; position: absolute !important; ' +
    'left: 0 !important; top: 0 !important; width: 1px !important; height: 1px !important; } ' +
    'a.kgv-batch-marker::before, a.kgv-batch-marker::after { content: none !important; display: none !important; }</style>';
  return `${first.head}${markerCss}${bodies.join('')}${first.tail}`;
}

function text(value: unknown): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/** The letter number a marker annotation stands for, or undefined for any other annotation. */
function markerNumber(annotation: unknown): number | undefined {
  if (!(annotation instanceof PDFDict)) return undefined;
  const action = annotation.lookup(PDFName.of('A'));
  const uri = action instanceof PDFDict ? text(action.lookup(PDFName.of('URI'))) : undefined;
  if (!uri?.startsWith(MARKER)) return undefined;
  const n = Number(uri.slice(MARKER.length));
  return Number.isInteger(n) ? n : undefined;
}

/**
 * The combined PDF cut into one PDF per letter, with the letter's own title and without the
 * markers. Null when the markers do not show each letter's first page in order (the caller then
 * prints the letters one by one).
 */
export async function splitCombined(
  pdf: Uint8Array,
  letters: BatchLetter[],
): Promise<{ pdf: Buffer; pages: number }[] | null> {
  // Without pdf-lib's pauses every hundred objects: a chunk parses in ~20 ms, and each pause costs
  // a timer turn, which on a loaded machine is longer than the work between them.
  const source = await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const pages = source.getPages();
  // Letter n's marker must be on the page after letter n − 1's: one marker per letter, in order.
  const starts: number[] = [];
  let inOrder = true;
  pages.forEach((page, index) => {
    const annots = page.node.lookup(PDFName.of('Annots'));
    if (!(annots instanceof PDFArray)) return;
    const markers: number[] = [];
    for (let i = 0; i < annots.size(); i++) {
      const n = markerNumber(annots.lookup(i));
      if (n !== undefined) markers.push(i);
      if (n !== undefined && (n !== starts.length || starts.at(-1) === index)) inOrder = false;
      if (n !== undefined) starts.push(index);
    }
    // Backwards, so removing an entry does not shift the ones still to remove.
    for (const i of markers.reverse()) annots.remove(i);
    if (markers.length > 0 && annots.size() === 0) page.node.delete(PDFName.of('Annots'));
  });
  if (!inOrder || starts.length !== letters.length || starts[0] !== 0) return null;
  const creator = source.getCreator();
  const producer = source.getProducer();
  const created = source.getCreationDate();
  const modified = source.getModificationDate();
  const result: { pdf: Buffer; pages: number }[] = [];
  for (let i = 0; i < letters.length; i++) {
    const from = starts[i] ?? 0;
    const to = starts[i + 1] ?? pages.length;
    const doc = await PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: to - from }, (_, k) => from + k);
    for (const page of await doc.copyPages(source, indices)) doc.addPage(page);
    // The metadata a letter printed on its own would have.
    doc.setTitle(letters[i]?.title ?? '');
    if (creator) doc.setCreator(creator);
    if (producer) doc.setProducer(producer);
    if (created) doc.setCreationDate(created);
    if (modified) doc.setModificationDate(modified);
    const bytes = await doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
    result.push({ pdf: Buffer.from(bytes), pages: indices.length });
  }
  return result;
}

/** Pages of a PDF. */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest })).getPageCount();
}
