import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { ExpenseClaimStatusName } from '../../../shared/expenseclaims/status';
import { canMove, EXPENSE_CLAIM_STATUSES, needsComment } from '../../../shared/expenseclaims/status';
import { compactIban } from '../../../shared/finnish/iban';
import { NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import { helsinkiToday } from '../invoices/present';
import { fullname } from '../members/present';
import * as mail from './mail';
import * as repo from './repo';
import { claimReply, summary, volunteerYear } from './service';

// The treasurer's side (site admins): claimant-accounts with their totals, one claimant-account's
// open claims, the archive of paid ones, status moves, comments and payment batches. Every move
// is conditional on the status it was read in, so two treasurers cannot both move a claim.

type PerStatus = Record<ExpenseClaimStatusName, number>;
const zeros = (): PerStatus => ({ pending: 0, accepted: 0, rejected: 0, paid: 0 });

export async function claimants(deps: Deps, tenant: Tenant, page: number) {
  const { rows, count } = await repo.claimants(deps.db, tenant.id, page);
  return {
    count,
    results: rows.map((r) => ({
      person_id: r.person_id,
      person_name: r.person_name,
      person_account_number: r.person_account_number,
      counts: { pending: r.pending_n, accepted: r.accepted_n, rejected: r.rejected_n, paid: r.paid_n },
      totals_c: { pending: r.pending_c, accepted: r.accepted_c, rejected: r.rejected_c, paid: r.paid_c },
      latest_at: r.latest_at,
    })),
  };
}

/** One claimant-account's claims not yet archived (paid ones are in the archive); 404 when it has no claims at all. */
export async function view(deps: Deps, tenant: Tenant, personId: number, account: string) {
  const all = await repo.ofClaimant(deps.db, tenant.id, personId, compactIban(account), EXPENSE_CLAIM_STATUSES);
  if (all.length === 0) throw new NotFound();
  const claims = all.filter((c) => c.status !== 'paid');
  const totals = zeros();
  for (const c of claims) totals[c.status] += c.amount_c;
  return {
    person_id: personId,
    person_name: all[0]!.person_name,
    person_account_number: all[0]!.person_account_number,
    claims: claims.map(summary),
    totals_c: totals,
    volunteer_year: await volunteerYear(deps, tenant, personId, Number(helsinkiToday(deps.clock.now()).slice(0, 4))),
  };
}

export async function archive(deps: Deps, tenant: Tenant, page: number) {
  const { rows, count } = await repo.paidPage(deps.db, tenant.id, page);
  return { results: rows.map(summary), count };
}

async function claimOf(deps: Deps, tenant: Tenant, id: number): Promise<repo.Claim> {
  const c = await repo.find(deps.db, tenant.id, id);
  if (!c) throw new NotFound();
  return c;
}

/** What a move sets beside the status: the date of the new state, and back to pending clears them all. */
function movedFields(to: ExpenseClaimStatusName, at: string, comment: string) {
  if (to === 'accepted') return { date_accepted: at, date_rejected: null, rejection_reason: null };
  if (to === 'rejected') return { date_rejected: at, rejection_reason: comment, date_accepted: null };
  return { date_accepted: null, date_rejected: null, rejection_reason: null, date_paid: null, paid_batch: null };
}

export async function updateStatus(deps: Deps, tenant: Tenant, me: Member, body: { id: number; status: ExpenseClaimStatusName; comment: string }) {
  const c = await claimOf(deps, tenant, body.id);
  if (!EXPENSE_CLAIM_STATUSES.includes(body.status) || !canMove(c.status, body.status)) throw ValidationError.field('status', 'expense_status_not_allowed');
  const comment = body.comment.trim();
  if (needsComment(body.status) && comment === '') throw ValidationError.field('comment', 'expense_comment_required');
  await act(deps, tenant, me, 'expense_claim_status_changed', async (trx, line, at) => {
    // Conditional on the status read above: a parallel move makes this one a refusal.
    if (!(await repo.updateIf(trx, tenant.id, c.id, c.status, { status: body.status, updated_at: at, ...movedFields(body.status, at, comment) }))) {
      throw ValidationError.field('status', 'expense_status_not_allowed');
    }
    await repo.addEvent(trx, tenant.id, { claim_id: c.id, kind: 'status', from_status: c.status, to_status: body.status, comment: comment || null, author_id: me.id, author_name: fullname(me), created_at: at });
    line.context = `member:${String(c.person_id)}`;
    line.data = [
      { field: 'expense_claim', new: c.id },
      { field: 'expense_status', old: c.status, new: body.status },
      ...(comment ? [{ field: 'expense_comment', new: comment }] : []),
    ];
  });
  const after = await claimOf(deps, tenant, c.id);
  await mail.sendChange(deps, tenant, after, { status: body.status, comment });
  return claimReply(deps, tenant, me, after);
}

export async function addComment(deps: Deps, tenant: Tenant, me: Member, body: { id: number; comment: string }) {
  const c = await claimOf(deps, tenant, body.id);
  await act(deps, tenant, me, 'expense_claim_commented', async (trx, line, at) => {
    await repo.addEvent(trx, tenant.id, { claim_id: c.id, kind: 'comment', from_status: null, to_status: null, comment: body.comment, author_id: me.id, author_name: fullname(me), created_at: at });
    line.context = `member:${String(c.person_id)}`;
    line.data = [
      { field: 'expense_claim', new: c.id },
      { field: 'expense_comment', new: body.comment },
    ];
  });
  await mail.sendChange(deps, tenant, c, { comment: body.comment });
  return claimReply(deps, tenant, me, c);
}

/** Every accepted claim of the claimant to that account becomes paid in one batch (its timestamp, UTC YYYYMMDDHHMMSS). */
export async function markPaid(deps: Deps, tenant: Tenant, me: Member, body: { person_id: number; account_number: string }) {
  const account = compactIban(body.account_number);
  const result = await act(deps, tenant, me, 'expense_claims_paid', async (trx, line, at) => {
    const batch = at.replace(/\D/g, '').slice(0, 14);
    const paid = await repo.markPaid(trx, tenant.id, body.person_id, account, at, batch);
    if (paid.length === 0) {
      // A claimant-account with no claims here (another association's, a typo) is not found.
      const any = await repo.ofClaimant(trx, tenant.id, body.person_id, account, EXPENSE_CLAIM_STATUSES);
      throw any.length === 0 ? new NotFound() : ValidationError.general('expense_nothing_to_pay');
    }
    const amount = paid.reduce((sum, p) => sum + p.amount_c, 0);
    line.context = `member:${String(body.person_id)}`;
    line.data = [
      { field: 'count', new: paid.length },
      { field: 'amount', new: amount },
      { field: 'expense_batch', new: batch },
      { field: 'expense_claims', new: paid.map((p) => p.id) },
    ];
    return { count: paid.length, amount_c: amount, batch, firstId: paid[0]!.id };
  });
  const sample = await claimOf(deps, tenant, result.firstId);
  await mail.sendPaid(deps, tenant, sample, result.count, result.amount_c);
  return { count: result.count, amount_c: result.amount_c, batch: result.batch };
}
