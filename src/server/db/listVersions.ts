import { sql } from 'kysely';
import type { Db, Dialect } from './kysely';

// A per-association version of everything a member list reads (members, their values and
// groups, contact states, fields, groups, settings), so a list cache can key on it and a
// cached count or page is never served after a write (members/list-cache.ts).
//
// - PostgreSQL: migration 030's deferred constraint triggers bump `list_versions` once per
//   transaction and association, at commit. The row lock is taken as the transaction ends,
//   never while it still takes other locks, so writers of one association are not serialised
//   by it and cannot deadlock on it. The bump commits with the data: a reader that reads the
//   version first and then the data caches nothing older than the version.
// - SQLite: the triggers call seura_list_changed(tenant_id), a function of this process that
//   counts in memory (one writer, one connection: a reader waits for an open transaction, so
//   it never reads a bumped counter with old data). Commits by other processes (a separate
//   worker) are seen through PRAGMA data_version, which changes with each of them.

type SqliteHandle = { pragma(source: string, options: { simple: true }): unknown };

interface SqliteCounters {
  counts: Map<number, number>;
  sqlite: SqliteHandle;
}

const sqliteCounters = new WeakMap<object, SqliteCounters>();

/** Registers seura_list_changed on a new SQLite connection and ties its counters to the Kysely instance. */
export function registerSqliteVersions(
  sqlite: SqliteHandle & { function(name: string, opts: { deterministic: boolean }, fn: (t: unknown) => unknown): unknown },
  db: object,
): void {
  const counters: SqliteCounters = { counts: new Map(), sqlite };
  sqlite.function('seura_list_changed', { deterministic: false }, (t: unknown) => {
    const id = Number(t);
    counters.counts.set(id, (counters.counts.get(id) ?? 0) + 1);
    return null;
  });
  sqliteCounters.set(db, counters);
}

/**
 * The association's list version, or null when it cannot be told (then nothing is cached).
 * Read it before the data it keys.
 */
export async function listVersion(db: Db, dialect: Dialect, tenantId: number): Promise<string | null> {
  if (dialect === 'postgres') {
    const r = await sql<{ version: number }>`select version from list_versions where tenant_id = ${tenantId}`.execute(db);
    return `p${r.rows[0]?.version ?? 0}`;
  }
  const c = sqliteCounters.get(db);
  if (!c) return null;
  try {
    return `s${c.counts.get(tenantId) ?? 0}.${String(c.sqlite.pragma('data_version', { simple: true }))}`;
  } catch {
    // The connection is busy (an open iterator): no version, no cache.
    return null;
  }
}
