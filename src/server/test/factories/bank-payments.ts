import crypto from 'node:crypto';
import type { Db } from '../../db/kysely';
import type { BankPaymentsTable } from '../../db/schema';
import type { ParsedPayment } from '../../modules/bank/types';
import { insertInvoiceRows } from './invoice-rows';

// An applied bank statement and its payments, written straight to the database, for the tests
// of what comes after applying (the review list, assigning, dismissing) without a statement file.

export type PaymentSeed = Partial<ParsedPayment> &
  Pick<ParsedPayment, 'amount_c'> & {
    state?: BankPaymentsTable['state'];
    suggested_instance_id?: number;
    suggestion_reason?: NonNullable<BankPaymentsTable['suggestion_reason']>;
  };

export interface AppliedStatement {
  statementId: number;
  batchId: string;
  paymentIds: number[];
}

let seq = 0;

/** `at`: when the statement came (ISO), default now. */
export async function appliedStatement(db: Db, tenantId: number, seeds: readonly PaymentSeed[], at = new Date().toISOString()): Promise<AppliedStatement> {
  const parsed: ParsedPayment[] = seeds.map((s) => ({
    archive_id: s.archive_id ?? `TESTARC${String(++seq).padStart(6, '0')}${crypto.randomUUID().slice(0, 8)}`,
    account: s.account ?? 'FI2112345600000785',
    amount_c: s.amount_c,
    booking_date: s.booking_date ?? at.slice(0, 10),
    value_date: s.value_date ?? null,
    payer_name: s.payer_name ?? '',
    reference: s.reference ?? null,
    message: s.message ?? '',
  }));
  const batchId = crypto.randomUUID();
  const statement = await db
    .insertInto('bank_statements')
    .values({
      tenant_id: tenantId,
      format: 'camt054',
      source: 'upload',
      filename: 'testi.xml',
      sha256: crypto.randomBytes(32).toString('hex'),
      accounts: [...new Set(parsed.map((p) => p.account))].join(' '),
      entries: parsed.length,
      total_c: parsed.reduce((s, p) => s + p.amount_c, 0),
      payments: JSON.stringify(parsed),
      status: 'applied',
      batch_id: batchId,
      created_at: at,
      applied_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const paymentIds: number[] = [];
  for (const [i, p] of parsed.entries()) {
    const s = seeds[i]!;
    const state = s.state ?? (s.suggested_instance_id ? 'suggested' : 'unmatched');
    const row = await db
      .insertInto('bank_payments')
      .values({
        tenant_id: tenantId,
        statement_id: statement.id,
        ...p,
        state,
        match_kind: state === 'booked' ? 'exact' : null,
        suggested_instance_id: s.suggested_instance_id ?? null,
        suggestion_reason: s.suggested_instance_id ? (s.suggestion_reason ?? 'reference_typo') : null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    paymentIds.push(row.id);
  }
  return { statementId: statement.id, batchId, paymentIds };
}

/** A bare invoice instance (with its invoice and message rows), sent; for tests that need only an id. */
export async function bareInstance(db: Db, tenantId: number, opts: { amount_c?: number; member_id?: number | null; kind?: 'invoice' | 'credit' } = {}): Promise<number> {
  const at = new Date().toISOString();
  const amount = opts.amount_c ?? 1000;
  const { messageId, invoiceId } = await insertInvoiceRows(db, tenantId, { amount_c: amount, at });
  const number = 700_000 + ++seq;
  const inst = await db
    .insertInto('invoice_instances')
    .values({
      tenant_id: tenantId,
      invoice_id: invoiceId,
      message_id: messageId,
      member_id: opts.member_id ?? null,
      recipient_name: 'Testi Maksaja',
      kind: opts.kind ?? 'invoice',
      invoice_number: number,
      reference: `${number}0`,
      amount_c: opts.kind === 'credit' ? -amount : amount,
      date_due: '2099-01-01',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inst.id;
}
