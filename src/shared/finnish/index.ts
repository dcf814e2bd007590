// Finnish rules, written once. Other code imports from here and never
// re-implements any of these checks or formats.

export { createReference, isValidReference, formatReference } from './reference';
export { createRfReference, isValidRfReference, formatRfReference } from './rf-reference';
export { virtualBarcode, parseVirtualBarcode } from './barcode';
export type { VirtualBarcodeData } from './barcode';
export { barcodePng } from './barcode-png';
export { normalizeIban, validateIban, finnishBic } from './iban';
export type { IbanError } from './iban';
export { isValidBusinessId, normalizeBusinessId, businessIdToVatId } from './business-id';
export { vatRatesOn, vatBreakdown } from './vat';
export type { VatBreakdownRow } from './vat';
export { normalizeFinnishMobile, isFinnishMobile, finnishMobileProblem, formatFinnishMobile, normalizeMemberPhone, memberPhoneProblem, readMemberPhone, type MemberPhone } from './phone';
export { smsInfo, smsSanitize } from './sms';
export type { SmsInfo } from './sms';
export { letterUnsupportedChars, isValidPostalCode } from './letter';
export { parseAmountCents, parseSignedAmountCents, formatAmount } from './amount';
export { parseFinnishDate, formatFinnishDate } from './date';
export { passwordStrength, PASSWORD_MIN, PASSWORD_MAX } from './password';
export { allowanceRatesOn, kmAmountCents } from './allowance';
export type { AllowanceRates } from './allowance';
