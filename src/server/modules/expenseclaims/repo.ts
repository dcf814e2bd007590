import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { ExpenseClaimEventsTable, ExpenseClaimItemsTable, ExpenseClaimsTable, ExpenseClaimStatus } from '../../db/schema';
import { EXPENSE_CLAIMS_PAGE_SIZE } from '../../../shared/constants';
import type { PricedItem } from './pricing';

// SQL of expense claims, their items and events. Every function takes the tenant first; a
// status change is conditional on the status it expects, so two requests cannot both move it.

export type Claim = Selectable<ExpenseClaimsTable>;
export type Item = Selectable<ExpenseClaimItemsTable>;
export type Event = Selectable<ExpenseClaimEventsTable>;
type ClaimRow = Omit<Insertable<ExpenseClaimsTable>, 'tenant_id' | 'id'>;

export function find(db: Db, tenantId: number, id: number): Promise<Claim | undefined> {
  return db.selectFrom('expense_claims').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function insert(db: Db, tenantId: number, row: ClaimRow): Promise<number> {
  const r = await db.insertInto('expense_claims').values({ ...row, tenant_id: tenantId }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Updates a claim only while it is still in `expected` status; false when it was not. */
export async function updateIf(db: Db, tenantId: number, id: number, expected: ExpenseClaimStatus, set: Partial<ClaimRow>): Promise<boolean> {
  const r = await db.updateTable('expense_claims').set(set).where('tenant_id', '=', tenantId).where('id', '=', id).where('status', '=', expected).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function replaceItems(db: Db, tenantId: number, claimId: number, items: readonly PricedItem[]): Promise<void> {
  await db.deleteFrom('expense_claim_items').where('tenant_id', '=', tenantId).where('claim_id', '=', claimId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('expense_claim_items')
    .values(items.map((it, position) => ({ ...it, tenant_id: tenantId, claim_id: claimId, position })))
    .execute();
}

export function itemsOf(db: Db, tenantId: number, claimId: number): Promise<Item[]> {
  return db.selectFrom('expense_claim_items').selectAll().where('tenant_id', '=', tenantId).where('claim_id', '=', claimId).orderBy('position').execute();
}

export async function addEvent(db: Db, tenantId: number, e: Omit<Insertable<ExpenseClaimEventsTable>, 'tenant_id' | 'id'>): Promise<void> {
  await db.insertInto('expense_claim_events').values({ ...e, tenant_id: tenantId }).execute();
}

export function eventsOf(db: Db, tenantId: number, claimId: number): Promise<Event[]> {
  return db.selectFrom('expense_claim_events').selectAll().where('tenant_id', '=', tenantId).where('claim_id', '=', claimId).orderBy('id').execute();
}

/** Claims of the association created at or after the instant (ISO): the tier's yearly count. */
export async function countCreatedSince(db: Db, tenantId: number, since: string): Promise<number> {
  const r = await db.selectFrom('expense_claims').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The member's own claims, newest first. */
export function mine(db: Db, tenantId: number, personId: number): Promise<Claim[]> {
  return db.selectFrom('expense_claims').selectAll().where('tenant_id', '=', tenantId).where('person_id', '=', personId).orderBy('id', 'desc').execute();
}

/** A claimant-account's claims in the given statuses, newest first. */
export function ofClaimant(db: Db, tenantId: number, personId: number, account: string, statuses: readonly ExpenseClaimStatus[]): Promise<Claim[]> {
  return db
    .selectFrom('expense_claims')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', personId)
    .where('person_account_number', '=', account)
    .where('status', 'in', statuses)
    .orderBy('id', 'desc')
    .execute();
}

/** The claimant's per diem days and km amounts on items dated in [from, to] of claims not rejected. */
export async function volunteerTotals(db: Db, tenantId: number, personId: number, from: string, to: string): Promise<{ days: number; kmCents: number }> {
  const r = await db
    .selectFrom('expense_claim_items as i')
    .innerJoin('expense_claims as c', (j) => j.onRef('c.id', '=', 'i.claim_id').onRef('c.tenant_id', '=', 'i.tenant_id'))
    .select([
      sql<string | null>`sum(coalesce(i.per_diem_full, 0) + coalesce(i.per_diem_partial, 0))`.as('days'),
      sql<string | null>`sum(case when i.type = 'km' then i.amount_c else 0 end)`.as('km'),
    ])
    .where('i.tenant_id', '=', tenantId)
    .where('c.person_id', '=', personId)
    .where('c.status', '!=', 'rejected')
    .where('i.date', '>=', from)
    .where('i.date', '<=', to)
    .executeTakeFirstOrThrow();
  return { days: Number(r.days ?? 0), kmCents: Number(r.km ?? 0) };
}

export interface ClaimantGroup {
  person_id: number;
  person_name: string;
  person_account_number: string;
  latest_at: string;
  pending_n: number;
  accepted_n: number;
  rejected_n: number;
  paid_n: number;
  pending_c: number;
  accepted_c: number;
  rejected_c: number;
  paid_c: number;
}

/**
 * Claimant-accounts with their counts and totals per status, newest activity first; those
 * with only paid claims (all in the archive) are left out. One grouped query and its count.
 */
export async function claimants(db: Db, tenantId: number, page: number): Promise<{ rows: ClaimantGroup[]; count: number }> {
  const per = (status: ExpenseClaimStatus, what: 'n' | 'c') =>
    what === 'n' ? sql<string>`sum(case when status = ${status} then 1 else 0 end)` : sql<string>`sum(case when status = ${status} then amount_c else 0 end)`;
  const grouped = db
    .selectFrom('expense_claims')
    .select([
      'person_id',
      'person_account_number',
      sql<string>`max(person_name)`.as('person_name'),
      sql<string>`max(updated_at)`.as('latest_at'),
      per('pending', 'n').as('pending_n'),
      per('accepted', 'n').as('accepted_n'),
      per('rejected', 'n').as('rejected_n'),
      per('paid', 'n').as('paid_n'),
      per('pending', 'c').as('pending_c'),
      per('accepted', 'c').as('accepted_c'),
      per('rejected', 'c').as('rejected_c'),
      per('paid', 'c').as('paid_c'),
    ])
    .where('tenant_id', '=', tenantId)
    .groupBy(['person_id', 'person_account_number'])
    .having(sql<boolean>`sum(case when status <> 'paid' then 1 else 0 end) > 0`);
  const [rows, count] = await Promise.all([
    grouped.orderBy('latest_at', 'desc').orderBy('person_id').limit(EXPENSE_CLAIMS_PAGE_SIZE).offset(page * EXPENSE_CLAIMS_PAGE_SIZE).execute(),
    db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const num = (v: unknown) => Number(v ?? 0);
  return {
    count: Number(count.n),
    rows: rows.map((r) => ({
      person_id: r.person_id,
      person_name: r.person_name,
      person_account_number: r.person_account_number,
      latest_at: r.latest_at,
      pending_n: num(r.pending_n),
      accepted_n: num(r.accepted_n),
      rejected_n: num(r.rejected_n),
      paid_n: num(r.paid_n),
      pending_c: num(r.pending_c),
      accepted_c: num(r.accepted_c),
      rejected_c: num(r.rejected_c),
      paid_c: num(r.paid_c),
    })),
  };
}

/** The archive: paid claims, newest batch first. */
export async function paidPage(db: Db, tenantId: number, page: number): Promise<{ rows: Claim[]; count: number }> {
  const base = db.selectFrom('expense_claims').where('tenant_id', '=', tenantId).where('status', '=', 'paid');
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('paid_batch', 'desc').orderBy('id', 'desc').limit(EXPENSE_CLAIMS_PAGE_SIZE).offset(page * EXPENSE_CLAIMS_PAGE_SIZE).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** Moves every accepted claim of the claimant-account to paid; returns the ones moved. */
export async function markPaid(db: Db, tenantId: number, personId: number, account: string, at: string, batch: string): Promise<{ id: number; amount_c: number }[]> {
  return db
    .updateTable('expense_claims')
    .set({ status: 'paid', date_paid: at, paid_batch: batch, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', personId)
    .where('person_account_number', '=', account)
    .where('status', '=', 'accepted')
    .returning(['id', 'amount_c'])
    .execute();
}

/** Erasure: the claims of these members keep their amounts and accounts but not their names. */
export async function pseudonymise(db: Db, tenantId: number, ids: readonly number[], redacted: string): Promise<void> {
  if (ids.length === 0) return;
  // The claimant's name on the claim becomes their accounting pseudonym (retention/pseudonymise.ts).
  await db.updateTable('expense_claims').set({ author_id: null }).where('tenant_id', '=', tenantId).where('person_id', 'in', ids).execute();
  await db.updateTable('expense_claims').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', ids).execute();
  await db.updateTable('expense_claim_events').set({ author_name: redacted, author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', ids).execute();
}
