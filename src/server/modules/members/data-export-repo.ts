import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/kysely';

// The reads of a person's data export (GDPR Art. 15), one per place the erasure reaches
// (erase-repo.ts): every query is by the tenant and this member's id, so nothing of another
// member is selected. Long lists are capped (DATA_EXPORT_MAX_ROWS) and the export says so.

/** Rows per list in one export; a member with more gets the newest ones and `truncated`. */
export const DATA_EXPORT_MAX_ROWS = 5000;

export interface Capped<T> {
  rows: T[];
  truncated: boolean;
}

async function capped<T>(q: { limit(n: number): { execute(): Promise<T[]> } }): Promise<Capped<T>> {
  const rows = await q.limit(DATA_EXPORT_MAX_ROWS + 1).execute();
  return { rows: rows.slice(0, DATA_EXPORT_MAX_ROWS), truncated: rows.length > DATA_EXPORT_MAX_ROWS };
}

export function mfaStateOf(db: Db, tenantId: number, memberId: number) {
  return db.selectFrom('member_security').select(['mfa_state', 'last_login_at']).where('tenant_id', '=', tenantId).where('member_id', '=', memberId).executeTakeFirst();
}

export function historyOf(db: Db, tenantId: number, memberId: number) {
  return capped(
    db
      .selectFrom('member_history as h')
      .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'h.tenant_id').onRef('a.id', '=', 'h.author_id'))
      .select(['h.id', 'h.at', 'h.context', 'h.data', 'a.firstname as author_firstname', 'a.lastname as author_lastname'])
      .where('h.tenant_id', '=', tenantId)
      .where('h.member_id', '=', memberId)
      .orderBy('h.at', 'desc')
      .orderBy('h.id', 'desc'),
  );
}

export function groupNamesOf(db: Db, tenantId: number, memberId: number) {
  return db
    .selectFrom('member_groups as mg')
    .innerJoin('groups as g', (j) => j.onRef('g.tenant_id', '=', 'mg.tenant_id').onRef('g.id', '=', 'mg.group_id'))
    .select(['g.name', 'g.label'])
    .where('mg.tenant_id', '=', tenantId)
    .where('mg.member_id', '=', memberId)
    .orderBy('g.position')
    .execute();
}

/** Messages delivered to them: the message's kind and subject, and their own delivery. */
export function deliveriesOf(db: Db, tenantId: number, memberId: number) {
  return capped(
    db
      .selectFrom('deliveries as d')
      .innerJoin('messages as m', (j) => j.onRef('m.tenant_id', '=', 'd.tenant_id').onRef('m.id', '=', 'd.message_id'))
      .select(['d.id', 'm.kind', 'm.subject', 'd.medium', 'd.address', 'd.status', 'd.created_at', 'd.status_at', 'm.sent_at'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.member_id', '=', memberId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc'),
  );
}

export function contactStatesOf(db: Db, tenantId: number, memberId: number) {
  return db.selectFrom('contact_states').select(['medium', 'address', 'outcome', 'at']).where('tenant_id', '=', tenantId).where('member_id', '=', memberId).orderBy('medium').execute();
}

export function invoiceInstancesOf(db: Db, tenantId: number, memberId: number) {
  return capped(
    db
      .selectFrom('invoice_instances as i')
      .innerJoin('invoices as v', (j) => j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.invoice_id'))
      .leftJoin('messages as m', (j) => j.onRef('m.tenant_id', '=', 'v.tenant_id').onRef('m.id', '=', 'v.message_id'))
      .select([
        'i.id',
        'i.kind',
        'i.invoice_number',
        'i.reference',
        'i.recipient_name',
        'i.recipient_address',
        'i.recipient_email',
        'i.amount_c',
        'i.paid_c',
        'i.credited_c',
        'i.mark',
        'i.date_due',
        'i.created_at',
        'v.invoice_date',
        'm.subject',
      ])
      .where('i.tenant_id', '=', tenantId)
      .where('i.member_id', '=', memberId)
      .orderBy('i.invoice_number', 'desc'),
  );
}

/** Actions on their invoice instances, with the bank payment an action booked (if any). */
export function invoiceActionsOf(db: Db, tenantId: number, instanceIds: readonly number[]) {
  if (instanceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoice_actions as a')
    .leftJoin('bank_payments as b', (j) => j.onRef('b.tenant_id', '=', 'a.tenant_id').onRef('b.id', '=', 'a.bank_payment_id'))
    .select([
      'a.id',
      'a.instance_id',
      'a.action_type',
      'a.amount_c',
      'a.comment',
      'a.pay_date',
      'a.payer_name',
      'a.date_due',
      'a.created_at',
      'b.booking_date as bank_booking_date',
      'b.amount_c as bank_amount_c',
      'b.payer_name as bank_payer_name',
      'b.message as bank_message',
      'b.reference as bank_reference',
    ])
    .where('a.tenant_id', '=', tenantId)
    .where('a.instance_id', 'in', [...instanceIds])
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}

export function claimsOf(db: Db, tenantId: number, memberId: number) {
  return capped(
    db
      .selectFrom('expense_claims')
      .select(['id', 'status', 'description', 'amount_c', 'person_name', 'person_account_number', 'date_min', 'date_max', 'created_at', 'date_accepted', 'date_rejected', 'rejection_reason', 'date_paid'])
      .where('tenant_id', '=', tenantId)
      .where('person_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}

export function claimItemsOf(db: Db, tenantId: number, claimIds: readonly number[]) {
  if (claimIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('expense_claim_items')
    .select(['claim_id', 'position', 'type', 'date', 'description', 'amount_c', 'location', 'km'])
    .where('tenant_id', '=', tenantId)
    .where('claim_id', 'in', [...claimIds])
    .orderBy('claim_id')
    .orderBy('position')
    .execute();
}

export function claimEventsOf(db: Db, tenantId: number, claimIds: readonly number[]) {
  if (claimIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('expense_claim_events')
    .select(['claim_id', 'kind', 'from_status', 'to_status', 'comment', 'author_name', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('claim_id', 'in', [...claimIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Their receipt files by name and size (the bytes are not part of the export). */
export function claimFilesOf(db: Db, tenantId: number, memberId: number) {
  return db.selectFrom('expense_claim_files').select(['claim_id', 'filename', 'mime', 'bytes', 'created_at']).where('tenant_id', '=', tenantId).where('member_id', '=', memberId).orderBy('id').execute();
}

/** Log entries about them (context member:<id>) or authored by them. */
export function logOf(db: Db, tenantId: number, memberId: number) {
  return capped(
    db
      .selectFrom('activity_log as l')
      .leftJoin('members as a', (j) => j.onRef('a.tenant_id', '=', 'l.tenant_id').onRef('a.id', '=', 'l.author_id'))
      .select(['l.id', 'l.at', 'l.event', 'l.context', 'l.data', 'l.author_id', 'a.firstname as author_firstname', 'a.lastname as author_lastname'])
      .where('l.tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('l.context', '=', `member:${memberId}`), eb('l.author_id', '=', memberId)]))
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc'),
  );
}

/** Other log entries whose data names one of their addresses (e.g. a bulk edit's line). */
export function logNamingOf(db: Db, dialect: Dialect, tenantId: number, memberId: number, terms: readonly string[]) {
  const usable = terms.filter((t) => t.length >= 5);
  if (usable.length === 0) return Promise.resolve({ rows: [], truncated: false });
  const like = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // SQLite's lower() folds ASCII only; seura_lower (db/kysely.ts) folds ä, ö, å as JS does.
  const lowered = dialect === 'sqlite' ? sql`seura_lower(data)` : sql`lower(data)`;
  return capped(
    db
      .selectFrom('activity_log')
      .select(['id', 'at', 'event', 'context', 'data'])
      .where('tenant_id', '=', tenantId)
      .where('context', '<>', `member:${memberId}`)
      .where((eb) => eb.or([eb('author_id', 'is', null), eb('author_id', '<>', memberId)]))
      .where(sql<boolean>`(${sql.join(
        usable.map((t) => sql`${lowered} like ${like(t.toLowerCase())} escape '\\'`),
        sql` or `,
      )})`)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc'),
  );
}

export function editLinksOf(db: Db, tenantId: number, memberId: number) {
  return db
    .selectFrom('edit_links')
    .select(['source', 'sent_to', 'created_at', 'expires_at', 'opened_at', 'outcome', 'outcome_at'])
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(DATA_EXPORT_MAX_ROWS)
    .execute();
}

export function memberCardsOf(db: Db, tenantId: number, memberId: number) {
  return db
    .selectFrom('member_cards')
    .select(['created_at', 'valid_until', 'opened_at'])
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .limit(DATA_EXPORT_MAX_ROWS)
    .execute();
}

/** Their sign-ins still open: when, from where, with what browser (never the session id, which is the key). */
export function sessionsOf(db: Db, tenantId: number, memberId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .orderBy('last_seen_at', 'desc')
    .limit(DATA_EXPORT_MAX_ROWS)
    .execute();
}
