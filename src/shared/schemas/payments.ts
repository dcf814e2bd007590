import { z } from 'zod';
import { plainText } from './common';

// Contract of the money calls beyond the payment item itself (schemas/messages.ts holds
// mooney get/set_method/balance_pay): online payment, balance purchases, referrals and
// receipts. Amounts are integer cents; amounts typed by people arrive as text and go
// through parseAmountCents.

/** Balance purchases: the default offered, in cents (50 €). */
export const BALANCE_BUY_DEFAULT_CENTS = 5000;
/** Referral credits, free balance in cents: the referrer and the referred association. */
export const REFERRAL_REFERRER_CENTS = 2500;
export const REFERRAL_FRIEND_CENTS = 500;
export const REFERRAL_MAX_EMAILS = 50;
export const RECEIPTS_PAGE_SIZE = 20;

export const mooneyChargeBody = z.object({ mid: z.string().uuid() });

/** One payment method button the provider offers (a bank, a card, a mobile wallet). */
export const paymentProvider = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  icon: z.string(),
  svg: z.string().optional(),
  /** The form the button posts to the provider. */
  url: z.string(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const mooneyChargeReply = z.object({
  /** The provider's own payment page (or the built-in test bank). */
  href: z.string(),
  providers: z.array(paymentProvider),
  /** What the online payment charges: the amount, at least pt_minimum. */
  amount: z.number().int(),
  /** True when no provider is configured and the built-in test bank stands in. */
  test: z.boolean(),
});

export const balanceBuyBody = z.object({
  /** Euros as typed ("50", "75,50"); at least the online minimum. */
  amount: plainText(14),
});
export const balanceBuyReply = z.object({ mooney_id: z.string() });

export const balanceSendEmailBody = z.object({ receipt_id: z.number().int().positive() });
export const balanceSendEmailReply = z.object({ sent_to: z.string() });

export const referBody = z.object({
  /** Emails separated by lines or commas. */
  emails: z.string().max(20_000, '_validation_too_long'),
});
export const referReply = z.object({
  referred: z.array(z.string()),
  /** Already referred by someone (each email can be referred once). */
  already: z.array(z.string()),
  invalid: z.array(z.string()),
});

/** The association's balance, with the free part (referral credits) shown apart. */
export const balanceReply = z.object({
  balance_cents: z.number().int(),
  free_cents: z.number().int(),
  bought_cents: z.number().int(),
  default_buy_cents: z.number().int(),
  min_buy_cents: z.number().int(),
});

export const receiptRow = z.object({
  title: z.string(),
  count: z.number().int(),
  unit_cents: z.number().int(),
  /** VAT included. */
  total_cents: z.number().int(),
  vat_percent: z.number(),
});

export const receiptVat = z.object({
  vat_percent: z.number(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  gross_cents: z.number().int(),
});

export const receiptParty = z.object({
  name: z.string(),
  business_id: z.string(),
  address: z.string(),
  email: z.string(),
});

export const receiptSchema = z.object({
  id: z.number().int(),
  /** Running number per association, without gaps. */
  number: z.number().int(),
  /** ISO UTC. */
  at: z.string(),
  /** balance_purchase | message */
  kind: z.string(),
  method: z.enum(['balance', 'online']),
  payment_id: z.string(),
  amount_cents: z.number().int(),
  rows: z.array(receiptRow),
  vat: z.array(receiptVat),
  buyer: receiptParty,
  seller: receiptParty,
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptQuery = z.object({ id: z.coerce.number().int().positive() });
export const transactionReportQuery = z.object({ year: z.coerce.number().int().min(2013).max(2100) });

/**
 * The payment item id of a checkout reference (`seura-{attempt}-{item id}`, the `/m/failure`
 * page's `checkout-reference`): everything after the second dash, as the item id is a UUID
 * with dashes of its own. Null when the reference is not ours.
 */
export function paymentIdOfReference(reference: string): string | null {
  const id = reference.split('-').slice(2).join('-');
  return z.string().uuid().safeParse(id).success ? id : null;
}
