import { sql } from 'kysely';
import type { Db, Dialect } from './kysely';

// A per-association version of everything a member list reads (members, their values and
// groups, contact states, fields, groups, settings), so a list cache can key on it and a
// cached count or page is never served after a write (members/list-cache.ts). Beside it the
// version of the field model alone (fields, groups, settings; migration 032), which a saved
// member leaves as it was, kept the same two ways.
//
// - PostgreSQL: `list_versions` is bumped once per transaction and association, at commit:
//   statement triggers note the associations a statement wrote as one `list_bumps` row per
//   transaction, whose deferred trigger does the bump (migration 036; 030's deferred trigger
//   per row had cost 300 000 calls at the commit of a whole-register edit). The row lock is taken as the transaction ends,
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
  models: Map<number, number>;
  sqlite: SqliteHandle;
}

const sqliteCounters = new WeakMap<object, SqliteCounters>();

/** Registers seura_list_changed on a new SQLite connection and ties its counters to the Kysely instance. */
export function registerSqliteVersions(
  sqlite: SqliteHandle & { function(name: string, opts: { deterministic: boolean }, fn: (t: unknown) => unknown): unknown },
  db: object,
): void {
  const counters: SqliteCounters = { counts: new Map(), models: new Map(), sqlite };
  const counter = (counts: Map<number, number>) => (t: unknown) => {
    const id = Number(t);
    counts.set(id, (counts.get(id) ?? 0) + 1);
    return null;
  };
  sqlite.function('seura_list_changed', { deterministic: false }, counter(counters.counts));
  sqlite.function('seura_model_changed', { deterministic: false }, counter(counters.models));
  sqliteCounters.set(db, counters);
}

/** The association's list version and field model version; null when they cannot be told (then nothing is cached). */
export interface Versions {
  list: string;
  model: string;
}

/** The association's versions, or null when they cannot be told. Read them before the data they key. */
export async function listVersions(db: Db, dialect: Dialect, tenantId: number): Promise<Versions | null> {
  if (dialect === 'postgres') {
    const r = await sql<{ version: number; model_version: number }>`select version, model_version from list_versions where tenant_id = ${tenantId}`.execute(db);
    return { list: `p${r.rows[0]?.version ?? 0}`, model: `p${r.rows[0]?.model_version ?? 0}` };
  }
  const c = sqliteCounters.get(db);
  if (!c) return null;
  try {
    const commits = String(c.sqlite.pragma('data_version', { simple: true }));
    return { list: `s${c.counts.get(tenantId) ?? 0}.${commits}`, model: `s${c.models.get(tenantId) ?? 0}.${commits}` };
  } catch {
    // The connection is busy (an open iterator): no version, no cache.
    return null;
  }
}
