import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/kysely';

// Members whose email is still on its way out of the outbox (deliveries queued or being
// sent), for the delete guards in outgoing.ts. Uses the deliveries_member index.

/** Delivery statuses of email still on its way out of the outbox. */
// Held email (its message waits for payment) goes out once paid: it holds the member back too.
const OUTGOING = ['held', 'queued', 'sending'] as const;

/** How many of the members `where` (a condition over `members m`, tenant included) has email still going out. */
export async function countWithOutgoingEmail(db: Db, tenantId: number, where: RawBuilder<unknown>): Promise<number> {
  const r = await sql<{ n: number }>`select count(*) as n from members m where ${where} and exists (
      select 1 from deliveries d
      where d.tenant_id = ${tenantId} and d.member_id = m.id and d.medium = 'email' and d.status in (${sql.join(OUTGOING.map((s) => sql`${s}`))})
    )`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** Whether email to this member is still queued or being sent. */
export async function hasOutgoingEmail(db: Db, tenantId: number, memberId: number): Promise<boolean> {
  return (await countWithOutgoingEmail(db, tenantId, sql`m.tenant_id = ${tenantId} and m.id = ${memberId}`)) > 0;
}
