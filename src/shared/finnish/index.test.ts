import { describe, expect, it } from 'vitest';
import * as finnish from './index';

// The public surface is fixed; other code relies on these names.
const EXPORTS = [
  'createReference',
  'isValidReference',
  'formatReference',
  'createRfReference',
  'isValidRfReference',
  'formatRfReference',
  'virtualBarcode',
  'parseVirtualBarcode',
  'barcodePng',
  'normalizeIban',
  'validateIban',
  'finnishBic',
  'isValidBusinessId',
  'normalizeBusinessId',
  'businessIdToVatId',
  'vatRatesOn',
  'vatBreakdown',
  'normalizeFinnishMobile',
  'isFinnishMobile',
  // Added for the member form and display.
  'finnishMobileProblem',
  'formatFinnishMobile',
  // Foreign mobiles are valid member phone numbers.
  'normalizeMemberPhone',
  'memberPhoneProblem',
  // Both at once, with one parse (an import reads thousands).
  'readMemberPhone',
  'smsInfo',
  'smsSanitize',
  'letterUnsupportedChars',
  'isValidPostalCode',
  'parseAmountCents',
  'parseSignedAmountCents',
  'formatAmount',
  'parseFinnishDate',
  'formatFinnishDate',
  'passwordStrength',
  'PASSWORD_MIN',
  'PASSWORD_MAX',
  'allowanceRatesOn',
  'kmAmountCents',
];

describe('src/shared/finnish', () => {
  it('exports exactly the public names', () => {
    expect(Object.keys(finnish).sort()).toEqual([...EXPORTS].sort());
  });

  it('wires the pieces together', () => {
    const reference = finnish.createReference('123456');
    const code = finnish.virtualBarcode({
      iban: finnish.normalizeIban('fi2112345600000785'),
      amountCents: finnish.parseAmountCents('1 234,50') ?? 0,
      reference: finnish.createRfReference(reference),
      dueDate: finnish.parseFinnishDate('5.3.2026'),
    });
    expect(finnish.parseVirtualBarcode(code)).toEqual({
      iban: 'FI21 1234 5600 0007 85',
      amountCents: 123450,
      reference: 'RF341234561',
      dueDate: '2026-03-05',
    });
    expect(finnish.finnishBic('FI21 1234 5600 0007 85')).toBe('NDEAFIHH');
  });
});
