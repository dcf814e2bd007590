import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { BankPaymentsTable, InvoiceActionsTable, Member, Tenant } from '../../db/schema';
import type { Db } from '../../db/kysely';
import { NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import { iso } from '../../lib/clock';
import { BANK_PAGE_SIZE } from '../../../shared/constants';
import type { bankApplyReply, BankInstanceRef, BankPaymentReply, bankStatementsReply, bankUndoReply, bankUploadReply, DryRun } from '../../../shared/schemas/bank';
import { NotAllowed } from '../invoices/actions';
import { lockInstances } from '../invoices/actions-repo';
import { recomputeMany } from '../invoices/instances-repo';
import { matchPayments, type MatchResult, type OpenInstance } from './match';
import { parseStatement } from './parse/index';
import { StatementError, type ParsedPayment, type ParsedStatement } from './types';
import * as repo from './import-repo';

// A statement's way in: parse → dry run (what would be booked, nothing written but the
// statement) → apply (one transaction: the payments stored once each, the matches booked as
// sync_payment actions sharing a batch id) → undo (that batch and every later booking of its
// payments taken away). Uploads and BANK_DIR files go the same way.

type UploadReply = z.infer<typeof bankUploadReply>;
type Source = 'upload' | 'bank_dir';

function paymentReply(p: ParsedPayment): BankPaymentReply {
  return { key: p.archive_id, ...p };
}

/** Reads the file; a file we cannot read is a 400 under `file` with the parser's key and parameters. */
export function parseFile(bytes: Buffer): ParsedStatement {
  try {
    return parseStatement(bytes);
  } catch (e) {
    if (e instanceof StatementError) throw new ValidationError({ file: [e.key] }, e.params);
    throw e;
  }
}

/** Matches the payments against the association's instances as they are now, and its archive ids. */
async function match(db: Db, tenantId: number, payments: readonly ParsedPayment[]): Promise<{ result: MatchResult; instances: Map<number, OpenInstance> }> {
  const [instances, known] = await Promise.all([repo.matchableInstances(db, tenantId), repo.knownArchiveIds(db, tenantId, payments.map((p) => p.archive_id))]);
  return { result: matchPayments(payments, instances, known), instances: new Map(instances.map((i) => [i.id, i])) };
}

async function dryRunReply(db: Db, tenantId: number, m: Awaited<ReturnType<typeof match>>, ignored: number): Promise<DryRun> {
  const { result, instances } = m;
  const ids = [...result.matched.flatMap((x) => x.parts.map((p) => p.instance_id)), ...result.suggested.map((s) => s.instance_id)];
  const info = await repo.instanceInfo(db, tenantId, ids);
  const ref = (id: number, amount: number): BankInstanceRef => {
    const i = info.get(id)!;
    return {
      instance_id: id,
      invoice_id: i.invoice_id,
      person_id: i.member_id,
      invoice_number: i.invoice_number,
      name: i.recipient_name,
      reference: i.reference,
      subject: i.subject,
      amount_open_c: instances.get(id)?.open_c ?? 0,
      amount_c: amount,
    };
  };
  return {
    matched: result.matched.map((x) => ({ payment: paymentReply(x.payment), kind: x.kind, instances: x.parts.map((p) => ref(p.instance_id, p.amount_c)) })),
    suggested: result.suggested.map((s) => ({ payment: paymentReply(s.payment), instance_id: s.instance_id, reason: s.reason, instance: ref(s.instance_id, s.payment.amount_c) })),
    unmatched: result.unmatched.map((u) => paymentReply(u.payment)),
    duplicates: result.duplicates.length,
    ignored,
  };
}

/** Stores the statement (status dry_run) and answers what applying it would do. */
export async function upload(
  deps: Deps,
  tenant: Pick<Tenant, 'id'>,
  me: Member | null,
  filename: string,
  bytes: Buffer,
  source: Source = 'upload',
  /** Already parsed (BANK_DIR reads the accounts first). */
  parsed: ParsedStatement = parseFile(bytes),
): Promise<UploadReply> {
  const at = iso(deps.clock.now());
  const id = await repo.insertStatement(deps.db, {
    tenant_id: tenant.id,
    format: parsed.format,
    source,
    filename: filename.slice(0, 255),
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    accounts: parsed.accounts.join(' '),
    entries: parsed.payments.length,
    total_c: parsed.payments.reduce((s, p) => s + p.amount_c, 0),
    ignored: parsed.ignored,
    payments: JSON.stringify(parsed.payments),
    author_id: me?.id ?? null,
    created_at: at,
  });
  const [m, mandate] = await Promise.all([match(deps.db, tenant.id, parsed.payments), repo.mandateAccounts(deps.db, tenant.id)]);
  return {
    id,
    format: parsed.format,
    entries: parsed.payments.length,
    total_c: parsed.payments.reduce((s, p) => s + p.amount_c, 0),
    accounts: parsed.accounts,
    accounts_outside_mandate: parsed.accounts.filter((a) => !mandate.has(a.replace(/\s+/g, '').toUpperCase())),
    dry_run: await dryRunReply(deps.db, tenant.id, m, parsed.ignored),
  };
}

export interface Applied {
  batch_id: string;
  booked: number;
  /** Payments left for the review (suggested and unmatched). */
  waiting: number;
  duplicates: number;
}

/**
 * Applies a dry run in one transaction: the matching is run again on the data as it is now
 * (another statement may have been applied since), each new payment stored, exact and combined
 * matches and the accepted suggestions booked, the instances recomputed, one log line.
 */
export async function apply(deps: Deps, tenant: Pick<Tenant, 'id'>, me: Member | null, id: number, accept: readonly string[]): Promise<Applied> {
  if (!(await repo.statementById(deps.db, tenant.id, id))) throw new NotFound();
  const accepted = new Set(accept);
  const batchId = crypto.randomUUID();
  return act(deps, tenant, me, 'bank_statement_applied', async (trx, line, at) => {
    await repo.lockBank(trx, tenant.id);
    const st = (await repo.statementById(trx, tenant.id, id))!;
    if (st.status === 'applied') throw new NotAllowed('bank_statement_already_applied');
    if (st.status === 'undone') throw new NotAllowed('bank_statement_undone');
    const payments = JSON.parse(st.payments) as ParsedPayment[];
    const { result } = await match(trx, tenant.id, payments);

    const base = (p: ParsedPayment): Insertable<BankPaymentsTable> => ({
      tenant_id: tenant.id,
      statement_id: st.id,
      archive_id: p.archive_id,
      account: p.account,
      amount_c: p.amount_c,
      booking_date: p.booking_date,
      value_date: p.value_date,
      payer_name: p.payer_name,
      reference: p.reference,
      message: p.message,
      state: 'booked',
      match_kind: null,
      suggested_instance_id: null,
      suggestion_reason: null,
      created_at: at,
    });
    const take = result.suggested.filter((s) => accepted.has(s.payment.archive_id));
    const rows: Insertable<BankPaymentsTable>[] = [
      ...result.matched.map((x) => ({ ...base(x.payment), match_kind: x.kind })),
      ...result.suggested.map((s) => {
        const yes = accepted.has(s.payment.archive_id);
        return { ...base(s.payment), state: yes ? 'booked' : 'suggested', match_kind: yes ? 'suggestion' : null, suggested_instance_id: s.instance_id, suggestion_reason: s.reason } as const;
      }),
      ...result.unmatched.map((u) => ({ ...base(u.payment), state: 'unmatched' as const })),
    ];
    const paymentIds = await repo.insertPayments(trx, rows);

    const action = (p: ParsedPayment, instanceId: number, amount: number, combined: boolean): Insertable<InvoiceActionsTable> => ({
      tenant_id: tenant.id,
      instance_id: instanceId,
      action_type: 'sync_payment',
      amount_c: amount,
      pay_date: p.booking_date,
      payer_name: p.payer_name,
      archive_id: p.archive_id,
      batch_id: batchId,
      bank_payment_id: paymentIds.get(p.archive_id)!,
      combined: combined ? 1 : 0,
      author_id: me?.id ?? null,
      created_at: at,
    });
    const actions = [
      ...result.matched.flatMap((x) => x.parts.map((part) => action(x.payment, part.instance_id, part.amount_c, x.kind === 'combined'))),
      ...take.map((s) => action(s.payment, s.instance_id, s.payment.amount_c, false)),
    ];
    const touched = [...new Set(actions.map((a) => a.instance_id))];
    // Hand actions on these instances wait for this booking (and see it).
    await lockInstances(trx, tenant.id, touched);
    await repo.insertActions(trx, actions);
    await recomputeMany(trx, tenant.id, touched, at);

    const booked = result.matched.length + take.length;
    await repo.updateStatement(trx, tenant.id, st.id, { status: 'applied', batch_id: batchId, booked, applied_at: at });
    line.context = 'invoices';
    line.data = [
      {
        field: 'bank_statement',
        new: {
          statement_id: st.id,
          format: st.format,
          source: st.source,
          filename: st.filename,
          entries: st.entries,
          total_c: st.total_c,
          booked,
          booked_c: actions.reduce((s, a) => s + (a.amount_c ?? 0), 0),
          exact: result.matched.filter((x) => x.kind === 'exact').length,
          combined: result.matched.filter((x) => x.kind === 'combined').length,
          accepted: take.length,
          accepted_archive_ids: take.map((s) => s.payment.archive_id),
          suggested: result.suggested.length - take.length,
          unmatched: result.unmatched.length,
          duplicates: result.duplicates.length,
          batch_id: batchId,
        },
      },
    ];
    return { batch_id: batchId, booked, waiting: result.suggested.length - take.length + result.unmatched.length, duplicates: result.duplicates.length };
  });
}

export async function applyReply(deps: Deps, tenant: Tenant, me: Member, id: number, accept: readonly string[]): Promise<z.infer<typeof bankApplyReply>> {
  const r = await apply(deps, tenant, me, id, accept);
  return { batch_id: r.batch_id, booked: r.booked };
}

/**
 * Undoes an applied statement: every action made from its payments (its own bookings and the
 * review's later assignments) and the payments themselves are deleted, the instances
 * recomputed, so the same file can be loaded again. `removed`: the payments that had bookings.
 */
export async function undo(deps: Deps, tenant: Pick<Tenant, 'id'>, me: Member | null, id: number): Promise<z.infer<typeof bankUndoReply>> {
  if (!(await repo.statementById(deps.db, tenant.id, id))) throw new NotFound();
  return act(deps, tenant, me, 'bank_statement_undone', async (trx, line, at) => {
    await repo.lockBank(trx, tenant.id);
    const st = (await repo.statementById(trx, tenant.id, id))!;
    if (st.status === 'undone') throw new NotAllowed('bank_statement_already_undone');
    if (st.status !== 'applied') throw new NotAllowed('bank_statement_not_applied');
    const paymentIds = await repo.paymentIdsOf(trx, tenant.id, st.id);
    const instances = await repo.instancesOfPayments(trx, tenant.id, paymentIds);
    await lockInstances(trx, tenant.id, instances);
    const { payments, actions } = await repo.deletePayments(trx, tenant.id, paymentIds);
    await recomputeMany(trx, tenant.id, instances, at);
    await repo.updateStatement(trx, tenant.id, st.id, { status: 'undone', undone_at: at });
    line.context = 'invoices';
    line.data = [{ field: 'bank_statement', old: { statement_id: st.id, filename: st.filename, booked: st.booked, batch_id: st.batch_id }, new: { undone: true, payments_removed: payments, actions_removed: actions } }];
    return { removed: payments };
  });
}

export async function statements(deps: Deps, tenant: Tenant, page: number): Promise<z.infer<typeof bankStatementsReply>> {
  const { rows, count } = await repo.statementsPage(deps.db, tenant.id, BANK_PAGE_SIZE, page * BANK_PAGE_SIZE);
  return {
    results: rows.map((r) => ({
      id: r.id,
      format: r.format,
      source: r.source,
      filename: r.filename,
      accounts: r.accounts === '' ? [] : r.accounts.split(' '),
      entries: r.entries,
      total_c: r.total_c,
      booked: r.booked,
      status: r.status,
      author: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
      created_at: r.created_at,
      applied_at: r.applied_at,
      undone_at: r.undone_at,
    })),
    count,
  };
}
