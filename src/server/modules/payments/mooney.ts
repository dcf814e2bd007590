import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound, ValidationError } from '../../lib/errors';
import { balanceCovers, MESSAGE_CONTEXTS, type MessageContext } from '../../../shared/messages/prices';
import type { MooneyReply } from '../../../shared/schemas/messages';
import { act } from '../log/act';
import { release } from '../messages/dispatch';
import * as messages from '../messages/repo';
import { trustOf } from '../tenants/trust';
import { chargeFee, currentBalance, InsufficientBalance } from './balance';
import { lockBalance, balanceOf } from './ledger-repo';
import * as repo from './mooney-repo';
import { receiptFor } from './receipt';

// Payment items ("mooney"): show one, choose how to pay, pay from the balance. Paying
// charges the fee and queues the message's deliveries in one transaction; paying an item
// twice (a double click, two tabs, parallel requests) changes nothing the second time.

function parseRows(text: string): MooneyReply['price_rows'] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as MooneyReply['price_rows']) : [];
  } catch {
    return [];
  }
}

async function own(deps: Deps, tenant: Tenant, id: string): Promise<repo.PaymentItemRow> {
  const item = await repo.findById(deps.db, tenant.id, id);
  if (!item) throw new NotFound();
  return item;
}

export async function get(deps: Deps, tenant: Tenant, id: string): Promise<MooneyReply> {
  const item = await own(deps, tenant, id);
  const balance = await currentBalance(deps.db, tenant.id);
  return {
    id: item.id,
    context: item.context,
    price_rows: parseRows(item.price_rows),
    discount_cents: item.discount_cents,
    original_amount: item.original_amount,
    amount: item.amount,
    method: item.method,
    paid: item.paid_at !== null,
    goto: item.goto,
    balance_cents: balance,
    balance_covers: balanceCovers(balance, item.original_amount),
  };
}

export async function setMethod(deps: Deps, tenant: Tenant, id: string, method: 'balance' | 'online'): Promise<MooneyReply> {
  await own(deps, tenant, id);
  await repo.setMethod(deps.db, tenant.id, id, method);
  return get(deps, tenant, id);
}

/** Pays the item from the association's balance and sends what it paid for. */
export async function balancePay(deps: Deps, tenant: Tenant, me: Member, id: string): Promise<{ paid: boolean; goto: string }> {
  const item = await own(deps, tenant, id);
  if (item.paid_at !== null) return { paid: true, goto: item.goto };
  return act(deps, tenant, me, 'message_paid', async (trx, line, at) => {
    // The claim first: a parallel payment of this item waits here and then finds it paid.
    if (!(await repo.claimPaid(trx, tenant.id, id, 'balance', at))) {
      line.write = false;
      return { paid: true, goto: item.goto };
    }
    if ((await trustOf(trx, tenant.id)) === 'BLOCKED') throw ValidationError.general('messaging_blocked');
    const kind = (MESSAGE_CONTEXTS as readonly string[]).includes(item.context) ? (item.context as MessageContext) : null;
    const message = item.subject_id === null || kind === null ? undefined : await messages.findById(trx, tenant.id, kind, item.subject_id);
    if (message && message.status !== 'paying') throw ValidationError.general('mooney_cancelled');
    await lockBalance(trx, tenant.id);
    // Paying by balance needs a balance of at least the original amount (spec: Payment).
    if (!balanceCovers(await balanceOf(trx, tenant.id), item.original_amount)) throw new InsufficientBalance();
    if (item.amount > 0) await chargeFee(trx, tenant.id, { cents: item.amount, paymentId: id, note: item.context, authorId: me.id, at });
    if (message) {
      // The recipients fixed when it was sent for payment, at the price shown then. Cancelled
      // meanwhile (a parallel cancel got there first): nothing is charged either.
      if (!(await release(trx, tenant.id, message.id, at))) throw ValidationError.general('mooney_cancelled');
    }
    // A fee of 0 (all of it discounted) is no payment and gets no receipt.
    const receipt = item.amount > 0 ? await receiptFor(trx, tenant, item, 'balance', item.amount, at) : null;
    line.context = 'mooney';
    line.data = [
      { field: 'payment', new: { id, context: item.context, subject_id: item.subject_id } },
      { field: 'price_rows', new: parseRows(item.price_rows) },
      { field: 'amount', new: item.amount },
      { field: 'method', new: 'balance' },
      ...(receipt ? [{ field: 'receipt', new: receipt.number }] : []),
    ];
    return { paid: true, goto: item.goto };
  });
}
