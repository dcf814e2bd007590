import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { DeliveryStatusName } from '../../../shared/schemas/messages';
import type { InstanceLink } from '../../../shared/updreqs/status';

// The SQL of update requests' instances: each delivery with the edit link it carried.
// Counting is one grouped query for all the messages of a page (delivery status × link
// state), so a request with thousands of recipients is a few rows, not thousands.

export interface InstanceGroup {
  messageId: number;
  delivery: DeliveryStatusName;
  link: InstanceLink | null;
  n: number;
}

type Outcome = InstanceLink['outcome'];

const linkOf = (hasLink: unknown, opened: unknown, outcome: Outcome): InstanceLink | null =>
  Number(hasLink) === 1 ? { opened: Number(opened) === 1, outcome: outcome ?? null } : null;

/** Deliveries of the messages grouped by status, whether a link was issued and opened, and its outcome. */
export async function instanceGroups(db: Db, tenantId: number, messageIds: readonly number[]): Promise<InstanceGroup[]> {
  if (messageIds.length === 0) return [];
  const hasLink = sql<number>`case when l.id is null then 0 else 1 end`;
  const opened = sql<number>`case when l.opened_at is null then 0 else 1 end`;
  const rows = await db
    .selectFrom('deliveries as d')
    // The link index is (tenant_id, message_id, delivery_id).
    .leftJoin('edit_links as l', (j) => j.onRef('l.tenant_id', '=', 'd.tenant_id').onRef('l.message_id', '=', 'd.message_id').onRef('l.delivery_id', '=', 'd.id'))
    .select(['d.message_id', 'd.status', hasLink.as('has_link'), opened.as('opened'), 'l.outcome', (eb) => eb.fn.countAll<number>().as('n')])
    .where('d.tenant_id', '=', tenantId)
    .where('d.message_id', 'in', [...messageIds])
    .groupBy(['d.message_id', 'd.status', hasLink, opened, 'l.outcome'])
    .execute();
  return rows.map((r) => ({ messageId: r.message_id, delivery: r.status, link: linkOf(r.has_link, r.opened, r.outcome), n: Number(r.n) }));
}

/** A page of the message's deliveries with the recipient's current name and the link's state. */
export async function instancePage(db: Db, tenantId: number, messageId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('deliveries as d')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'd.member_id').onRef('m.tenant_id', '=', 'd.tenant_id'))
    .leftJoin('edit_links as l', (j) => j.onRef('l.tenant_id', '=', 'd.tenant_id').onRef('l.message_id', '=', 'd.message_id').onRef('l.delivery_id', '=', 'd.id'))
    .select(['d.id', 'd.member_id', 'd.address', 'd.status', 'd.status_at', 'm.firstname', 'm.lastname', 'l.id as link_id', 'l.opened_at', 'l.outcome', 'l.outcome_at'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.message_id', '=', messageId)
    .orderBy('d.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    ...r,
    link: r.link_id === null ? null : { opened: r.opened_at !== null, outcome: r.outcome ?? null },
    // The latest thing that happened to the instance.
    at: [r.status_at, r.opened_at, r.outcome_at].filter((x): x is string => x !== null).sort().at(-1) ?? r.status_at,
  }));
}
