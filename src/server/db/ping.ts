import { sql } from 'kysely';
import type { Db } from './kysely';

/** Throws when the database does not answer (the health check's probe). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
