import { describe, expect, it } from 'vitest';
import { parseStatement } from './index';
import { errorOf, fixture } from './testing';
import { ktl } from '../../../test/factories/bank-statements';

// KTL on the published example file and on files the builder writes.

describe('KTL example file (Saapuvat viitemaksut)', () => {
  const parsed = parseStatement(fixture('finanssiala-ktl.txt'));

  it('reads the payment records, checked against the totals record', () => {
    expect(parsed.format).toBe('ktl');
    // 7 reference payments and 4 direct debits = the totals record's 11 records, 8 602,89 €.
    expect(parsed.payments).toHaveLength(11);
    expect(parsed.payments.reduce((s, p) => s + p.amount_c, 0)).toBe(860289);
    // The two direct debits with a feedback code failed: no money, ignored.
    expect(parsed.ignored).toBe(2);
  });

  it('takes each field from its position: account as IBAN, dates, archive id, reference without padding, payer', () => {
    expect(parsed.accounts).toEqual(['FI4819503000000010']);
    expect(parsed.payments[0]).toEqual({
      archive_id: '03025LM     6545',
      account: 'FI4819503000000010',
      amount_c: 32324,
      booking_date: '2006-03-03',
      value_date: '2006-03-02',
      payer_name: 'LOPEN PERUNA',
      reference: '13',
      message: '',
    });
    expect(parsed.payments[6]).toMatchObject({ archive_id: '0303258878BA0114', reference: '3088187', payer_name: 'NELLI & CO', amount_c: 85550 });
  });

  it('refuses the file whose totals record does not match its records, saying both', () => {
    const e = errorOf(() => parseStatement(fixture('corporatejs-ktl-with-added-record.txt')));
    expect(e.key).toBe('bank_ktl_totals_mismatch');
    expect(e.params).toMatchObject({ count: '12', sum: '8\u00a0822,89\u00a0€', total_count: '11', total_sum: '8\u00a0602,89\u00a0€' });
  });

  it('reads LF, CR and trimmed trailing spaces alike, and a file in ISO-8859-1', () => {
    const text = fixture('finanssiala-ktl.txt').toString('latin1');
    for (const variant of [text.replace(/\r\n/g, '\n'), text.replace(/\r\n/g, '\r'), text.replace(/ +\r\n/g, '\r\n')]) {
      expect(parseStatement(Buffer.from(variant))).toEqual(parsed);
    }
    const latin = Buffer.from(text.replace('LOPEN PERUNA', 'LÖPÖN PERUNA'), 'latin1');
    expect(parseStatement(latin).payments[0]!.payer_name).toBe('LÖPÖN PERUNA');
  });

  it('gives the line of a malformed record', () => {
    const lines = fixture('finanssiala-ktl.txt').toString('latin1').split('\r\n');
    const broken = [...lines];
    broken[3] = broken[3]!.slice(0, 77) + 'x'.repeat(10) + broken[3]!.slice(87);
    const e = errorOf(() => parseStatement(Buffer.from(broken.join('\r\n'))));
    expect(e).toMatchObject({ key: 'bank_file_unreadable', params: { line: '4' } });
    const tooLong = [...lines];
    tooLong[2] = `${tooLong[2]}X`;
    expect(errorOf(() => parseStatement(Buffer.from(tooLong.join('\n'))))).toMatchObject({ key: 'bank_file_unreadable', params: { line: '3' } });
    const noTotals = lines.filter((l) => !l.startsWith('9'));
    expect(errorOf(() => parseStatement(Buffer.from(noTotals.join('\r\n')))).key).toBe('bank_file_unreadable');
  });
});

describe('KTL files from the builder', () => {
  const account = 'FI21 1234 5600 0007 85';

  it('counts correction records as ignored, and checks them against their own totals', () => {
    const text = ktl({ account, payments: [{ amount_c: 2500, reference: '1232' }, { amount_c: 2500, reference: '1232', correction: true }, { amount_c: 100, reference: '1245' }] });
    const parsed = parseStatement(Buffer.from(text));
    expect(parsed.payments.map((p) => p.amount_c)).toEqual([2500, 100]);
    expect(parsed.ignored).toBe(1);
    expect(parsed.accounts).toEqual(['FI2112345600000785']);
  });

  it('refuses a totals record with a wrong count or a wrong sum', () => {
    const payments = [{ amount_c: 2500, reference: '1232' }, { amount_c: 1999, reference: '1245' }];
    expect(errorOf(() => parseStatement(Buffer.from(ktl({ account, payments, totalsOverride: { count: 3 } }))))).toMatchObject({ key: 'bank_ktl_totals_mismatch', params: { count: '2', total_count: '3' } });
    expect(errorOf(() => parseStatement(Buffer.from(ktl({ account, payments, totalsOverride: { sum_c: 4498 } }))))).toMatchObject({
      key: 'bank_ktl_totals_mismatch',
      params: { sum: '44,99\u00a0€', total_sum: '44,98\u00a0€' },
    });
  });

  it('reads the old 7-bit Scandinavian letters of the payer name', () => {
    const text = ktl({ account, payments: [{ amount_c: 100, payer_name: 'M[KINEN \\ST]' }] });
    expect(parseStatement(Buffer.from(text)).payments[0]!.payer_name).toBe('MÄKINEN ÖSTÅ');
  });
});
