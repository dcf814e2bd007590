import crypto from 'node:crypto';
import { paymentProvider } from '../../../shared/schemas/payments';
import { z } from 'zod';
import { sign, verify } from './sign';

// A client of the Paytrail Payment API: create a payment, answered with the provider's
// payment page (href) and the payment method buttons (providers). Requests and replies are
// signed (sign.ts); a reply whose signature does not hold is refused.

export interface PaytrailAccount {
  merchantId: string;
  secret: string;
  /** https://services.paytrail.com by default. */
  url: string;
}

export interface CreatePayment {
  stamp: string;
  reference: string;
  /** Cents. */
  amount: number;
  items: { unitPrice: number; units: number; vatPercentage: number; productCode: string; description: string }[];
  customer: { email: string };
  redirectUrls: { success: string; cancel: string };
  callbackUrls: { success: string; cancel: string };
}

const createReply = z.object({
  transactionId: z.string(),
  href: z.string(),
  providers: z.array(paymentProvider.omit({ svg: true }).extend({ svg: z.string().optional() }).passthrough()),
});
export type CreatedPayment = z.infer<typeof createReply>;

export class PaytrailError extends Error {}

export async function createPayment(account: PaytrailAccount, payment: CreatePayment, now: Date, fetchFn: typeof fetch = fetch): Promise<CreatedPayment> {
  const body = JSON.stringify({ ...payment, currency: 'EUR', language: 'FI' });
  const headers: Record<string, string> = {
    'checkout-account': account.merchantId,
    'checkout-algorithm': 'sha256',
    'checkout-method': 'POST',
    'checkout-nonce': crypto.randomUUID(),
    'checkout-timestamp': now.toISOString(),
  };
  const res = await fetchFn(`${account.url.replace(/\/+$/, '')}/payments`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', signature: sign(account.secret, headers, body) },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (res.status !== 201 && res.status !== 200) throw new PaytrailError(`Paytrail answered ${res.status}: ${text.slice(0, 200)}`);
  const replyHeaders: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (k.startsWith('checkout-')) replyHeaders[k] = v;
  });
  if (!verify(account.secret, replyHeaders, text, res.headers.get('signature') ?? undefined)) throw new PaytrailError('Paytrail reply signature does not hold');
  return createReply.parse(JSON.parse(text));
}
