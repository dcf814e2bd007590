import { describe, expect, it } from 'vitest';
import { finnishBic, normalizeIban, validateIban } from './iban';

describe('normalizeIban', () => {
  it('uppercases, strips spaces and groups in fours', () => {
    expect(normalizeIban('fi7944052020036082')).toBe('FI79 4405 2020 0360 82');
    expect(normalizeIban(' FI79 4405  2020 0360 82 ')).toBe('FI79 4405 2020 0360 82');
    expect(normalizeIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(normalizeIban('')).toBe('');
  });
});

describe('validateIban', () => {
  it('accepts published example IBANs', () => {
    // The ECBS/Finanssiala Finnish example and the IBAN registry's German and British ones.
    expect(validateIban('FI21 1234 5600 0007 85')).toBeNull();
    expect(validateIban('fi2112345600000785')).toBeNull();
    expect(validateIban('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(validateIban('GB29 NWBK 6016 1331 9268 19')).toBeNull();
  });

  it('reports the wrong length', () => {
    expect(validateIban('FI21 1234 5600 0007 8')).toBe('wrong_length');
    expect(validateIban('FI21 1234 5600 0007 850')).toBe('wrong_length');
    expect(validateIban('')).toBe('wrong_length');
    expect(validateIban('F')).toBe('wrong_length');
  });

  it('reports an unknown country', () => {
    expect(validateIban('XX21 1234 5600 0007 85')).toBe('unknown_country');
    // The US has no IBAN.
    expect(validateIban('US21 1234 5600 0007 85')).toBe('unknown_country');
    expect(validateIban('1234')).toBe('unknown_country');
  });

  it('reports a failed check (and characters the format does not allow)', () => {
    expect(validateIban('FI21 1234 5600 0007 86')).toBe('invalid_checksum');
    expect(validateIban('FI22 1234 5600 0007 85')).toBe('invalid_checksum');
    expect(validateIban('FI21 1234 5600 0007 8X')).toBe('invalid_checksum');
  });
});

describe('finnishBic', () => {
  it.each([
    ['FI21 1234 5600 0007 85', 'NDEAFIHH'],
    ['FI58 1017 1000 0001 22', 'NDEAFIHH'],
    ['FI79 4405 2020 0360 82', 'ITELFIHH'],
    ['FI02 5000 4640 0013 02', 'OKOYFIHH'],
    ['FI15 6601 0001 5306 41', 'AABAFI22'],
    ['FI53 6774 9940 0035 46', 'AABAFI22'],
    ['FI16 8000 1400 0502 67', 'DABAFIHH'],
    ['FI73 3131 3001 0000 58', 'HANDFIHH'],
    ['FI83 3301 0001 1007 75', 'ESSEFIHX'],
    ['FI39 3636 3002 0924 92', 'SBANFIHH'],
    ['FI92 3939 0001 0033 91', 'SBANFIHH'],
    ['FI96 3958 5330 0094 37', 'SBANFIHH'],
    ['FI44 4732 7139 0004 28', 'POPFFI22'],
    ['FI52 7998 8090 0004 25', 'HOLVFIHH'],
  ])('%s → %s', (iban, bic) => {
    expect(finnishBic(iban)).toBe(bic);
  });

  it('returns null for foreign, invalid and unlisted accounts', () => {
    expect(finnishBic('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(finnishBic('FI21 1234 5600 0007 86')).toBeNull();
    // Valid IBAN, but bank code 9 has never been allocated.
    expect(validateIban('FI47 9000 0000 0000 00')).toBeNull();
    expect(finnishBic('FI47 9000 0000 0000 00')).toBeNull();
  });
});
