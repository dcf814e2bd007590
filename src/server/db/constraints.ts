import { EMAIL_UNIQUE_INDEX } from './migrations/016_unique_email';

// Unique indexes the application also checks before writing. Two requests can pass that
// check together; the second write then breaks the index, and the error handler answers
// it as the check would have, never as a server error.

/** The write broke the "one live member per email" index (migration 016). */
export function isEmailTaken(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  // PostgreSQL names the index; SQLite names the indexed columns.
  if (e.code === '23505') return e.constraint === EMAIL_UNIQUE_INDEX;
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof e.message === 'string' && e.message.includes('members.tenant_id, members.email');
}
