// Message prices and the arithmetic of a message's price, in integer cents.
// The preview and the payment item both call messagePrice with the same inputs,
// so the price shown in preview is the price charged.
import { z } from 'zod';
import { TIERS, TIER_DISCOUNT_PERCENT, type Tier } from '../constants';
import type { MessageMedia } from './media';

export const MESSAGE_CONTEXTS = ['announcement', 'invoice', 'reminder', 'updreq', 'membercard'] as const;
export type MessageContext = (typeof MESSAGE_CONTEXTS)[number];

export const PRICE_ROW_TYPES = ['email', 'sms_part', 'letter_first_page', 'letter_extra_page', 'pdf'] as const;
export type PriceRowType = (typeof PRICE_ROW_TYPES)[number];

/** Online payments charge at least this (0,95 €): the payment provider's own fee. */
export const DEFAULT_PT_MINIMUM_CENTS = 95;

// A unit price: a non-negative whole number of cents, capped so sums stay exact.
const cents = z.number().int().min(0).max(100_000);

const perMessage = z.object({
  cents,
  /** Free in this tier and every higher one (a price that only the Free tier pays). */
  free_from: z.enum(TIERS).optional(),
});
const mediumPrices = z.object({
  email: perMessage,
  sms: z.object({ sms_part: cents }),
  letter: z.object({ first_page: cents, extra_page: cents }),
  pdf: perMessage,
});

/** A whole price list: every context × medium, plus the online-payment minimum. Checks a deployment's override file. */
export const messagePricesSchema = z.object({
  pt_minimum: cents,
  announcement: mediumPrices,
  invoice: mediumPrices,
  reminder: mediumPrices,
  updreq: mediumPrices,
  membercard: mediumPrices,
});
export type MessagePrices = z.infer<typeof messagePricesSchema>;

// Defaults, chosen from Finnish service prices of 2026:
// - email and self-printed PDF cost nothing to send;
// - SMS 8 c per part (a 153/160-unit part), about what Finnish SMS gateways charge;
// - a letter 1,50 € for its first page (printing, envelope, economy postage in a C5
//   window envelope) and 0,15 € for each further page (printing and weight only);
// - an update request by email costs 0,10 € per recipient in the Free tier and is
//   free from Start up.
const standard = {
  email: { cents: 0 },
  sms: { sms_part: 8 },
  letter: { first_page: 150, extra_page: 15 },
  pdf: { cents: 0 },
};
export const DEFAULT_MESSAGE_PRICES: MessagePrices = messagePricesSchema.parse({
  pt_minimum: DEFAULT_PT_MINIMUM_CENTS,
  announcement: standard,
  invoice: standard,
  reminder: standard,
  updreq: { ...standard, email: { cents: 10, free_from: 'Start' } },
  membercard: standard,
});

export interface MessageCounts {
  /** Recipients × this medium: one email, SMS message, letter or PDF each. */
  messages: number;
  /** SMS parts of all the messages together; defaults to one part per message. */
  smsParts?: number;
  /** Letter pages of all the letters together (each letter has at least one); defaults to one page per letter. */
  pages?: number;
}

export interface PriceRow {
  type: PriceRowType;
  count: number;
  unit_cents: number;
  total_cents: number;
}

export interface MessagePrice {
  rows: PriceRow[];
  /** The tier discount, taken off page rows only. */
  discount_cents: number;
  /** Sum of the rows' totals minus the discount. */
  total_cents: number;
}

export interface MessagePriceInput {
  context: MessageContext;
  media: MessageMedia;
  counts: MessageCounts;
  tier: Tier;
  /** A deployment's price list; the defaults when left out. */
  prices?: MessagePrices;
}

function count(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return value;
}

function tierAtLeast(tier: Tier, from: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(from);
}

function row(type: PriceRowType, n: number, unit: number): PriceRow[] {
  return n > 0 ? [{ type, count: n, unit_cents: unit, total_cents: n * unit }] : [];
}

function unitRows(input: MessagePriceInput, list: MessagePrices): PriceRow[] {
  const { counts, tier } = input;
  const messages = count(counts.messages, 'messages');
  const prices = list[input.context];
  switch (input.media) {
    case 'email':
    case 'pdf': {
      const p = prices[input.media];
      const unit = p.free_from && tierAtLeast(tier, p.free_from) ? 0 : p.cents;
      return row(input.media, messages, unit);
    }
    case 'sms':
      return row('sms_part', count(counts.smsParts ?? messages, 'smsParts'), prices.sms.sms_part);
    case 'letter': {
      const pages = count(counts.pages ?? messages, 'pages');
      // Every letter has a first page; a page count below the letter count is a caller's bug.
      if (pages < messages) throw new RangeError('pages must be at least the number of letters');
      return [
        ...row('letter_first_page', messages, prices.letter.first_page),
        ...row('letter_extra_page', pages - messages, prices.letter.extra_page),
      ];
    }
  }
}

const PAGE_ROWS: ReadonlySet<PriceRowType> = new Set(['letter_first_page', 'letter_extra_page']);

/**
 * A message's price rows, tier discount and total. The tier discount applies to
 * page prices only, and is computed once on the summed page total and rounded to
 * the nearest cent, halves up; so it never exceeds the page total, the total is
 * never negative, and more units never cost less.
 */
export function messagePrice(input: MessagePriceInput): MessagePrice {
  const rows = unitRows(input, input.prices ?? DEFAULT_MESSAGE_PRICES);
  const sum = rows.reduce((s, r) => s + r.total_cents, 0);
  const pageTotal = rows.filter((r) => PAGE_ROWS.has(r.type)).reduce((s, r) => s + r.total_cents, 0);
  const discount = Math.floor((pageTotal * TIER_DISCOUNT_PERCENT[input.tier] + 50) / 100);
  return { rows, discount_cents: discount, total_cents: sum - discount };
}

/** What an online payment charges: at least the minimum, but nothing when there is nothing to pay. */
export function onlineCharge(amountCents: number, ptMinimumCents: number = DEFAULT_PT_MINIMUM_CENTS): number {
  count(amountCents, 'amountCents');
  if (amountCents === 0) return 0;
  return Math.max(amountCents, ptMinimumCents);
}

/** Paying by balance needs a balance of at least the original amount. */
export function balanceCovers(balanceCents: number, originalAmountCents: number): boolean {
  return balanceCents >= originalAmountCents;
}
