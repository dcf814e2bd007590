import { z } from 'zod';
import { TIERS, TIER_DISCOUNT_PERCENT, type Tier } from './constants';
import { DEFAULT_MESSAGE_PRICES, type MessagePrices } from './messages/prices';

// What each tier (Free, Start, Plus, Premium) allows: one table, read by the server's checks
// and shown on the settings page (settings reply `tier_limits_`). The message discount is
// TIER_DISCOUNT_PERCENT and whether update requests by email are free follows the price
// list's `free_from`, so neither can drift from what is charged.

/** Limits that are only numbers here; null: no limit. */
const TABLE: Record<Tier, { group_mail_max_members: number; expense_claims_per_year: number | null }> = {
  Free: { group_mail_max_members: 50, expense_claims_per_year: 10 },
  Start: { group_mail_max_members: 200, expense_claims_per_year: 50 },
  Plus: { group_mail_max_members: 1000, expense_claims_per_year: 200 },
  Premium: { group_mail_max_members: 5000, expense_claims_per_year: null },
};

export const tierLimitsSchema = z.object({
  tier: z.enum(TIERS),
  /** Discount on message page prices, percent. */
  message_discount_percent: z.number().int(),
  /** Update requests by email cost nothing in this tier. */
  updreq_email_free: z.boolean(),
  /** Most members a group's mail list may reach. */
  group_mail_max_members: z.number().int(),
  /** Expense claims a year; null: no limit (Premium). */
  expense_claims_per_year: z.number().int().nullable(),
});
export type TierLimits = z.infer<typeof tierLimitsSchema>;

function tierAtLeast(tier: Tier, from: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(from);
}

/** The tier's limits under the deployment's price list (the shipped one unless given). */
export function tierLimits(tier: Tier, prices: MessagePrices = DEFAULT_MESSAGE_PRICES): TierLimits {
  const updreqEmail = prices.updreq.email;
  return {
    tier,
    message_discount_percent: TIER_DISCOUNT_PERCENT[tier],
    updreq_email_free: updreqEmail.cents === 0 || (updreqEmail.free_from !== undefined && tierAtLeast(tier, updreqEmail.free_from)),
    ...TABLE[tier],
  };
}

/** A tier name as typed on the command line ("plus" → "Plus"); null when none matches. */
export function parseTier(text: string): Tier | null {
  return TIERS.find((t) => t.toLowerCase() === text.trim().toLowerCase()) ?? null;
}
