import QRCode, { type QRCodeSegment } from 'qrcode';

export type QrImageOptions = {
  /** Pixels per module (default 8: sharp enough for 300 dpi print at about 3 cm). */
  scale?: number;
  /** Quiet zone in modules (default 4, as the QR standard asks; scanners struggle with less). */
  margin?: number;
};

// One byte-mode segment of UTF-8, no ECI: what the EPC standard's "1" (UTF-8) line announces and
// what banking apps expect. The library's automatic mixing of numeric/alphanumeric segments is
// valid QR, but a single segment keeps the encoding obvious to every reader.
const segments = (payload: string): QRCodeSegment[] => [{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }];

// Error correction M, as the EPC standard prescribes.
const base = (options: QrImageOptions) => ({
  errorCorrectionLevel: 'M' as const,
  margin: options.margin ?? 4,
  scale: options.scale ?? 8,
});

/** PNG image of the QR code. */
export function qrPngBuffer(payload: string, options: QrImageOptions = {}): Promise<Buffer> {
  return QRCode.toBuffer(segments(payload), { ...base(options), type: 'png' });
}

/** `data:image/png;base64,…` for an <img> in an HTML/PDF template (no file, no network). */
export function qrDataUrl(payload: string, options: QrImageOptions = {}): Promise<string> {
  return QRCode.toDataURL(segments(payload), { ...base(options), type: 'image/png' });
}

/** SVG markup of the QR code: scales without blur in print. */
export function qrSvg(payload: string, options: QrImageOptions = {}): Promise<string> {
  return QRCode.toString(segments(payload), { ...base(options), type: 'svg' });
}
