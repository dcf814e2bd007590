import { describe, expect, it } from 'vitest';
import { emailUpToDateness, memberUpToDateness, type RecordedOutcome, sameAddress, smsUpToDateness } from './upToDateness';

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

  describe('from recorded outcomes', () => {
    const at = '2026-03-05T12:05:00.000Z';
    const bounced: RecordedOutcome = { medium: 'email', address: 'matti@example.fi', outcome: 'bounced', at };
    const smsSent: RecordedOutcome = { medium: 'sms', address: '+358401234567', outcome: 'sent', at };

    it('uses the outcome while the member still has that address, with its time and address', () => {
      expect(memberUpToDateness({ email: 'matti@example.fi', phone: '+358401234567' }, [bounced, smsSent])).toEqual({
        email: 'bounced',
        email_at: at,
        email_address: 'matti@example.fi',
        sms: 'sent',
        sms_at: at,
        sms_address: '+358401234567',
      });
    });

    it('forgets an outcome about an older address or number', () => {
      expect(memberUpToDateness({ email: 'uusi@example.fi', phone: '+358501234567' }, [bounced, smsSent])).toEqual({ email: 'unused', sms: 'unused' });
    });

    it('compares email addresses without case, numbers exactly', () => {
      expect(sameAddress('email', 'Matti@Example.FI', 'matti@example.fi')).toBe(true);
      expect(sameAddress('sms', '+358401234567', '+358401234568')).toBe(false);
      expect(sameAddress('email', 'a@b.fi', null)).toBe(false);
    });

    it('keeps missing and unsupported whatever was recorded', () => {
      expect(memberUpToDateness({ email: null, phone: '+46701234567' }, [bounced, { ...smsSent, address: '+46701234567' }])).toEqual({ email: 'missing', sms: 'unsupported' });
    });

    it('takes the medium of each outcome', () => {
      const confirmed: RecordedOutcome = { medium: 'sms', address: 'matti@example.fi', outcome: 'confirmed', at };
      expect(memberUpToDateness({ email: 'matti@example.fi', phone: null }, [confirmed])).toEqual({ email: 'unused', sms: 'missing' });
    });
  });
});
