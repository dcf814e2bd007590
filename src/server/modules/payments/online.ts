import crypto from 'node:crypto';
import type { Db } from '../../db/kysely';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { NotFound, ValidationError } from '../../lib/errors';
import { publicBase } from '../../lib/publicUrl';
import { MESSAGE_CONTEXTS, onlineCharge, type MessageContext } from '../../../shared/messages/prices';
import type { z } from 'zod';
import type { mooneyChargeReply, paymentProvider } from '../../../shared/schemas/payments';
import { act } from '../log/act';
import { release } from '../messages/dispatch';
import * as messages from '../messages/repo';
import { pricesOf } from '../messages/price-list';
import { generalVatRate } from '../receipts/issue';
import { trustOf } from '../tenants/trust';
import { createPayment, type PaytrailAccount } from '../paytrail/client';
import { sign, verifyQuery, type CheckoutParams } from '../paytrail/sign';
import * as ledger from './ledger-repo';
import * as repo from './mooney-repo';
import * as attempts from './online-repo';
import { creditReferral } from './referrals';
import { receiptFor } from './receipt';

// Online payment of a payment item: `charge` starts an attempt with the provider (Paytrail,
// or without credentials the built-in test bank), and the provider's signed redirect and
// server-to-server callback settle it. Both may arrive, in any order and more than once:
// the conditional claim of the item (as in balance_pay) makes the item paid exactly once.

type ChargeReply = z.infer<typeof mooneyChargeReply>;
type Provider = z.infer<typeof paymentProvider>;
export const BALANCE_CONTEXT = 'balance';

/** The merchant in use: the configured one, or the test bank's, signed with a secret of this deployment. */
export function merchantOf(config: Deps['config']): PaytrailAccount & { test: boolean } {
  if (config.paytrail) return { ...config.paytrail, test: false };
  const secret = crypto.createHmac('sha256', config.sessionSecret).update('seura-test-bank').digest('hex');
  return { merchantId: 'testipankki', secret, url: '', test: true };
}

/** The message a payment item pays for, if any. */
function messageOf(db: Db, tenantId: number, item: repo.PaymentItemRow) {
  const kind = (MESSAGE_CONTEXTS as readonly string[]).includes(item.context) ? (item.context as MessageContext) : null;
  return item.subject_id === null || kind === null ? Promise.resolve(undefined) : messages.findById(db, tenantId, kind, item.subject_id);
}

/** The checkout reference of an item's n:th attempt; paymentIdOfReference (shared) reads it back. */
export function referenceOf(attemptNo: number, paymentId: string): string {
  return `seura-${attemptNo}-${paymentId}`;
}

export async function charge(deps: Deps, tenant: Tenant, me: Member, id: string, fetchFn: typeof fetch = fetch): Promise<ChargeReply> {
  const item = await repo.findById(deps.db, tenant.id, id);
  if (!item) throw new NotFound();
  if (item.paid_at !== null) throw ValidationError.general('mooney_already_paid');
  if (item.amount === 0) throw ValidationError.general('mooney_nothing_to_pay');
  // As balance_pay: a blocked association sends nothing, and a cancelled message is not paid.
  if (item.context !== BALANCE_CONTEXT) {
    if ((await trustOf(deps.db, tenant.id)) === 'BLOCKED') throw ValidationError.general('messaging_blocked');
    const message = await messageOf(deps.db, tenant.id, item);
    if (message && message.status !== 'paying') throw ValidationError.general('mooney_cancelled');
  }
  const amount = onlineCharge(item.amount, pricesOf(deps.config).pt_minimum);
  const merchant = merchantOf(deps.config);
  const stamp = crypto.randomUUID();
  const reference = referenceOf((await attempts.attemptCount(deps.db, tenant.id, id)) + 1, id);
  const now = deps.clock.now();
  await repo.setMethod(deps.db, tenant.id, id, 'online');
  await attempts.insertAttempt(deps.db, { stamp, tenant_id: tenant.id, payment_id: id, reference, amount, provider: merchant.test ? 'test' : 'paytrail', created_at: iso(now) });
  const base = publicBase(deps.config, tenant);
  if (merchant.test) {
    const token = testToken(merchant.secret, stamp);
    const href = `${base}/api/1/payments/testbank?stamp=${encodeURIComponent(stamp)}&token=${token}`;
    const provider: Provider = {
      id: 'testipankki',
      name: 'Testipankki',
      group: 'bank',
      icon: '',
      url: `${base}/api/1/payments/testbank`,
      parameters: [
        { name: 'stamp', value: stamp },
        { name: 'token', value: token },
      ],
    };
    return { href, providers: [provider], amount, test: true };
  }
  const ret = `${base}/api/1/payments/return`;
  const cb = `${base}/api/1/payments/callback`;
  const created = await createPayment(
    merchant,
    {
      stamp,
      reference,
      amount,
      items: [{ unitPrice: amount, units: 1, vatPercentage: generalVatRate(iso(now)), productCode: item.context, description: item.context === BALANCE_CONTEXT ? 'Saldo' : 'Viesti' }],
      customer: { email: me.email ?? '' },
      redirectUrls: { success: ret, cancel: ret },
      callbackUrls: { success: cb, cancel: cb },
    },
    now,
    fetchFn,
  ).catch((err: unknown) => {
    // Logged by the error handler as the cause; the admin sees a retryable banner.
    throw Object.assign(ValidationError.general('payment_provider_failed'), { cause: err });
  });
  return { href: created.href, providers: created.providers.map((p) => ({ ...p, svg: p.svg })), amount, test: false };
}

/** The test bank's token of one attempt: only who started the charge can finish it there. */
export function testToken(secret: string, stamp: string): string {
  return crypto.createHmac('sha256', secret).update(`testbank:${stamp}`).digest('hex').slice(0, 32);
}

/** The signed query the test bank sends back, exactly as Paytrail would. */
export function testBankQuery(secret: string, attempt: attempts.AttemptRow, status: 'ok' | 'fail'): Record<string, string> {
  const q: Record<string, string> = {
    'checkout-account': 'testipankki',
    'checkout-algorithm': 'sha256',
    'checkout-amount': String(attempt.amount),
    'checkout-stamp': attempt.stamp,
    'checkout-reference': attempt.reference,
    'checkout-transaction-id': `test-${attempt.stamp}`,
    'checkout-status': status,
    'checkout-provider': 'testipankki',
  };
  return { ...q, signature: sign(secret, q) };
}

export interface Settled {
  ok: boolean;
  goto: string;
  reference: string;
}

/**
 * The signed redirect or callback: verifies the signature, the merchant, the stamp and the
 * amount, then pays the item once (ok) or records the failure. A bad signature is refused
 * before anything is read.
 */
export async function settle(deps: Deps, tenant: Tenant, query: CheckoutParams): Promise<Settled> {
  const merchant = merchantOf(deps.config);
  if (!verifyQuery(merchant.secret, query) || query['checkout-account'] !== merchant.merchantId) throw ValidationError.general('payment_signature_invalid');
  const attempt = await attempts.attemptByStamp(deps.db, tenant.id, query['checkout-stamp'] ?? '');
  if (!attempt || attempt.reference !== query['checkout-reference'] || String(attempt.amount) !== query['checkout-amount']) throw new NotFound();
  const item = await repo.findById(deps.db, tenant.id, attempt.payment_id);
  if (!item) throw new NotFound();
  const transactionId = query['checkout-transaction-id'] ?? null;
  if (query['checkout-status'] !== 'ok') {
    // pending/delayed end in a later callback; fail ends the attempt. Either way nothing is paid.
    if (query['checkout-status'] === 'fail') await attempts.setAttemptStatus(deps.db, tenant.id, attempt.stamp, 'fail', transactionId);
    return { ok: item.paid_at !== null, goto: item.goto, reference: attempt.reference };
  }
  if (item.paid_at !== null) return { ok: true, goto: item.goto, reference: attempt.reference };
  const event = item.context === BALANCE_CONTEXT ? 'balance_purchased' : 'message_paid';
  await act(deps, tenant, null, event, async (trx, line, at) => {
    if (!(await repo.claimPaid(trx, tenant.id, item.id, 'online', at))) {
      line.write = false;
      return;
    }
    await attempts.setAttemptStatus(trx, tenant.id, attempt.stamp, 'ok', transactionId);
    await attempts.markOnline(trx, tenant.id, item.id, { stamp: attempt.stamp, providerRef: transactionId, charged: attempt.amount });
    let note: string | null = null;
    if (item.context === BALANCE_CONTEXT) {
      await ledger.lockBalance(trx, tenant.id);
      await ledger.addRow(trx, tenant.id, { at, kind: 'purchase', amountCents: item.amount, note: 'Saldon osto', paymentId: item.id, authorId: item.author_id });
    } else {
      const message = await messageOf(trx, tenant.id, item);
      // Cancelled while the bank was open: the money came anyway, so it goes to the balance.
      if (message && !(await release(trx, tenant.id, message.id, at))) {
        await ledger.addRow(trx, tenant.id, { at, kind: 'refund', amountCents: attempt.amount, note: 'Peruttu viesti', paymentId: item.id });
        note = 'refunded_to_balance';
      }
    }
    await creditReferral(trx, tenant, at);
    const receipt = await receiptFor(trx, tenant, item, 'online', attempt.amount, at);
    line.context = 'mooney';
    line.data = [
      { field: 'payment', new: { id: item.id, context: item.context, subject_id: item.subject_id } },
      { field: 'price_rows', new: JSON.parse(item.price_rows) as unknown },
      { field: 'amount', new: attempt.amount },
      { field: 'method', new: 'online' },
      { field: 'provider_ref', new: transactionId },
      { field: 'receipt', new: receipt.number },
      ...(note ? [{ field: 'note', new: note }] : []),
    ];
  });
  return { ok: true, goto: item.goto, reference: attempt.reference };
}
