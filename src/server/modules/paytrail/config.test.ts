import { describe, expect, it } from 'vitest';
import { paytrailFrom } from '../../config';
import { paymentIdOfReference } from '../../../shared/schemas/payments';
import { referenceOf } from '../payments/online';

describe('Paytrail configuration', () => {
  it('takes both credentials, with the real API by default; neither means the test bank', () => {
    expect(paytrailFrom({ PAYTRAIL_MERCHANT_ID: '375917', PAYTRAIL_SECRET: 'SAIPPUAKAUPPIAS' })).toEqual({ merchantId: '375917', secret: 'SAIPPUAKAUPPIAS', url: 'https://services.paytrail.com' });
    expect(paytrailFrom({ PAYTRAIL_MERCHANT_ID: '1', PAYTRAIL_SECRET: 's', PAYTRAIL_URL: 'http://127.0.0.1:9' })?.url).toBe('http://127.0.0.1:9');
    expect(paytrailFrom({})).toBeNull();
    expect(paytrailFrom({ PAYTRAIL_MERCHANT_ID: ' ', PAYTRAIL_SECRET: '' })).toBeNull();
  });

  it('refuses one credential without the other', () => {
    expect(() => paytrailFrom({ PAYTRAIL_MERCHANT_ID: '375917' })).toThrow(/PAYTRAIL_SECRET/);
    expect(() => paytrailFrom({ PAYTRAIL_SECRET: 'x' })).toThrow(/PAYTRAIL_MERCHANT_ID/);
  });
});

describe('checkout reference', () => {
  it('carries the payment item id after the second dash', () => {
    const id = '0f8c2f1e-3b7a-4c2d-9e1f-5a6b7c8d9e0f';
    expect(paymentIdOfReference(referenceOf(3, id))).toBe(id);
    expect(paymentIdOfReference('seura-1-ei-uuid')).toBeNull();
    expect(paymentIdOfReference('')).toBeNull();
  });
});
