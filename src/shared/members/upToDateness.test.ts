import { describe, expect, it } from 'vitest';
import { emailUpToDateness, memberUpToDateness, smsUpToDateness } from './upToDateness';

describe('up-to-dateness', () => {
  it('sends SMS to Finnish mobiles only; foreign mobiles are unsupported', () => {
    expect(smsUpToDateness('+358401234567')).toBe('unused');
    expect(smsUpToDateness('+358401234567', 'confirmed')).toBe('confirmed');
    expect(smsUpToDateness('+46701234567')).toBe('unsupported');
    expect(smsUpToDateness('+46701234567', 'sent')).toBe('unsupported');
    expect(smsUpToDateness('+3725123456')).toBe('unsupported');
    expect(smsUpToDateness(null)).toBe('missing');
    expect(smsUpToDateness('')).toBe('missing');
  });

  it('has an email state from the address and the last delivery', () => {
    expect(emailUpToDateness('a@b.fi')).toBe('unused');
    expect(emailUpToDateness('a@b.fi', 'bounced')).toBe('bounced');
    expect(emailUpToDateness(null)).toBe('missing');
  });

  it('gives both media of a member', () => {
    expect(memberUpToDateness({ email: null, phone: '+41781234567' })).toEqual({ email: 'missing', sms: 'unsupported' });
  });
});
