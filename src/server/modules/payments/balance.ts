import type { Db } from '../../db/kysely';
import type { Deps } from '../../deps';
import { ValidationError } from '../../lib/errors';
import { balanceCovers } from '../../../shared/messages/prices';
import { act } from '../log/act';
import * as ledger from './ledger-repo';

// The association's balance: every change is a ledger row, the balance their sum.

/** A fee the balance does not cover; answers 400 with the spec's banner key. */
export class InsufficientBalance extends ValidationError {
  constructor() {
    super({ general: ['insufficient_balance'] });
  }
}

/** The balance in cents: the sum of the ledger's rows. */
export function currentBalance(db: Db, tenantId: number): Promise<number> {
  return ledger.balanceOf(db, tenantId);
}

const positiveCents = (cents: number): boolean => Number.isSafeInteger(cents) && cents > 0;

/** An operator's credit (command line): a `credit` row and its activity-log line. Returns the new balance. */
export async function creditByOperator(deps: Pick<Deps, 'db' | 'clock'>, tenantId: number, cents: number, note: string): Promise<number> {
  if (!positiveCents(cents)) throw new ValidationError({ amount: ['value_too_small'] });
  // No member credits here, so the log line has no author.
  return act(deps, { id: tenantId }, null, 'balance_credited', async (trx, line, at) => {
    const before = await ledger.balanceOf(trx, tenantId);
    await ledger.addRow(trx, tenantId, { at, kind: 'credit', amountCents: cents, note });
    line.context = 'balance';
    line.data = [{ field: 'balance_', old: before, new: before + cents }];
    return before + cents;
  });
}

export interface Fee {
  /** The fee, positive cents; stored as a negative row. */
  cents: number;
  paymentId: string | null;
  note: string;
  authorId: number | null;
  /** The moment of the action the fee belongs to (ISO UTC). */
  at: string;
}

/**
 * Charges a message fee from the balance. Pay-by-balance needs a balance of at least the
 * amount: otherwise InsufficientBalance and nothing is written. The check and the row are
 * made under the association's balance lock in one transaction (the caller's, when `db` is
 * one), so parallel fees can never take the balance below zero. Returns the new balance.
 */
export async function chargeFee(db: Db, tenantId: number, fee: Fee): Promise<number> {
  if (!positiveCents(fee.cents)) throw new ValidationError({ amount: ['value_too_small'] });
  const charge = async (trx: Db): Promise<number> => {
    await ledger.lockBalance(trx, tenantId);
    const balance = await ledger.balanceOf(trx, tenantId);
    if (!balanceCovers(balance, fee.cents)) throw new InsufficientBalance();
    // Free balance (referral credits) goes first; the row keeps the split.
    const free = Math.min(fee.cents, await ledger.freeOf(trx, tenantId));
    await ledger.addRow(trx, tenantId, { at: fee.at, kind: 'fee', amountCents: -fee.cents, freeCents: -free, note: fee.note, paymentId: fee.paymentId, authorId: fee.authorId });
    return balance - fee.cents;
  };
  return db.isTransaction ? charge(db) : db.transaction().execute(charge);
}
