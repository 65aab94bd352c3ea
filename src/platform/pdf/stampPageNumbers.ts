import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** How far above the paper's bottom edge the number sits: inside any usual bottom margin (≥ 10 mm). */
const BASELINE_PT = 20;
const SIZE_PT = 8;

/**
 * "Seite x von y" centred near the bottom of every page of a printed PDF, like pageNumberFooter.
 * Used for 'multiPage' documents: they print once without a footer, and only when they turn out
 * longer than a page get their numbers here — instead of a second Chromium print of every
 * one-page document (or of every longer one) just to decide whether numbers belong on it.
 */
export async function stampPageNumbers(pdf: Uint8Array): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const text = `Seite ${index + 1} von ${pages.length}`;
    const width = font.widthOfTextAtSize(text, SIZE_PT);
    page.drawText(text, {
      x: (page.getWidth() - width) / 2,
      y: BASELINE_PT,
      size: SIZE_PT,
      font,
      color: rgb(0x44 / 255, 0x44 / 255, 0x44 / 255),
    });
  });
  return Buffer.from(await doc.save());
}
