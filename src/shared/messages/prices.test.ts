import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TIERS } from '../constants';
import { formatAmount } from '../finnish/amount';
import {
  DEFAULT_MESSAGE_PRICES,
  MESSAGE_CONTEXTS,
  balanceCovers,
  messagePrice,
  messagePricesSchema,
  onlineCharge,
  type MessageCounts,
  type MessagePrices,
} from './prices';
import { MESSAGE_MEDIA } from './media';

const NBSP = '\u00a0';

describe('messagePrice: worked examples with the default prices', () => {
  it('120 SMS parts at 8 c cost 9,60 €, with no tier discount on SMS', () => {
    for (const tier of TIERS) {
      const p = messagePrice({ context: 'announcement', media: 'sms', counts: { messages: 60, smsParts: 120 }, tier });
      expect(p.rows).toEqual([{ type: 'sms_part', count: 120, unit_cents: 8, total_cents: 960 }]);
      expect(p.discount_cents).toBe(0);
      expect(formatAmount(p.total_cents)).toBe(`9,60${NBSP}€`);
    }
  });

  it('40 letters of 2 pages on Plus: 66,00 € of pages less 20 % is 52,80 €', () => {
    const p = messagePrice({ context: 'announcement', media: 'letter', counts: { messages: 40, pages: 80 }, tier: 'Plus' });
    expect(p.rows).toEqual([
      { type: 'letter_first_page', count: 40, unit_cents: 150, total_cents: 6000 },
      { type: 'letter_extra_page', count: 40, unit_cents: 15, total_cents: 600 },
    ]);
    expect(p.discount_cents).toBe(1320);
    expect(formatAmount(p.total_cents)).toBe(`52,80${NBSP}€`);
  });

  it('rounds the discount on the summed page total to the nearest cent, halves up', () => {
    // One letter of two pages: 1,65 €. Start 10 % = 16,5 c → 17 c; Premium 30 % = 49,5 c → 50 c.
    const letter = (tier: (typeof TIERS)[number]) =>
      messagePrice({ context: 'invoice', media: 'letter', counts: { messages: 1, pages: 2 }, tier });
    expect(letter('Free')).toMatchObject({ discount_cents: 0, total_cents: 165 });
    expect(letter('Start')).toMatchObject({ discount_cents: 17, total_cents: 148 });
    expect(letter('Plus')).toMatchObject({ discount_cents: 33, total_cents: 132 });
    expect(letter('Premium')).toMatchObject({ discount_cents: 50, total_cents: 115 });
  });

  it('counts one page per letter and one part per SMS when the counts are left out', () => {
    expect(messagePrice({ context: 'reminder', media: 'letter', counts: { messages: 3 }, tier: 'Free' }).rows).toEqual([
      { type: 'letter_first_page', count: 3, unit_cents: 150, total_cents: 450 },
    ]);
    expect(messagePrice({ context: 'reminder', media: 'sms', counts: { messages: 3 }, tier: 'Free' }).total_cents).toBe(24);
  });

  it('lists free email and PDF as rows of 0,00 €', () => {
    expect(messagePrice({ context: 'announcement', media: 'email', counts: { messages: 500 }, tier: 'Free' })).toEqual({
      rows: [{ type: 'email', count: 500, unit_cents: 0, total_cents: 0 }],
      discount_cents: 0,
      total_cents: 0,
    });
    expect(messagePrice({ context: 'membercard', media: 'pdf', counts: { messages: 5 }, tier: 'Free' }).total_cents).toBe(0);
  });

  it('charges an update request by email per recipient in Free and nothing from Start up', () => {
    const updreq = (tier: (typeof TIERS)[number]) =>
      messagePrice({ context: 'updreq', media: 'email', counts: { messages: 40 }, tier });
    expect(updreq('Free')).toEqual({
      rows: [{ type: 'email', count: 40, unit_cents: 10, total_cents: 400 }],
      discount_cents: 0,
      total_cents: 400,
    });
    for (const tier of ['Start', 'Plus', 'Premium'] as const) {
      expect(updreq(tier).rows).toEqual([{ type: 'email', count: 40, unit_cents: 0, total_cents: 0 }]);
      expect(updreq(tier).total_cents).toBe(0);
    }
  });

  it('prices no recipients at zero with no rows', () => {
    expect(messagePrice({ context: 'invoice', media: 'letter', counts: { messages: 0, pages: 0 }, tier: 'Free' })).toEqual({
      rows: [],
      discount_cents: 0,
      total_cents: 0,
    });
  });

  it('refuses counts that cannot be: negative, fractional, or fewer pages than letters', () => {
    const go = (media: 'sms' | 'letter', counts: MessageCounts) => () =>
      messagePrice({ context: 'announcement', media, counts, tier: 'Free' });
    expect(go('letter', { messages: -1 })).toThrow(RangeError);
    expect(go('letter', { messages: 1.5 })).toThrow(RangeError);
    expect(go('letter', { messages: 3, pages: 2 })).toThrow(RangeError);
    expect(go('sms', { messages: 1, smsParts: -2 })).toThrow(RangeError);
  });
});

describe('price list overrides', () => {
  const override: MessagePrices = {
    ...DEFAULT_MESSAGE_PRICES,
    pt_minimum: 120,
    announcement: { ...DEFAULT_MESSAGE_PRICES.announcement, sms: { sms_part: 6 }, letter: { first_page: 99, extra_page: 10 } },
  };

  it('the defaults pass the schema and cover every context × medium', () => {
    expect(messagePricesSchema.parse(DEFAULT_MESSAGE_PRICES)).toEqual(DEFAULT_MESSAGE_PRICES);
    for (const context of MESSAGE_CONTEXTS) {
      for (const media of MESSAGE_MEDIA) expect(DEFAULT_MESSAGE_PRICES[context][media]).toBeDefined();
    }
  });

  it("uses a deployment's prices instead of the defaults", () => {
    expect(messagePricesSchema.safeParse(override).success).toBe(true);
    const sms = messagePrice({ context: 'announcement', media: 'sms', counts: { messages: 10, smsParts: 20 }, tier: 'Free', prices: override });
    expect(sms.total_cents).toBe(120);
    const letter = messagePrice({ context: 'announcement', media: 'letter', counts: { messages: 2, pages: 3 }, tier: 'Premium', prices: override });
    // 198 + 10 = 208 c of pages; 30 % = 62,4 c → 62 c.
    expect(letter).toMatchObject({ discount_cents: 62, total_cents: 146 });
  });

  it('rejects an override file with a missing context, a negative, fractional or string price, or an unknown tier', () => {
    const bad: unknown[] = [
      { ...DEFAULT_MESSAGE_PRICES, reminder: undefined },
      { ...DEFAULT_MESSAGE_PRICES, pt_minimum: -1 },
      { ...DEFAULT_MESSAGE_PRICES, invoice: { ...DEFAULT_MESSAGE_PRICES.invoice, sms: { sms_part: 7.5 } } },
      { ...DEFAULT_MESSAGE_PRICES, invoice: { ...DEFAULT_MESSAGE_PRICES.invoice, sms: { sms_part: '8' } } },
      { ...DEFAULT_MESSAGE_PRICES, updreq: { ...DEFAULT_MESSAGE_PRICES.updreq, email: { cents: 10, free_from: 'Gold' } } },
    ];
    for (const list of bad) expect(messagePricesSchema.safeParse(list).success).toBe(false);
  });
});

describe('onlineCharge and balanceCovers', () => {
  it('charges at least the online-payment minimum of 0,95 €, and nothing when nothing is due', () => {
    expect(onlineCharge(0)).toBe(0);
    expect(onlineCharge(1)).toBe(95);
    expect(onlineCharge(95)).toBe(95);
    expect(onlineCharge(960)).toBe(960);
    expect(onlineCharge(50, 120)).toBe(120);
    expect(() => onlineCharge(-5)).toThrow(RangeError);
  });

  it('pays by balance only when the balance is at least the original amount', () => {
    expect(balanceCovers(1000, 1000)).toBe(true);
    expect(balanceCovers(1001, 1000)).toBe(true);
    expect(balanceCovers(999, 1000)).toBe(false);
    expect(balanceCovers(0, 0)).toBe(true);
  });
});

// Properties over any context, medium, tier, counts and (for the arithmetic) any valid price list.
const unit = fc.integer({ min: 0, max: 100_000 });
const perMessage = fc.record({ cents: unit, free_from: fc.option(fc.constantFrom(...TIERS), { nil: undefined }) });
const media = fc.record({
  email: perMessage,
  sms: fc.record({ sms_part: unit }),
  letter: fc.record({ first_page: unit, extra_page: unit }),
  pdf: perMessage,
});
const priceList: fc.Arbitrary<MessagePrices> = fc.record({
  pt_minimum: unit,
  announcement: media,
  invoice: media,
  reminder: media,
  updreq: media,
  membercard: media,
});
const counts: fc.Arbitrary<MessageCounts> = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 15 }))
  .map(([messages, parts, extraPages]) => ({ messages, smsParts: messages * parts, pages: messages * (1 + extraPages) }));
const message = fc.record({
  context: fc.constantFrom(...MESSAGE_CONTEXTS),
  media: fc.constantFrom(...MESSAGE_MEDIA),
  tier: fc.constantFrom(...TIERS),
  counts,
});
const isPage = (type: string) => type.startsWith('letter_');

describe('messagePrice properties', () => {
  it('total = sum of rows − discount; every figure a non-negative integer; discount ≤ page total', () => {
    fc.assert(
      fc.property(message, priceList, (m, prices) => {
        const p = messagePrice({ ...m, prices });
        const figures = [p.discount_cents, p.total_cents, ...p.rows.flatMap((r) => [r.count, r.unit_cents, r.total_cents])];
        for (const n of figures) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
        for (const r of p.rows) expect(r.total_cents).toBe(r.count * r.unit_cents);
        const sum = p.rows.reduce((s, r) => s + r.total_cents, 0);
        expect(p.total_cents).toBe(sum - p.discount_cents);
        const pages = p.rows.filter((r) => isPage(r.type)).reduce((s, r) => s + r.total_cents, 0);
        expect(p.discount_cents).toBeLessThanOrEqual(pages);
      }),
    );
  });

  it('more messages, SMS parts or pages never cost less', () => {
    fc.assert(
      fc.property(message, priceList, fc.nat(50), fc.nat(50), fc.nat(50), (m, prices, more, moreParts, morePages) => {
        const base = messagePrice({ ...m, prices }).total_cents;
        const c = m.counts;
        const bigger = {
          messages: c.messages + more,
          smsParts: (c.smsParts ?? 0) + more + moreParts,
          pages: (c.pages ?? 0) + more + morePages,
        };
        expect(messagePrice({ ...m, counts: bigger, prices }).total_cents).toBeGreaterThanOrEqual(base);
      }),
    );
  });

  it('a higher tier never pays more for the same message (Free ≥ Start ≥ Plus ≥ Premium)', () => {
    fc.assert(
      fc.property(message, priceList, (m, prices) => {
        const totals = TIERS.map((tier) => messagePrice({ ...m, tier, prices }).total_cents);
        for (let i = 1; i < totals.length; i++) expect(totals[i]).toBeLessThanOrEqual(totals[i - 1] ?? 0);
      }),
    );
  });

  it('the online charge is never below the amount, and is the minimum or the amount', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), unit, (amount, minimum) => {
        const charged = onlineCharge(amount, minimum);
        expect(charged).toBeGreaterThanOrEqual(amount);
        expect(amount === 0 ? [0] : [amount, minimum]).toContain(charged);
      }),
    );
  });
});
