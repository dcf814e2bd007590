import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { act } from '../log/act';
import { BANK_PAGE_SIZE } from '../../../shared/constants';
import { OPEN_STATUSES } from '../../../shared/invoices/status';
import type { bankAssignBody, bankAssignReply, bankDismissBody, BankInstanceRef, bankReviewRow, bankUnmatchedReply, BankPaymentReply } from '../../../shared/schemas/bank';
import { NotAllowed } from '../invoices/actions';
import { lockInstances } from '../invoices/actions-repo';
import { insertAction, instanceById, instancesByIds, recompute } from '../invoices/instances-repo';
import { helsinkiToday, presentInstances } from '../invoices/present';
import { decide, paymentById, statementBatchId, subjectsOf, waitingPage, waitingTotals, WAITING_STATES, type BankPaymentRow } from './review-repo';

// The review of bank payments an applied statement did not book (suggested or unmatched): the
// waiting list with each suggestion as it stands now, and the treasurer's decisions. Assigning
// books the payment to an instance; dismissing keeps it unbooked with a comment. Each decision
// is one transaction with its log line, and its action carries the statement's batch id and the
// payment's id, so undoing the statement takes the decision's booking away as well.

type ReviewRow = z.infer<typeof bankReviewRow>;

const isWaiting = (p: BankPaymentRow): boolean => (WAITING_STATES as readonly string[]).includes(p.state);

function paymentOf(p: BankPaymentRow): BankPaymentReply {
  return {
    key: p.archive_id,
    archive_id: p.archive_id,
    account: p.account,
    amount_c: p.amount_c,
    booking_date: p.booking_date,
    value_date: p.value_date,
    payer_name: p.payer_name,
    reference: p.reference,
    message: p.message,
  };
}

/** The suggested instances that are still open, as the review shows them (open amount as of now). */
async function openSuggestions(deps: Deps, tenantId: number, rows: readonly BankPaymentRow[]): Promise<Map<number, Omit<BankInstanceRef, 'amount_c'>>> {
  const ids = [...new Set(rows.map((p) => p.suggested_instance_id).filter((id): id is number => id !== null))];
  const [instances, subjects] = await Promise.all([instancesByIds(deps.db, tenantId, ids), subjectsOf(deps.db, tenantId, ids)]);
  const presented = await presentInstances(deps.db, tenantId, instances, helsinkiToday(deps.clock.now()));
  const out = new Map<number, Omit<BankInstanceRef, 'amount_c'>>();
  for (const [i, p] of presented.entries()) {
    if (!OPEN_STATUSES.includes(p.status_c) || p.amount_open_c <= 0) continue;
    const row = instances[i]!;
    out.set(p.id, {
      instance_id: p.id,
      invoice_id: row.invoice_id,
      person_id: p.person_id,
      invoice_number: p.invoice_number,
      name: p.name,
      reference: p.reference,
      subject: subjects.get(p.id) ?? '',
      amount_open_c: p.amount_open_c,
    });
  }
  return out;
}

export async function unmatched(deps: Deps, tenant: Tenant, page: number): Promise<z.infer<typeof bankUnmatchedReply>> {
  const [rows, totals] = await Promise.all([waitingPage(deps.db, tenant.id, BANK_PAGE_SIZE, page * BANK_PAGE_SIZE), waitingTotals(deps.db, tenant.id)]);
  const open = await openSuggestions(deps, tenant.id, rows);
  const results = rows.map((p): ReviewRow => {
    const inst = p.suggested_instance_id === null ? undefined : open.get(p.suggested_instance_id);
    return {
      ...paymentOf(p),
      payment_id: p.id,
      statement_id: p.statement_id,
      state: p.state as ReviewRow['state'],
      suggestion: inst && p.suggestion_reason ? { instance: { ...inst, amount_c: p.amount_c }, reason: p.suggestion_reason } : null,
    };
  });
  return { results, count: totals.count, total_c: totals.total_c };
}

/** An instance a payment cannot be booked to by hand: a credit invoice, or a cancelled invoice. */
const closedForPayments = (inst: { kind: string; mark: string }): boolean => inst.kind === 'credit' || inst.mark === 'cancelled';

export async function assign(deps: Deps, tenant: Tenant, me: Member, body: z.infer<typeof bankAssignBody>): Promise<z.infer<typeof bankAssignReply>> {
  const payment = await paymentById(deps.db, tenant.id, body.payment_id);
  const inst = payment && (await instanceById(deps.db, tenant.id, body.instance_id));
  if (!payment || !inst) throw new NotFound();
  if (!isWaiting(payment)) throw new NotAllowed('bank_payment_already_decided');
  if (closedForPayments(inst)) throw new NotAllowed('bank_assign_not_allowed');
  // Accepting the suggestion is the bank's booking confirmed; any other instance is the treasurer's own.
  const accepted = payment.suggested_instance_id === inst.id;
  await act(deps, tenant, me, accepted ? 'bank_payment_accepted' : 'bank_payment_assigned', async (trx, line, at) => {
    await lockInstances(trx, tenant.id, [inst.id]);
    const cur = (await instanceById(trx, tenant.id, inst.id))!;
    if (closedForPayments(cur)) throw new NotAllowed('bank_assign_not_allowed');
    const matchKind = accepted ? 'suggestion' : 'assigned';
    if (!(await decide(trx, tenant.id, payment.id, { state: 'assigned', match_kind: matchKind, decided_by: me.id, decided_at: at }))) throw new NotAllowed('bank_payment_already_decided');
    const actionType = accepted ? 'sync_payment' : 'manual_payment';
    await insertAction(trx, {
      tenant_id: tenant.id,
      instance_id: cur.id,
      action_type: actionType,
      amount_c: payment.amount_c,
      pay_date: payment.booking_date,
      payer_name: payment.payer_name,
      archive_id: payment.archive_id,
      bank_payment_id: payment.id,
      batch_id: await statementBatchId(trx, tenant.id, payment.statement_id),
      author_id: me.id,
      created_at: at,
    });
    await recompute(trx, tenant.id, cur.id, at);
    line.context = 'invoices';
    line.data = [
      {
        field: 'bank_payment',
        new: {
          payment_id: payment.id,
          archive_id: payment.archive_id,
          amount_c: payment.amount_c,
          payer_name: payment.payer_name,
          pay_date: payment.booking_date,
          invoice_id: cur.invoice_id,
          instance_id: cur.id,
          invoice_number: cur.invoice_number,
          action_type: actionType,
          ...(accepted && payment.suggestion_reason ? { reason: payment.suggestion_reason } : {}),
        },
      },
    ];
  });
  return { payment_id: payment.id, instance_id: inst.id, state: 'assigned' };
}

export async function dismiss(deps: Deps, tenant: Tenant, me: Member, body: z.infer<typeof bankDismissBody>): Promise<{ ok: true }> {
  const payment = await paymentById(deps.db, tenant.id, body.payment_id);
  if (!payment) throw new NotFound();
  if (!isWaiting(payment)) throw new NotAllowed('bank_payment_already_decided');
  await act(deps, tenant, me, 'bank_payment_dismissed', async (trx, line, at) => {
    if (!(await decide(trx, tenant.id, payment.id, { state: 'dismissed', comment: body.comment, decided_by: me.id, decided_at: at }))) {
      throw new NotAllowed('bank_payment_already_decided');
    }
    line.context = 'invoices';
    line.data = [
      { field: 'bank_payment', new: { payment_id: payment.id, archive_id: payment.archive_id, amount_c: payment.amount_c, payer_name: payment.payer_name, comment: body.comment } },
    ];
  });
  return { ok: true };
}
