import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { ValidationError } from '../../lib/errors';
import { parseAmountCents } from '../../../shared/finnish';
import { BALANCE_BUY_DEFAULT_CENTS } from '../../../shared/schemas/payments';
import { pricesOf } from '../messages/price-list';
import * as ledger from './ledger-repo';
import * as repo from './mooney-repo';
import { BALANCE_CONTEXT } from './online';

// Buying balance: a payment item of context `balance`, paid online (online.ts adds the
// `purchase` row when it is paid). The balance shows its free part (referral credits) apart.

const MAX_BUY_CENTS = 1_000_000;

export async function buy(deps: Deps, tenant: Tenant, me: Member, amountText: string): Promise<{ mooney_id: string }> {
  const text = amountText.trim();
  const cents = text === '' ? BALANCE_BUY_DEFAULT_CENTS : parseAmountCents(text);
  if (cents === null) throw new ValidationError({ amount: ['balance_amount_invalid'] });
  const min = pricesOf(deps.config).pt_minimum;
  if (cents < min) throw new ValidationError({ amount: ['balance_amount_too_small'] }, { min });
  if (cents > MAX_BUY_CENTS) throw new ValidationError({ amount: ['value_too_large'] });
  const id = crypto.randomUUID();
  await repo.insert(deps.db, {
    id,
    tenant_id: tenant.id,
    context: BALANCE_CONTEXT,
    subject_id: null,
    price_rows: JSON.stringify([{ type: 'balance', count: 1, unit_cents: cents, total_cents: cents }]),
    original_amount: cents,
    amount: cents,
    goto: '/balance/thanks',
    author_id: me.id,
    created_at: iso(deps.clock.now()),
  });
  return { mooney_id: id };
}

export async function info(deps: Deps, tenant: Tenant) {
  const [balance, free] = await Promise.all([ledger.balanceOf(deps.db, tenant.id), ledger.freeOf(deps.db, tenant.id)]);
  return {
    balance_cents: balance,
    free_cents: free,
    bought_cents: balance - free,
    default_buy_cents: BALANCE_BUY_DEFAULT_CENTS,
    min_buy_cents: pricesOf(deps.config).pt_minimum,
  };
}
