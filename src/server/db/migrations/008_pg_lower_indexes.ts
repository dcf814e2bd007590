import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../kysely';

// Filters compare text case-insensitively. On PostgreSQL "equals" on a fixed column is
// lower(col) = lower($1) (members/filter-sql.ts); these tenant-first expression indexes
// answer it without scanning the association's members. SQLite needs none: its LIKE on
// these columns already meets the list budgets (README "Performance").
const COLUMNS = ['firstname', 'lastname', 'email', 'address_street', 'address_zip', 'address_city'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const c of COLUMNS) {
    await sql`create index if not exists ${sql.id(`members_tenant_lower_${c}`)} on members (tenant_id, lower(${sql.id(c)}))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const c of COLUMNS) await sql`drop index if exists ${sql.id(`members_tenant_lower_${c}`)}`.execute(db);
}
