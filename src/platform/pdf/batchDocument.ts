import {
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  type PDFPage,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

// A batch of letters prints as ONE Chromium document (one setContent, one page.pdf: ~3× faster than
// a document per letter) and is then cut back into one PDF per letter, since each member gets their
// own letter by mail. Each letter's body is wrapped in a block that starts on a new page and holds an
// invisible link to a marker address; Chromium writes that link as an annotation on the letter's
// first page, which is how the pages are found again. The markers are removed from the letters.
// pdf-lib parses the combined PDF and serializes its objects; the letters' files are written here.

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

/**
 * One turn of the event loop. The split is a few ms of work per letter while the other page's
 * PDF is still streaming in from Chromium and the next chunk waits to be sent: giving way after
 * each letter keeps Chromium busy instead of waiting for this loop.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  await nextTurn();
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
  const letterPages = letters.map((_, i) => pages.slice(starts[i], starts[i + 1] ?? pages.length));
  const writer = letterWriter(source, pdf);
  const result: { pdf: Buffer; pages: number }[] = [];
  for (const [i, own] of letterPages.entries()) {
    await nextTurn();
    result.push({ pdf: writer(own, letters[i]?.title ?? ''), pages: own.length });
  }
  return result;
}

const PARENT = PDFName.of('Parent');
const encoder = new TextEncoder();

function bytesOf(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

/**
 * Writes one letter's PDF from the chunk's parsed objects: its pages under a page tree of their
 * own, everything they use (fonts, images, content) under the object numbers they have in the
 * chunk, and the chunk's metadata with the letter's title. Objects the letters share (the fonts)
 * are serialized once per chunk, so a letter costs little more than copying its bytes; pdf-lib's
 * copyPages and save would copy and serialize the fonts again for every letter. The object numbers
 * keep their gaps: the cross-reference table lists each run of numbers as its own subsection.
 */
function letterWriter(source: PDFDocument, pdf: Uint8Array): (pages: PDFPage[], title: string) => Buffer {
  const { context } = source;
  const serialized = new Map<PDFRef, Uint8Array>();
  const serialize = (ref: PDFRef, object: PDFObject) => {
    let bytes = serialized.get(ref);
    if (!bytes) {
      bytes = bytesOf(object);
      serialized.set(ref, bytes);
    }
    return bytes;
  };
  const headerEnd = pdf.indexOf(0x0a);
  // The chunk's "%PDF-1.x" line, then a comment with high bytes that marks the file as binary.
  const header = Buffer.concat([pdf.subarray(0, headerEnd + 1), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])]);
  const info = context.lookup(context.trailerInfo.Info);
  const treeNumber = context.largestObjectNumber + 1;
  const [treeRef, catalogRef, infoRef] = [0, 1, 2].map((k) => PDFRef.of(treeNumber + k)) as [PDFRef, PDFRef, PDFRef];

  return (pages, title) => {
    const objects = new Map<number, { generation: number; bytes: Uint8Array }>();
    const put = (ref: PDFRef, bytes: Uint8Array) =>
      objects.set(ref.objectNumber, { generation: ref.generationNumber, bytes });
    const seen = new Set<PDFRef>(pages.map((page) => page.ref));
    const stack: PDFObject[] = [];
    for (const page of pages) {
      const own = page.node.clone();
      own.set(PARENT, treeRef);
      put(page.ref, bytesOf(own));
      stack.push(own);
    }
    // Everything the pages use, except the way up to the chunk's page tree.
    while (stack.length > 0) {
      const object = stack.pop();
      if (object instanceof PDFRef) {
        if (seen.has(object)) continue;
        seen.add(object);
        const target = context.lookup(object);
        if (!target) continue;
        put(object, serialize(object, target));
        stack.push(target);
      } else if (object instanceof PDFDict) {
        for (const [key, value] of object.entries()) if (key !== PARENT) stack.push(value);
      } else if (object instanceof PDFArray) {
        stack.push(...object.asArray());
      } else if (object instanceof PDFStream) {
        stack.push(object.dict);
      }
    }
    const tree = context.obj({ Type: 'Pages', Kids: pages.map((page) => page.ref), Count: pages.length });
    put(treeRef, bytesOf(tree));
    put(catalogRef, bytesOf(context.obj({ Type: 'Catalog', Pages: treeRef })));
    const metadata = info instanceof PDFDict ? info.clone() : context.obj({});
    metadata.set(PDFName.of('Title'), PDFHexString.fromText(title));
    put(infoRef, bytesOf(metadata));
    return writeFile(header, objects, { size: treeNumber + 3, root: catalogRef, info: infoRef });
  };
}

function writeFile(
  header: Uint8Array,
  objects: Map<number, { generation: number; bytes: Uint8Array }>,
  trailer: { size: number; root: PDFRef; info: PDFRef },
): Buffer {
  const parts: Uint8Array[] = [header];
  let offset = header.length;
  const add = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  const numbers = [...objects.keys()].sort((a, b) => a - b);
  const entries = new Map<number, string>();
  for (const number of numbers) {
    const { generation, bytes } = objects.get(number) as { generation: number; bytes: Uint8Array };
    entries.set(number, `${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} n \n`);
    add(encoder.encode(`${number} ${generation} obj\n`));
    add(bytes);
    add(encoder.encode('\nendobj\n'));
  }
  const xrefOffset = offset;
  let xref = 'xref\n0 1\n0000000000 65535 f \n';
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === (numbers[j] ?? 0) + 1) j++;
    const run = numbers.slice(i, j + 1);
    xref += `${run[0]} ${run.length}\n${run.map((n) => entries.get(n)).join('')}`;
    i = j + 1;
  }
  xref += `trailer\n<</Size ${trailer.size}\n/Root ${trailer.root}\n/Info ${trailer.info}>>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  add(encoder.encode(xref));
  return Buffer.concat(parts, offset);
}

/** Pages of a PDF. */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest })).getPageCount();
}
