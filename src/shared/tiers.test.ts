import { describe, expect, it } from 'vitest';
import { TIERS } from './constants';
import { messagePrice, DEFAULT_MESSAGE_PRICES } from './messages/prices';
import { parseTier, tierLimits } from './tiers';

describe('tier limits', () => {
  it('gives each tier its discount, update-request price, group mail and expense-claim limits', () => {
    expect(TIERS.map((t) => tierLimits(t))).toEqual([
      { tier: 'Free', message_discount_percent: 0, updreq_email_free: false, group_mail_max_members: 50, expense_claims_per_year: 10 },
      { tier: 'Start', message_discount_percent: 10, updreq_email_free: true, group_mail_max_members: 200, expense_claims_per_year: 50 },
      { tier: 'Plus', message_discount_percent: 20, updreq_email_free: true, group_mail_max_members: 1000, expense_claims_per_year: 200 },
      { tier: 'Premium', message_discount_percent: 30, updreq_email_free: true, group_mail_max_members: 5000, expense_claims_per_year: null },
    ]);
  });

  it('says update requests are free exactly when the price list charges nothing for them', () => {
    for (const tier of TIERS) {
      const price = messagePrice({ context: 'updreq', media: 'email', counts: { messages: 3 }, tier });
      expect(tierLimits(tier).updreq_email_free).toBe(price.total_cents === 0);
    }
    const allFree = { ...DEFAULT_MESSAGE_PRICES, updreq: { ...DEFAULT_MESSAGE_PRICES.updreq, email: { cents: 0 } } };
    expect(tierLimits('Free', allFree).updreq_email_free).toBe(true);
    const neverFree = { ...DEFAULT_MESSAGE_PRICES, updreq: { ...DEFAULT_MESSAGE_PRICES.updreq, email: { cents: 10 } } };
    expect(tierLimits('Premium', neverFree).updreq_email_free).toBe(false);
  });

  it('reads tier names case-insensitively', () => {
    expect(parseTier(' plus ')).toBe('Plus');
    expect(parseTier('Gold')).toBeNull();
  });
});
