import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { composeIBAN } from 'ibantools';
import { parseVirtualBarcode, virtualBarcode } from './barcode';
import type { VirtualBarcodeData } from './barcode';
import { normalizeIban } from './iban';
import { createReference } from './reference';
import { createRfReference } from './rf-reference';

// The nine example invoices of Finanssiala's "Pankkiviivakoodi-opas" v5.3,
// each in version 4 (Finnish reference) and version 5 (RF reference).
const GUIDE: { v4: VirtualBarcodeData; code4: string; v5: VirtualBarcodeData; code5: string }[] = [
  {
    v4: { iban: 'FI79 4405 2020 0360 82', amountCents: 488315, reference: '86851 62596 19897', dueDate: '2010-06-12' },
    code4: '479440520200360820048831500000000868516259619897100612',
    v5: { iban: 'FI79 4405 2020 0360 82', amountCents: 488315, reference: 'RF09 8685 1625 9619 897', dueDate: '2010-06-12' },
    code5: '579440520200360820048831509000000868516259619897100612',
  },
  {
    v4: { iban: 'FI58 1017 1000 0001 22', amountCents: 48299, reference: '55958 22432 94671', dueDate: '2012-01-31' },
    code4: '458101710000001220004829900000000559582243294671120131',
    v5: { iban: 'FI58 1017 1000 0001 22', amountCents: 48299, reference: 'RF06 5595 8224 3294 671', dueDate: '2010-01-31' },
    code5: '558101710000001220004829906000000559582243294671100131',
  },
  {
    v4: { iban: 'FI02 5000 4640 0013 02', amountCents: 69380, reference: '69 87567 20834 35364', dueDate: '2011-07-24' },
    code4: '402500046400013020006938000000069875672083435364110724',
    v5: { iban: 'FI02 5000 4640 0013 02', amountCents: 69380, reference: 'RF61 6987 5672 0839', dueDate: '2011-07-24' },
    code5: '502500046400013020006938061000000000698756720839110724',
  },
  {
    v4: { iban: 'FI15 6601 0001 5306 41', amountCents: 744454, reference: '7 75847 47906 47489', dueDate: '2019-12-19' },
    code4: '415660100015306410074445400000007758474790647489191219',
    v5: { iban: 'FI15 6601 0001 5306 41', amountCents: 744454, reference: 'RF84 7758 4747 9064 7489', dueDate: '2019-12-19' },
    code5: '515660100015306410074445484000007758474790647489191219',
  },
  {
    v4: { iban: 'FI16 8000 1400 0502 67', amountCents: 93585, reference: '78 77767 96566 28687', dueDate: null },
    code4: '416800014000502670009358500000078777679656628687000000',
    v5: { iban: 'FI16 8000 1400 0502 67', amountCents: 93585, reference: 'RF60 7877 7679 6566 2868 7', dueDate: null },
    code5: '516800014000502670009358560000078777679656628687000000',
  },
  {
    v4: { iban: 'FI73 3131 3001 0000 58', amountCents: 0, reference: '8 68624', dueDate: '2013-08-09' },
    code4: '473313130010000580000000000000000000000000868624130809',
    v5: { iban: 'FI73 3131 3001 0000 58', amountCents: 0, reference: 'RF10 8686 24', dueDate: '2013-08-09' },
    code5: '573313130010000580000000010000000000000000868624130809',
  },
  {
    v4: { iban: 'FI83 3301 0001 1007 75', amountCents: 15000020, reference: '92125 37425 25398 97737', dueDate: '2016-05-25' },
    code4: '483330100011007751500002000092125374252539897737160525',
    v5: { iban: 'FI83 3301 0001 1007 75', amountCents: 15000020, reference: 'RF71 9212 5374 2525 3989 7737', dueDate: '2016-05-25' },
    code5: '583330100011007751500002071092125374252539897737160525',
  },
  {
    v4: { iban: 'FI39 3636 3002 0924 92', amountCents: 103, reference: '5907 38390', dueDate: '2023-03-11' },
    code4: '439363630020924920000010300000000000000590738390230311',
    v5: { iban: 'FI39 3636 3002 0924 92', amountCents: 103, reference: 'RF66 5907 3839 0', dueDate: '2023-03-11' },
    code5: '539363630020924920000010366000000000000590738390230311',
  },
  {
    v4: { iban: 'FI92 3939 0001 0033 91', amountCents: 2, reference: '13 57914', dueDate: '2099-12-24' },
    code4: '492393900010033910000000200000000000000001357914991224',
    v5: { iban: 'FI92 3939 0001 0033 91', amountCents: 2, reference: 'RF95 1357 914', dueDate: '2099-12-24' },
    code5: '592393900010033910000000295000000000000001357914991224',
  },
];

const compact = (s: string) => s.replace(/\s+/g, '');

describe('virtualBarcode', () => {
  it.each(GUIDE.map((g, i) => [i + 1, g] as const))('matches guide invoice %i', (_n, g) => {
    expect(virtualBarcode(g.v4)).toBe(g.code4);
    expect(virtualBarcode(g.v5)).toBe(g.code5);
    expect(g.code4).toHaveLength(54);
    expect(g.code5).toHaveLength(54);
  });

  it('writes amount 0 when the amount is over 999 999,99 €', () => {
    const base = GUIDE[0]?.v4;
    if (!base) throw new Error('missing vector');
    expect(virtualBarcode({ ...base, amountCents: 99_999_999 }).slice(17, 25)).toBe('99999999');
    expect(virtualBarcode({ ...base, amountCents: 100_000_000 }).slice(17, 25)).toBe('00000000');
  });

  it('writes 20 zeros for no reference, and reads them back as none (a payment to a person)', () => {
    const code = virtualBarcode({ iban: 'FI79 4405 2020 0360 82', amountCents: 12_345, reference: '', dueDate: null });
    expect(code).toBe(`479440520200360820001234500000000000000000000000000000`);
    expect(parseVirtualBarcode(code)).toEqual({ iban: 'FI79 4405 2020 0360 82', amountCents: 12_345, reference: '', dueDate: null });
  });

  it('throws RangeError for bad input', () => {
    const base = { iban: 'FI79 4405 2020 0360 82', amountCents: 100, reference: '1234561', dueDate: null };
    expect(() => virtualBarcode({ ...base, iban: 'DE89 3704 0044 0532 0130 00' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, iban: 'FI79 4405 2020 0360 83' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, reference: '1234562' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, reference: 'RF34 2348 236' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, reference: 'RF47 ABC1 23' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, amountCents: -1 })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, amountCents: 1.5 })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, dueDate: '1999-12-31' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, dueDate: '2100-01-01' })).toThrow(RangeError);
    expect(() => virtualBarcode({ ...base, dueDate: '2026-02-30' })).toThrow(RangeError);
  });
});

describe('parseVirtualBarcode', () => {
  it.each(GUIDE.map((g, i) => [i + 1, g] as const))('reads guide invoice %i back', (_n, g) => {
    expect(parseVirtualBarcode(g.code4)).toEqual({ ...g.v4, reference: compact(g.v4.reference) });
    expect(parseVirtualBarcode(g.code5)).toEqual({ ...g.v5, reference: compact(g.v5.reference) });
  });

  it('rejects malformed codes', () => {
    const good = '479440520200360820048831500000000868516259619897100612';
    expect(() => parseVirtualBarcode(good.slice(1))).toThrow(RangeError);
    expect(() => parseVirtualBarcode(`3${good.slice(1)}`)).toThrow(RangeError);
    expect(() => parseVirtualBarcode(`${good.slice(0, 53)}x`)).toThrow(RangeError);
    // Broken IBAN check digits.
    expect(() => parseVirtualBarcode(`480${good.slice(3)}`)).toThrow(RangeError);
    // Reserved digits of version 4 not zero.
    expect(() => parseVirtualBarcode(`${good.slice(0, 25)}001${good.slice(28)}`)).toThrow(RangeError);
    // Wrong Finnish reference check digit.
    expect(() => parseVirtualBarcode(`${good.slice(0, 47)}8${good.slice(48)}`)).toThrow(RangeError);
    // Wrong RF check digits.
    const rf = '579440520200360820048831509000000868516259619897100612';
    expect(() => parseVirtualBarcode(`${rf.slice(0, 25)}10${rf.slice(27)}`)).toThrow(RangeError);
    // Impossible due date.
    expect(() => parseVirtualBarcode(`${good.slice(0, 48)}100230`)).toThrow(RangeError);
  });

  it('round-trips virtualBarcode (property)', () => {
    const iban = fc.stringMatching(/^\d{14}$/).map((bban) => {
      const composed = composeIBAN({ countryCode: 'FI', bban });
      if (!composed) throw new Error('composeIBAN failed');
      return normalizeIban(composed);
    });
    // Leading zeros are padding in the barcode, so generated references have none.
    const finnish = fc.stringMatching(/^[1-9]\d{2,18}$/).map(createReference);
    const reference = fc.oneof(finnish, finnish.map(createRfReference));
    const dueDate = fc.option(
      fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }).map((ms) =>
        new Date(ms).toISOString().slice(0, 10),
      ),
    );
    const amountCents = fc.integer({ min: 0, max: 99_999_999 });
    fc.assert(
      fc.property(fc.record({ iban, amountCents, reference, dueDate }), (input) => {
        expect(parseVirtualBarcode(virtualBarcode(input))).toEqual(input);
      }),
    );
  });
});
