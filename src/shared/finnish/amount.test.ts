import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, parseAmountCents, parseSignedAmountCents } from './amount';

const intl = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' });

describe('parseAmountCents', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['12,50', 1250],
    ['12.50', 1250],
    ['0,01', 1],
    ['0', 0],
    [' 7 ', 700],
    ['1 234,50', 123450],
    ['1\u00a0234,50', 123450],
    ['1\u202f234,50', 123450],
    ['1 000 000', 100000000],
    ['1 234,50 €', 123450],
    ['1234,50€', 123450],
  ])('%j → %i', (input, cents) => {
    expect(parseAmountCents(input)).toBe(cents);
  });

  it.each(['', '€', 'abc', '12,505', '12,', ',50', '.5', '-12', '+12', '12,5,0', '1e3', '12 € 50', '99999999999999999'])(
    '%j → null',
    (input) => {
      expect(parseAmountCents(input)).toBeNull();
    },
  );
});

describe('parseSignedAmountCents', () => {
  it('also accepts a leading minus, ASCII or U+2212', () => {
    expect(parseSignedAmountCents('-12,50')).toBe(-1250);
    expect(parseSignedAmountCents('\u221212,50')).toBe(-1250);
    expect(parseSignedAmountCents('12,50')).toBe(1250);
    expect(parseSignedAmountCents('-0,00')).toBe(0);
    expect(Object.is(parseSignedAmountCents('-0'), 0)).toBe(true);
    expect(parseSignedAmountCents('--1')).toBeNull();
    expect(parseSignedAmountCents('-')).toBeNull();
    expect(parseSignedAmountCents('1-')).toBeNull();
  });
});

describe('formatAmount', () => {
  it('writes cents as Intl fi-FI EUR does', () => {
    expect(formatAmount(123450)).toBe(intl.format(1234.5));
    expect(formatAmount(123450).replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234,50 €');
    expect(formatAmount(1).replace(/[\u00a0\u202f]/g, ' ')).toBe('0,01 €');
    expect(formatAmount(0)).toBe(intl.format(0));
    expect(formatAmount(-0)).toBe(intl.format(0));
    expect(formatAmount(-123450)).toBe(intl.format(-1234.5));
    expect(formatAmount(100000000)).toBe(intl.format(1000000));
  });

  it('matches Intl for any amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatAmount(cents)).toBe(intl.format(cents === 0 ? 0 : cents / 100));
      }),
    );
  });

  it('throws RangeError for non-integer cents', () => {
    expect(() => formatAmount(1.5)).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
  });

  it('parses back with parseAmountCents and parseSignedAmountCents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseAmountCents(formatAmount(cents))).toBe(cents);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseSignedAmountCents(formatAmount(cents))).toBe(cents);
      }),
    );
  });
});
