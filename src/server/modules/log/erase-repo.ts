import type { Db } from '../../db/kysely';

// The one sanctioned change to log rows: a permanently deleted member's personal data
// leaves the log (GDPR). Entries *about* the member and their sign-ins are emptied by
// members/bulk.ts; these are the entries that list several members' data at once.

interface Datum {
  field: string;
  old?: unknown;
  new?: unknown;
}

/** Removes the members from deleted-field value lists and deleted-group member lists. */
export async function scrubMembersFromListings(db: Db, tenantId: number, memberIds: readonly number[]): Promise<void> {
  const gone = new Set(memberIds);
  const rows = await db
    .selectFrom('activity_log')
    .select(['id', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('event', 'in', ['field_deleted', 'group_deleted'])
    .execute();
  for (const row of rows) {
    const data = JSON.parse(row.data) as Datum[];
    let changed = false;
    const next = data.map((d) => {
      if (!Array.isArray(d.old)) return d;
      const kept = (d.old as unknown[]).filter((item) => {
        const id = typeof item === 'number' ? item : (item as { member_id?: unknown } | null)?.member_id;
        return !(typeof id === 'number' && gone.has(id));
      });
      if (kept.length === d.old.length) return d;
      changed = true;
      return { ...d, old: kept };
    });
    if (changed) await db.updateTable('activity_log').set({ data: JSON.stringify(next) }).where('tenant_id', '=', tenantId).where('id', '=', row.id).execute();
  }
}
