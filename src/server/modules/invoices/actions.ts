import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { Db } from '../../db/kysely';
import { HttpError, NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import { parseSignedAmountCents } from '../../../shared/finnish/amount';
import { allowedActions, type HandAction } from '../../../shared/invoices/allowed';
import { vatBreakdown } from '../../../shared/finnish/vat';
import type { InvoiceActionType } from '../../../shared/invoices/status';
import type {
  AddActionBody,
  addActionReply,
  creditInvoiceReply,
  fakeBankRowBody,
  InvoiceActionRow,
  instanceActionsReply,
} from '../../../shared/schemas/invoices';
import { actionsWithNames, creditActionOf, lockInstances, creditInvoiceByNumber, invoiceById, type InvoiceRowDb } from './actions-repo';
import { makeCredit, parseRows, rowsOf } from './credit';
import { actionsOf, insertAction, instanceById, recompute, type InstanceRow } from './instances-repo';
import { helsinkiToday, presentInstances } from './present';

// Hand actions on one invoice instance (spec §4): marks, manual payments and credits, plus the
// admins' fake bank row. Each is an immutable action row with its author, the instance's sums
// recomputed and one activity-log line, all in one transaction.

/** A refusal: the action does not fit the instance's state (422, a message key as the banner). */
export class NotAllowed extends HttpError {
  constructor(key = 'invoice_action_not_allowed') {
    super(422, { errors: { general: [key] } });
  }
}

type Reply = z.infer<typeof addActionReply>;

async function ownInstance(db: Db, tenantId: number, id: number): Promise<{ inst: InstanceRow; invoice: InvoiceRowDb }> {
  const inst = await instanceById(db, tenantId, id);
  const invoice = inst && (await invoiceById(db, tenantId, inst.invoice_id));
  if (!inst || !invoice) throw new NotFound();
  return { inst, invoice };
}

/** The hand actions the instance accepts now. */
export async function allowedFor(db: Db, tenantId: number, inst: InstanceRow): Promise<HandAction[]> {
  return allowedActions(inst, await actionsOf(db, tenantId, inst.id));
}

async function present(deps: Deps, tenantId: number, instanceId: number) {
  const inst = (await instanceById(deps.db, tenantId, instanceId))!;
  return (await presentInstances(deps.db, tenantId, [inst], helsinkiToday(deps.clock.now())))[0]!;
}

async function actionRows(db: Db, tenantId: number, instanceId: number): Promise<InvoiceActionRow[]> {
  const rows = await actionsWithNames(db, tenantId, instanceId);
  return rows.map((a) => ({
    id: a.id,
    action_type: a.action_type as InvoiceActionType,
    amount_c: a.amount_c,
    comment: a.comment,
    rows: a.rows === null ? null : parseRows(a.rows),
    credit_instance_id: a.credit_instance_id,
    credit_invoice_number: a.credit_invoice_number ?? null,
    message_id: a.message_id,
    date_due: a.date_due,
    pay_date: a.pay_date,
    payer_name: a.payer_name,
    archive_id: a.archive_id,
    batch_id: a.batch_id,
    author: `${a.firstname ?? ''} ${a.lastname ?? ''}`.trim(),
    created_at: a.created_at,
  }));
}

async function replyFor(deps: Deps, tenantId: number, instanceId: number, actionId: number): Promise<Reply> {
  const [instance, actions] = await Promise.all([present(deps, tenantId, instanceId), actionRows(deps.db, tenantId, instanceId)]);
  return { instance, action: actions.find((a) => a.id === actionId)! };
}

export async function addAction(deps: Deps, tenant: Tenant, me: Member, body: AddActionBody): Promise<Reply> {
  const { inst } = await ownInstance(deps.db, tenant.id, body.instance_id);
  const today = helsinkiToday(deps.clock.now());
  const actionId = await act(deps, tenant, me, body.action_type === 'credit' ? 'invoice_credited' : 'invoice_action_added', async (trx, line, at) => {
    // Locked and re-read inside the transaction: a parallel action may have changed the state.
    await lockInstances(trx, tenant.id, [inst.id]);
    const { inst: cur, invoice } = await ownInstance(trx, tenant.id, body.instance_id);
    if (!(await allowedFor(trx, tenant.id, cur)).includes(body.action_type)) throw new NotAllowed();
    line.context = `invoice:${cur.invoice_id}`;
    const logged: Record<string, unknown> = { instance_id: cur.id, invoice_number: cur.invoice_number, action_type: body.action_type };
    let id: number;
    if (body.action_type === 'credit') {
      const made = await makeCredit(trx, tenant.id, me.id, cur, invoice, (body.rows ?? []).map((r) => r.amount), body.comment, at, today);
      id = made.actionId;
      Object.assign(logged, { amount_c: made.total_c, credit_invoice_number: made.creditNumber });
    } else {
      let amount: number | null = null;
      if (body.action_type === 'manual_payment') {
        amount = parseSignedAmountCents(body.amount ?? '');
        if (amount === null) throw ValidationError.field('amount', 'invoice_payment_amount_invalid');
        if (amount === 0) throw ValidationError.field('amount', 'invoice_payment_zero');
        // A correction takes back what was booked; payments never sum below zero.
        if (cur.paid_c + amount < 0) throw ValidationError.field('amount', 'invoice_payment_below_zero');
        logged.amount_c = amount;
      }
      id = await insertAction(trx, { tenant_id: tenant.id, instance_id: cur.id, action_type: body.action_type, amount_c: amount, comment: body.comment, author_id: me.id, created_at: at });
    }
    if (body.comment !== '') logged.comment = body.comment;
    await recompute(trx, tenant.id, cur.id, at);
    line.data = [{ field: 'invoice_action', new: logged }];
    return id;
  });
  return replyFor(deps, tenant.id, inst.id, actionId);
}

export async function instanceActions(deps: Deps, tenant: Tenant, instanceId: number): Promise<z.infer<typeof instanceActionsReply>> {
  const { inst } = await ownInstance(deps.db, tenant.id, instanceId);
  const [instance, actions, allowed] = await Promise.all([present(deps, tenant.id, inst.id), actionRows(deps.db, tenant.id, inst.id), allowedFor(deps.db, tenant.id, inst)]);
  return { instance, actions, allowed };
}

/** The admins' test tool: a payment booked as if the bank had reported it. */
export async function addFakeBankRow(deps: Deps, tenant: Tenant, me: Member, body: z.infer<typeof fakeBankRowBody>): Promise<Reply> {
  const { inst } = await ownInstance(deps.db, tenant.id, body.instance_id);
  if (inst.kind === 'credit') throw new NotAllowed();
  const amount = parseSignedAmountCents(body.amount);
  if (amount === null || amount === 0) throw ValidationError.field('amount', amount === 0 ? 'invoice_payment_zero' : 'invoice_payment_amount_invalid');
  const archiveId = `TEST-${crypto.randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;
  const actionId = await act(deps, tenant, me, 'invoice_action_added', async (trx, line, at) => {
    const id = await insertAction(trx, {
      tenant_id: tenant.id,
      instance_id: inst.id,
      action_type: 'sync_payment',
      amount_c: amount,
      pay_date: body.pay_date,
      payer_name: body.payer_name,
      archive_id: archiveId,
      author_id: me.id,
      created_at: at,
    });
    await recompute(trx, tenant.id, inst.id, at);
    line.context = `invoice:${inst.invoice_id}`;
    line.data = [{ field: 'invoice_action', new: { instance_id: inst.id, invoice_number: inst.invoice_number, action_type: 'sync_payment', amount_c: amount, archive_id: archiveId, test: true } }];
    return id;
  });
  return replyFor(deps, tenant.id, inst.id, actionId);
}

export async function creditInvoice(deps: Deps, tenant: Tenant, number: number): Promise<z.infer<typeof creditInvoiceReply>> {
  const credit = await creditInvoiceByNumber(deps.db, tenant.id, number);
  if (!credit || credit.credit_of === null) throw new NotFound();
  const { inst: original, invoice } = await ownInstance(deps.db, tenant.id, credit.credit_of);
  const [instance, action] = await Promise.all([present(deps, tenant.id, credit.id), creditActionOf(deps.db, tenant.id, credit.id)]);
  const rows = rowsOf(credit, invoice);
  return {
    instance,
    rows,
    vat_breakdown: vatBreakdown(rows.map((r) => ({ amountWithVatCents: r.amount_c, vatPercent: r.vat_percent }))).map((b) => ({
      vat_percent: b.vatPercent,
      net_c: b.netCents,
      vat_c: b.vatCents,
      gross_c: b.grossCents,
    })),
    comment: action?.comment ?? '',
    original_invoice_number: original.invoice_number,
    invoice_id: invoice.id,
  };
}
