import QRCode from 'qrcode';
import { compactIban } from '../../../../shared/finnish/iban';
import { compactRfReference } from '../../../../shared/finnish/rf-reference';
import { compactReference } from '../../../../shared/finnish/reference';

// The EPC QR code ("BCD", EPC069-12 Quick Response Code guidelines) that a banking app
// scans to fill in a SEPA credit transfer. Drawn as vector squares: sharp at any print
// resolution and cheaper than embedding an image in each of a thousand invoices.

export interface EpcInput {
  bic: string | null;
  name: string;
  iban: string;
  amountCents: number;
  reference: string;
}

/** EUR amounts the format allows: 0.01 – 999 999 999.99; anything else leaves the field empty for the payer. */
function epcAmount(cents: number): string {
  if (cents < 1 || cents > 99_999_999_999) return '';
  return `EUR${String(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The payload, one field a line. An RF creditor reference (ISO 11649) goes in the structured
 * remittance field, which accepts nothing else; a Finnish national reference is not ISO
 * 11649, so it goes in the unstructured remittance text, where Finnish banking apps read it
 * as the reference (putting it in the structured field makes apps refuse the code).
 */
export function epcPayload(i: EpcInput): string {
  const rf = compactRfReference(i.reference);
  const isRf = rf.startsWith('RF');
  const lines = [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    i.bic ?? '',
    // The name field holds at most 70 characters.
    i.name.slice(0, 70),
    compactIban(i.iban),
    epcAmount(i.amountCents),
    '', // purpose code
    isRf ? rf : '',
    isRf ? '' : compactReference(i.reference),
  ];
  return lines.join('\n');
}

/** Draws the QR code of `text` with its 4-module quiet zone inside a square of `size` points at (x, y). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  // Error correction M, as the EPC guideline asks.
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 8);
  doc.save();
  doc.rect(x, y, size, size).fill('white');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // Squares overlap by a hair so no white seams appear between neighbours when rasterised.
      if (qr.modules.get(r, c)) doc.rect(x + (c + 4) * cell, y + (r + 4) * cell, cell + 0.01, cell + 0.01);
    }
  }
  doc.fill('black');
  doc.restore();
}
