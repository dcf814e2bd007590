import { A4, drawLines, mm } from '../../pdf/document';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import { normalizeIban } from '../../../../shared/finnish/iban';
import { formatAnyReference } from '../../../../shared/invoices/sms-notice';
import { drawQr, epcPayload } from './epc-qr';
import { barcodeBars, drawBars } from './barcode-bars';
import { hline, textAt, vline } from './draw';

// The bank transfer form (tilisiirtolomake) across the bottom of page 1, in the Finnish
// standard layout (Finanssiala, "Tilisiirtolomakkeen täyttöohje" / bank barcode guide): the
// form is 101.6 mm high, bilingual labels in a 20 mm column on the left, the payment
// fields on the left half, reference, due date and amount at the bottom right, and the
// virtual barcode (Code 128C) under them, with the EPC QR code beside it.

export const FORM_HEIGHT = mm(101.6);
export const FORM_TOP = A4.height - FORM_HEIGHT;

/** Column edges and row lines in millimetres from the form's left and top edges. */
const X = { label: 20, mid: 111.4, rlabel: 131, euro: 160, euroValue: 172, right: 205 };
const Y = { payee: 16.9, payer: 33.9, signature: 55, fromAccount: 63.5, bottom: 72 };
/** Bar module width: 0.3 mm is inside the guide's 0.25–0.5 mm and keeps the code ~115 mm long. */
const MODULE_MM = 0.3;
const BAR_HEIGHT_MM = 13;

export interface SlipInput {
  iban: string;
  bic: string | null;
  payee: readonly string[];
  payer: readonly string[];
  reference: string;
  dueDate: string;
  amountCents: number;
  /** The 54 digits of virtualBarcode(...). */
  barcode: string;
  /** Printed in the free area at the top right, e.g. the invoice number. */
  info: readonly string[];
}

const fx = (m: number): number => mm(m);
const fy = (m: number): number => FORM_TOP + mm(m);

function label(doc: PDFKit.PDFDocument, lines: readonly string[], x: number, y: number, width: number): void {
  drawLines(doc, lines, { x: fx(x) + 2, y: fy(y) + 2, width: mm(width) - 4, height: mm(16) }, { size: 6 });
}

/** The amount as the Euro field wants it: digits with a decimal comma, no currency sign. */
export const euroField = (cents: number): string => formatAmount(cents).replace(/\s*€$/, '');

export function drawSlip(doc: PDFKit.PDFDocument, s: SlipInput): void {
  const left = fx(0);
  const right = fx(210);
  // A dashed line where the form is torn off.
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).moveTo(left, FORM_TOP).lineTo(right, FORM_TOP).stroke().undash().restore();

  // Left half: rows with labels.
  vline(doc, fx(X.label), fy(0), fy(Y.bottom));
  vline(doc, fx(X.mid), fy(0), fy(Y.bottom), 1);
  hline(doc, left, fx(X.mid), fy(Y.payee), 1);
  hline(doc, left, fx(X.mid), fy(Y.payer), 1);
  hline(doc, left, right, fy(Y.signature), 1);
  hline(doc, left, right, fy(Y.fromAccount), 1);
  hline(doc, left, right, fy(Y.bottom), 1);
  vline(doc, fx(X.rlabel), fy(Y.signature), fy(Y.bottom));
  vline(doc, fx(X.euro), fy(Y.fromAccount), fy(Y.bottom));
  vline(doc, fx(X.euroValue), fy(Y.fromAccount), fy(Y.bottom));

  label(doc, ['Saajan', 'tilinumero', 'Mottagarens', 'kontonummer'], 0, 0, X.label);
  label(doc, ['Saaja', 'Mottagare'], 0, Y.payee, X.label);
  label(doc, ['Maksajan', 'nimi ja', 'osoite', 'Betalarens', 'namn och', 'adress'], 0, Y.payer, X.label);
  label(doc, ['Allekirjoitus', 'Underskrift'], 0, Y.signature, X.label);
  label(doc, ['Tililtä nro', 'Från konto nr'], 0, Y.fromAccount, X.label);
  label(doc, ['Viitenro', 'Ref.nr'], X.mid, Y.signature, X.rlabel - X.mid);
  label(doc, ['Eräpäivä', 'Förfallodag'], X.mid, Y.fromAccount, X.rlabel - X.mid);
  label(doc, ['Euro'], X.euro, Y.fromAccount, X.euroValue - X.euro);

  // Account: IBAN and BIC side by side, each with its small label.
  textAt(doc, 'IBAN', fx(X.label + 2), fy(2), { size: 6 });
  textAt(doc, normalizeIban(s.iban), fx(X.label + 2), fy(7), { size: 10, width: mm(60) });
  textAt(doc, 'BIC', fx(87), fy(2), { size: 6 });
  textAt(doc, s.bic ?? '', fx(87), fy(7), { size: 10, width: mm(X.mid - 89) });

  drawLines(doc, s.payee, { x: fx(X.label + 2), y: fy(Y.payee + 2), width: mm(X.mid - X.label - 4), height: mm(Y.payer - Y.payee - 3) }, { size: 9 });
  drawLines(doc, s.payer, { x: fx(X.label + 2), y: fy(Y.payer + 2), width: mm(X.mid - X.label - 4), height: mm(Y.signature - Y.payer - 3) }, { size: 9 });
  hline(doc, fx(X.label + 2), fx(X.mid - 4), fy(Y.fromAccount - 1.5), 0.3);

  drawLines(doc, s.info, { x: fx(X.mid + 3), y: fy(3), width: mm(X.right - X.mid - 3), height: mm(Y.signature - 5) }, { size: 9 });

  textAt(doc, formatAnyReference(s.reference), fx(X.rlabel + 3), fy(Y.signature + 2.5), { size: 10, bold: true, width: mm(X.right - X.rlabel - 3) });
  textAt(doc, formatFinnishDate(s.dueDate), fx(X.rlabel + 3), fy(Y.fromAccount + 2.5), { size: 10, bold: true, width: mm(X.euro - X.rlabel - 4) });
  textAt(doc, euroField(s.amountCents), fx(X.euroValue + 1), fy(Y.fromAccount + 2.5), { size: 10, bold: true, align: 'right', width: mm(X.right - X.euroValue - 1) });

  // The barcode: Code 128C with quiet zones (bwip-js's padding), bars 13 mm high.
  drawBars(doc, barcodeBars(s.barcode), fx(8), fy(Y.bottom + 6), mm(MODULE_MM), mm(BAR_HEIGHT_MM));

  // The EPC QR code beside the barcode, 26 mm square (module ~0.5 mm).
  const qrSize = mm(26);
  const payload = epcPayload({ bic: s.bic, name: s.payee[0] ?? '', iban: s.iban, amountCents: s.amountCents, reference: s.reference });
  drawQr(doc, payload, fx(210 - 4) - qrSize, fy(Y.bottom + 1.5), qrSize);
}
