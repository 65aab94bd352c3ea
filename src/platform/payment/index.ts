// The public face of the payment helpers: IBAN/BIC, RF references, EPC QR payload and images.
export { EPC_MAX_AMOUNT_CENTS, type EpcQrInput, epcQrPayload } from './epcQr';
export { formatIban, isValidBic, isValidIban, normalizeBic, normalizeIban } from './iban';
export { type QrImageOptions, qrDataUrl, qrPngBuffer, qrSvg } from './qrImage';
export { formatRf, isValidRf, normalizeRf, rfFromNumber } from './rfReference';
