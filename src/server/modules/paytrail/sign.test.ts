import { describe, expect, it } from 'vitest';
import { sign, signaturePayload, verify, verifyQuery } from './sign';

// The public test merchant of the Paytrail documentation.
const SECRET = 'SAIPPUAKAUPPIAS';

describe('Paytrail signatures', () => {
  it("signs the documented create-payment example to the documented HMAC", () => {
    const headers = { 'checkout-account': '375917', 'checkout-algorithm': 'sha256', 'checkout-method': 'POST' };
    const body = {
      stamp: 'should-be-unique-for-merchant',
      reference: '3759170',
      amount: 1525,
      currency: 'EUR',
      language: 'FI',
      items: [{ unitPrice: 1525, units: 1, vatPercentage: 24, productCode: '#1234', deliveryDate: '2018-09-01' }],
      customer: { email: 'test.customer@example.com' },
      redirectUrls: { success: 'https://ecom.example.com/cart/success', cancel: 'https://ecom.example.com/cart/cancel' },
    };
    expect(sign(SECRET, headers, JSON.stringify(body))).toBe('84b454005a4f087076ad86cee8b4a646b18982998de7221db57646743cda7b81');
  });

  it('orders the checkout- names, leaves other names out, and ends with the body', () => {
    expect(signaturePayload({ 'checkout-b': '2', signature: 'x', 'checkout-a': '1', other: 'y' }, '{}')).toBe('checkout-a:1\ncheckout-b:2\n{}');
    expect(signaturePayload({ 'checkout-a': '1' }, '')).toBe('checkout-a:1\n');
  });

  it('verifies a signed redirect query and refuses any change, another secret or another algorithm', () => {
    const query: Record<string, string> = {
      'checkout-account': '375917',
      'checkout-algorithm': 'sha256',
      'checkout-amount': '2964',
      'checkout-stamp': '15336332710015',
      'checkout-reference': '192387192837195',
      'checkout-transaction-id': '4b300af6-9a22-11e8-9184-abb6de7fd2d0',
      'checkout-status': 'ok',
      'checkout-provider': 'nordea',
    };
    const signed = { ...query, signature: sign(SECRET, query) };
    expect(verifyQuery(SECRET, signed)).toBe(true);
    expect(verifyQuery(SECRET, { ...signed, signature: signed.signature.toUpperCase() })).toBe(true);
    expect(verifyQuery(SECRET, { ...signed, 'checkout-amount': '1' })).toBe(false);
    expect(verifyQuery(SECRET, { ...signed, 'checkout-status': 'fail' })).toBe(false);
    expect(verifyQuery('OTHER', signed)).toBe(false);
    expect(verifyQuery(SECRET, { ...signed, 'checkout-algorithm': 'sha512' })).toBe(false);
    expect(verifyQuery(SECRET, { ...query })).toBe(false);
    expect(verify(SECRET, query, '', 'zz')).toBe(false);
  });
});
