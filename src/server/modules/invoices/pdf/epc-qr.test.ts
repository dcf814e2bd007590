import { describe, expect, it } from 'vitest';
import { epcPayload } from './epc-qr';
import { barcodeBars } from './barcode-bars';

describe('EPC QR payload', () => {
  const base = { bic: 'NDEAFIHH', name: 'Pihlaja ry', iban: 'FI21 1234 5600 0007 85', amountCents: 9040, reference: '10427' };

  it('a Finnish reference goes in the unstructured remittance line, an RF reference in the structured one', () => {
    expect(epcPayload(base)).toBe('BCD\n002\n1\nSCT\nNDEAFIHH\nPihlaja ry\nFI2112345600000785\nEUR90.40\n\n\n10427');
    expect(epcPayload({ ...base, reference: 'RF18 10427' })).toBe('BCD\n002\n1\nSCT\nNDEAFIHH\nPihlaja ry\nFI2112345600000785\nEUR90.40\n\nRF1810427\n');
  });

  it('an amount of zero leaves the amount to the payer; the name is cut at 70 characters; no BIC leaves its line empty', () => {
    const lines = epcPayload({ ...base, amountCents: 0, bic: null, name: 'x'.repeat(80) }).split('\n');
    expect(lines[4]).toBe('');
    expect(lines[5]).toHaveLength(70);
    expect(lines[7]).toBe('');
    expect(epcPayload({ ...base, amountCents: 100_000_000 }).split('\n')[7]).toBe('EUR1000000.00');
  });
});

describe('virtual barcode bars', () => {
  it('Code 128C of 54 digits: start, 27 digit pairs, check and stop (332 modules) between 26-module quiet zones', () => {
    const b = barcodeBars('4'.padEnd(54, '1'));
    expect(b.modules).toBe(332 + 2 * 26);
    // 29 symbols of three bars and the stop symbol of four.
    expect(b.bars).toHaveLength(29 * 3 + 4);
    expect(b.bars[0]!.x).toBe(26);
    const last = b.bars.at(-1)!;
    expect(last.x + last.w).toBe(26 + 332);
    expect(() => barcodeBars('123')).toThrow(RangeError);
  });
});
