import { sql, type Kysely } from 'kysely';

// A member's email is unique in the association, now also in the database: two saves
// racing past the application's check can no longer both keep the same address.
//
// What is unique: the emails of members that are not removed and not pending
// applications. An application may carry a member's address (the admin sees it as a
// possible duplicate and approval refuses it), and removed members keep theirs.
//
// How it is compared: the stored value. Every write stores emails trimmed and lower-cased
// by JavaScript (src/shared/members/email.ts), so the index is on the plain column: an
// index on lower(email) would not do, as SQLite's lower() folds ASCII only while
// PostgreSQL's folds by locale, and both would differ from the application's rule.
//
// Existing data is brought in line first, without failing and without losing anything:
// 1. emails not yet in the stored form are normalised the same way (blank ones become none);
// 2. where several live members share an address, the one that has had it longest (the
//    lowest id, the one a login with that address already reached) keeps it; the others'
//    email is cleared, and each of them gets a member history entry with the address as
//    the old value and an activity-log line (member_email_duplicate_cleared), so the
//    admins can see whose address it was and put it right.

export const EMAIL_UNIQUE_INDEX = 'members_tenant_email_live';

interface Row {
  id: number;
  tenant_id: number;
  email: string;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  const rows = await sql<Row>`select id, tenant_id, email from members where email is not null order by id`.execute(db);
  for (const r of rows.rows) {
    const stored = r.email.trim().toLowerCase();
    if (stored !== r.email) await sql`update members set email = ${stored === '' ? null : stored} where id = ${r.id}`.execute(db);
  }

  const dupes = await sql<Row>`
    select m.id, m.tenant_id, m.email from members m
    where m.deleted_at is null and m.pending = 0 and m.email is not null
      and exists (select 1 from members o where o.tenant_id = m.tenant_id and o.email = m.email
                  and o.deleted_at is null and o.pending = 0 and o.id < m.id)
    order by m.id`.execute(db);
  for (const d of dupes.rows) {
    const label = await sql<{ label: string }>`select label from fields where tenant_id = ${d.tenant_id} and name = 'email'`.execute(db);
    const data = JSON.stringify([{ field: 'email', label: label.rows[0]?.label ?? 'Sähköposti', old: d.email, new: null }]);
    await sql`update members set email = null, updated_at = ${at} where tenant_id = ${d.tenant_id} and id = ${d.id}`.execute(db);
    await sql`insert into member_history (tenant_id, member_id, context, data, author_id, batch_id, at)
      values (${d.tenant_id}, ${d.id}, 'PersonUpdate', ${data}, null, null, ${at})`.execute(db);
    await sql`insert into activity_log (tenant_id, at, event, context, data, author_id, batch_id)
      values (${d.tenant_id}, ${at}, 'member_email_duplicate_cleared', ${`member:${String(d.id)}`}, ${data}, null, null)`.execute(db);
  }

  await sql`create unique index ${sql.id(EMAIL_UNIQUE_INDEX)} on members (tenant_id, email)
    where deleted_at is null and pending = 0 and email is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ${sql.id(EMAIL_UNIQUE_INDEX)}`.execute(db);
}
