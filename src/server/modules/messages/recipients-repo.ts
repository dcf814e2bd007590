import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/kysely';
import type { Filter } from '../../../shared/filter/types';
import type { ReachMember } from '../../../shared/messages/reach';
import { filterSql } from '../members/filter-sql';
import type { MemberModel } from '../members/model';

// Who a message goes to: the members the filter matches (the member list's own filter SQL,
// live and approved members only) plus the hand-picked members of the same association.

export interface RecipientScope {
  db: Db;
  dialect: Dialect;
  tenantId: number;
  model: MemberModel;
  /** null: nobody from a filter, only the hand-picked (an empty filter [] matches everyone, as in the member list). */
  filter: Filter | null;
  addrecips: readonly number[];
  /** Everyone, hand-picked or matched, must also match this (member cards: the design's groups). */
  within?: Filter | null;
}

/** A recipient with what reach needs and what a delivery's address is made of. */
export type Recipient = ReachMember;

function whereOf(s: RecipientScope): RawBuilder<SqlBool> {
  const picked = s.addrecips.length > 0 ? sql<SqlBool>`m.id in (${sql.join(s.addrecips.map((id) => sql`${id}`))})` : null;
  const matched = s.filter === null ? null : filterSql(s.dialect, s.tenantId, s.model, s.filter);
  // Only the parts in use: an "or" with a constant false would keep the planner off the filter's indexes.
  const who = matched && picked ? sql<SqlBool>`(${matched} or ${picked})` : (matched ?? picked ?? sql<SqlBool>`1 = 0`);
  const within = s.within ? sql<SqlBool>` and ${filterSql(s.dialect, s.tenantId, s.model, s.within)}` : sql``;
  // Deleted members and pending applications are never recipients, hand-picked or not.
  return sql<SqlBool>`m.tenant_id = ${s.tenantId} and m.deleted_at is null and m.pending = 0 and ${who}${within}`;
}

type Row = Omit<Recipient, 'last_email' | 'last_sms'>;

/** The recipients in member-id order, without their recorded outcomes (see outcomes.ts). */
export async function recipients(s: RecipientScope): Promise<Row[]> {
  const r = await sql<Row>`
    select m.id, m.firstname, m.lastname, m.email, m.phone, m.address_street, m.address_zip, m.address_city
    from members m
    where ${whereOf(s)}
    order by m.id`.execute(s.db);
  return r.rows;
}

/** The association's recorded outcomes of one medium: one scan, for a large recipient list. */
export function outcomesOfMedium(db: Db, tenantId: number, medium: 'email' | 'sms') {
  return db.selectFrom('contact_states').select(['member_id', 'address', 'outcome']).where('tenant_id', '=', tenantId).where('medium', '=', medium).execute();
}
