// Virtual bank barcode (virtuaaliviivakoodi), Finanssiala "Pankkiviivakoodi-opas"
// v5.3. 54 digits:
//   version 4 (Finnish reference): 4 | IBAN digits 16 | euros 6 | cents 2 | 000 | reference 20 | YYMMDD
//   version 5 (RF reference):      5 | IBAN digits 16 | euros 6 | cents 2 | RF check 2 | RF body 21 | YYMMDD
// Numbers are zero-padded on the left. A version 4 code without a reference (a payment to a
// person, e.g. an expense claim) carries 20 zeros there. Amount 0 means "payer fills it in" and is
// also used when the amount does not fit; due date 000000 means none.

import { compactIban, normalizeIban, validateIban } from './iban';
import { compactReference, isValidReference } from './reference';
import { compactRfReference, isValidRfReference } from './rf-reference';
import { parseIsoDate, toIsoDate, isRealDate } from './date';

export interface VirtualBarcodeData {
  iban: string;
  amountCents: number;
  reference: string;
  dueDate: string | null;
}

/** Largest amount the barcode can carry: 999 999,99 €. */
const MAX_AMOUNT_CENTS = 99_999_999;

function finnishIbanDigits(iban: string): string {
  const compact = compactIban(iban);
  if (!compact.startsWith('FI') || validateIban(compact) !== null) {
    throw new RangeError('The virtual barcode needs a valid Finnish IBAN');
  }
  return compact.slice(2);
}

function amountField(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError('amountCents must be a non-negative integer');
  }
  return String(amountCents > MAX_AMOUNT_CENTS ? 0 : amountCents).padStart(8, '0');
}

function dueDateField(dueDate: string | null): string {
  if (dueDate === null) return '000000';
  const date = parseIsoDate(dueDate);
  // Two-digit years: only this century can be written.
  if (!date || date.year < 2000 || date.year > 2099) {
    throw new RangeError(`Due date must be an ISO date in 2000–2099: ${dueDate}`);
  }
  return toIsoDate(date).slice(2).replaceAll('-', '');
}

/** The 54-digit virtual barcode: version 5 for an RF reference, version 4 for a Finnish one. */
export function virtualBarcode(input: VirtualBarcodeData): string {
  const ibanDigits = finnishIbanDigits(input.iban);
  const amount = amountField(input.amountCents);
  const due = dueDateField(input.dueDate);

  const rf = compactRfReference(input.reference);
  if (rf.startsWith('RF')) {
    const body = rf.slice(4);
    if (!isValidRfReference(rf) || !/^\d{1,21}$/.test(body)) {
      throw new RangeError('The virtual barcode needs an RF reference with a numeric body');
    }
    return `5${ibanDigits}${amount}${rf.slice(2, 4)}${body.padStart(21, '0')}${due}`;
  }

  const reference = compactReference(input.reference);
  // No reference at all (an expense claim paid to a person): the field is all zeros.
  if (reference === '') return `4${ibanDigits}${amount}000${'0'.repeat(20)}${due}`;
  if (!isValidReference(reference)) throw new RangeError('Invalid reference');
  return `4${ibanDigits}${amount}000${reference.padStart(20, '0')}${due}`;
}

/** Leading zeros are padding; a Finnish reference keeps at least its 4-digit minimum. */
function unpad(digits: string, minLength: number): string {
  return digits.replace(/^0+/, '').padStart(minLength, '0');
}

/**
 * Reads a virtual barcode back. The IBAN comes back grouped (normalizeIban),
 * references in electronic form without leading zeros. Throws RangeError for
 * anything that is not a well-formed version 4 or 5 code.
 */
export function parseVirtualBarcode(code: string): VirtualBarcodeData {
  const text = code.trim();
  if (!/^[45]\d{53}$/.test(text)) {
    throw new RangeError('A virtual barcode is 54 digits starting with 4 or 5');
  }
  const iban = `FI${text.slice(1, 17)}`;
  if (validateIban(iban) !== null) throw new RangeError('Invalid IBAN in virtual barcode');
  const amountCents = Number(text.slice(17, 25));

  let reference: string;
  if (text.startsWith('4')) {
    if (text.slice(25, 28) !== '000') throw new RangeError('Reserved digits must be zero');
    const digits = text.slice(28, 48);
    reference = /^0+$/.test(digits) ? '' : unpad(digits, 4);
    if (reference !== '' && !isValidReference(reference)) throw new RangeError('Invalid reference in virtual barcode');
  } else {
    reference = `RF${text.slice(25, 27)}${unpad(text.slice(27, 48), 1)}`;
    if (!isValidRfReference(reference)) throw new RangeError('Invalid RF reference in virtual barcode');
  }

  const due = text.slice(48, 54);
  let dueDate: string | null = null;
  if (due !== '000000') {
    const date = {
      year: 2000 + Number(due.slice(0, 2)),
      month: Number(due.slice(2, 4)),
      day: Number(due.slice(4, 6)),
    };
    if (!isRealDate(date)) throw new RangeError('Invalid due date in virtual barcode');
    dueDate = toIsoDate(date);
  }

  return { iban: normalizeIban(iban), amountCents, reference, dueDate };
}
