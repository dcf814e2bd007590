import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deliveryToken, readDeliveryToken } from './tokens';

describe('delivery tokens', () => {
  it('read back the id they carry, for every purpose', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.constantFrom('show' as const, 'verp' as const, 'sms' as const), (id, purpose) => {
        expect(readDeliveryToken('s3cret', purpose, deliveryToken('s3cret', purpose, id))).toBe(id);
      }),
    );
  });

  it('refuse another id, another purpose, another secret and junk', () => {
    const t = deliveryToken('s3cret', 'show', 42);
    const [, tag] = t.split('.');
    expect(readDeliveryToken('s3cret', 'show', `43.${tag}`)).toBeNull();
    expect(readDeliveryToken('s3cret', 'verp', t)).toBeNull();
    expect(readDeliveryToken('other', 'show', t)).toBeNull();
    expect(readDeliveryToken('s3cret', 'show', '42')).toBeNull();
    expect(readDeliveryToken('s3cret', 'show', '42.' + 'x'.repeat(200))).toBeNull();
  });

  it('keep the VERP form valid in an email local part even when a mail server upper-cases it', () => {
    const t = deliveryToken('s3cret', 'verp', 7);
    expect(t).toMatch(/^7\.[0-9a-f]+$/);
    expect(readDeliveryToken('s3cret', 'verp', t.toUpperCase())).toBe(7);
  });
});
