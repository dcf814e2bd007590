import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finnishMobileProblem, formatFinnishMobile, isFinnishMobile, memberPhoneProblem, normalizeFinnishMobile, normalizeMemberPhone } from './phone';

describe('normalizeFinnishMobile', () => {
  it.each([
    ['040 123 4567', '+358401234567'],
    ['0401234567', '+358401234567'],
    ['040-1234567', '+358401234567'],
    ['(040) 123 4567', '+358401234567'],
    ['+358 40 1234567', '+358401234567'],
    ['+358 (0)40 123 4567', '+358401234567'],
    ['00358401234567', '+358401234567'],
    ['  050 123 4567  ', '+358501234567'],
    ['0457 123 4567', '+3584571234567'],
    ['041 123 4567', '+358411234567'],
  ])('%s → %s', (input, e164) => {
    expect(normalizeFinnishMobile(input)).toBe(e164);
  });

  it.each([
    ['09 123 4567', 'Helsinki landline'],
    ['+358 18 12345', 'Åland landline'],
    ['0700 123456', 'premium-rate service'],
    ['+358 20 1234567', 'national service number'],
    ['+46 70 123 45 67', 'Swedish mobile'],
    ['+35840123456789', 'too long'],
    ['040', 'too short'],
    ['abc', 'not a number'],
    ['040 123 4567 ext. 5', 'extension text'],
    ['', 'empty'],
  ])('%s is not a Finnish mobile (%s)', (input) => {
    expect(normalizeFinnishMobile(input)).toBeNull();
    expect(isFinnishMobile(input)).toBe(false);
  });

  it('isFinnishMobile agrees', () => {
    expect(isFinnishMobile('040 123 4567')).toBe(true);
  });
});

describe('finnishMobileProblem and formatFinnishMobile', () => {
  it('tells format, length and prefix problems apart', () => {
    expect(finnishMobileProblem('040 123 4567')).toBeNull();
    expect(finnishMobileProblem('040-abc-4567')).toBe('format');
    expect(finnishMobileProblem('040 12')).toBe('length');
    expect(finnishMobileProblem('09 1234 5678')).toBe('prefix');
    expect(finnishMobileProblem('+46 70 123 45 67')).toBe('prefix');
  });

  it('writes E.164 numbers the Finnish way', () => {
    expect(formatFinnishMobile('+358401234567')).toBe('040 123 4567');
    expect(formatFinnishMobile('+3584571234567')).toBe('045 712 34567');
  });
});

describe('member phone numbers: Finnish and foreign mobiles', () => {
  it.each([
    ['040 123 4567', '+358401234567'],
    ['+358 40 1234567', '+358401234567'],
    ['+46 70 123 45 67', '+46701234567'],
    ['0046 70 123 45 67', '+46701234567'],
    ['+372 5123 4567', '+37251234567'],
    ['+41 78 123 45 67', '+41781234567'],
    ['+49 151 23456789', '+4915123456789'],
  ])('%s → %s', (input, e164) => {
    expect(normalizeMemberPhone(input)).toBe(e164);
    expect(memberPhoneProblem(input)).toBeNull();
  });

  it.each([
    ['09 1234 5678', 'prefix', 'Finnish landline'],
    ['040 12', 'length', 'Finnish, too short'],
    ['040-abc', 'format', 'letters'],
    ['+46 8 123 456 78', 'prefix', 'Stockholm landline'],
    ['+46 70', 'length', 'foreign, too short'],
    ['+46 70 123 45 67 89 01', 'length', 'foreign, too long'],
    ['+999 123 456', 'prefix', 'no such country'],
  ])('%s is refused as %s (%s)', (input, problem) => {
    expect(memberPhoneProblem(input)).toBe(problem);
    expect(normalizeMemberPhone(input)).toBeNull();
  });

  it('agrees with itself: a number without a problem always normalises (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('+46 70', '+372 5', '+41 7', '040 ', '+358 50 ', '+44 7'), fc.stringMatching(/^[0-9 ]{0,12}$/), (start, rest) => {
        const input = start + rest;
        const problem = memberPhoneProblem(input);
        const e164 = normalizeMemberPhone(input);
        expect(problem === null).toBe(e164 !== null);
        if (e164) expect(normalizeMemberPhone(formatFinnishMobile(e164))).toBe(e164);
      }),
    );
  });

  it('shows foreign numbers internationally, Finnish ones nationally', () => {
    expect(formatFinnishMobile('+46701234567')).toBe('+46 70 123 45 67');
    expect(formatFinnishMobile('+37251234567')).toBe('+372 5123 4567');
    expect(formatFinnishMobile('+358401234567')).toBe('040 123 4567');
    expect(formatFinnishMobile('not a number')).toBe('not a number');
  });
});
