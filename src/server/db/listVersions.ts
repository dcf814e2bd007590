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
// With the version comes which members its last step wrote (migration 041), so a cached list
// that none of them is in, or whose members keep their place, can be carried on
// (members/list-answers.ts): PostgreSQL keeps the last 256 members' steps, SQLite the last 256 rows'.

type SqliteHandle = { pragma(source: string, options: { simple: true }): unknown };

/** At most this many members per step are told; more is "unknown" (migration 041). */
export const LIST_CHANGE_IDS = 64;
/** How many of the last members written are remembered: PostgreSQL's log entries, SQLite's rows (migration 041). */
export const LIST_CHANGE_LOG = 256;

interface SqliteTenant {
  count: number;
  /** The member of each of the last LIST_CHANGE_LOG row writes, by count; -1: not one member's row. */
  ring: Int32Array;
}

interface SqliteCounters {
  counts: Map<number, SqliteTenant>;
  models: Map<number, number>;
  sqlite: SqliteHandle;
}

const sqliteCounters = new WeakMap<object, SqliteCounters>();

/** Registers seura_list_changed on a new SQLite connection and ties its counters to the Kysely instance. */
export function registerSqliteVersions(
  sqlite: SqliteHandle & { function(name: string, opts: { deterministic: boolean; varargs?: boolean }, fn: (...args: unknown[]) => unknown): unknown },
  db: object,
): void {
  const counters: SqliteCounters = { counts: new Map(), models: new Map(), sqlite };
  // (tenant_id, member id or null): the member is remembered for the list caches' guards.
  sqlite.function('seura_list_changed', { deterministic: false, varargs: true }, (t: unknown, member?: unknown) => {
    const id = Number(t);
    let c = counters.counts.get(id);
    if (!c) counters.counts.set(id, (c = { count: 0, ring: new Int32Array(LIST_CHANGE_LOG) }));
    c.count += 1;
    c.ring[c.count % LIST_CHANGE_LOG] = member === undefined || member === null ? -1 : Number(member);
    return null;
  });
  sqlite.function('seura_model_changed', { deterministic: false }, (t: unknown) => {
    const id = Number(t);
    counters.models.set(id, (counters.models.get(id) ?? 0) + 1);
    return null;
  });
  sqliteCounters.set(db, counters);
}

/** The association's list version and field model version; null when they cannot be told (then nothing is cached). */
export interface Versions {
  list: string;
  model: string;
  /**
   * The members written since an older list version `from` (read with this one), or null when
   * that cannot be told: too long ago, too many, or a write to the field model.
   */
  changedSince(from: string): readonly number[] | null;
}

const distinctIds = (ids: Iterable<number>): number[] | null => {
  const out = [...new Set(ids)];
  return out.length > LIST_CHANGE_IDS ? null : out;
};

/** The association's versions, or null when they cannot be told. Read them before the data they key. */
export async function listVersions(db: Db, dialect: Dialect, tenantId: number): Promise<Versions | null> {
  if (dialect === 'postgres') {
    const r = await sql<{ version: number; model_version: number; changed_ids: number[]; changed_at: number[]; changed_since: number }>`
      select version, model_version, changed_ids, changed_at, changed_since from list_versions where tenant_id = ${tenantId}`.execute(db);
    const row = r.rows[0];
    const version = Number(row?.version ?? 0);
    // The log of the last steps' members is whole after changed_since (migration 041).
    const since = Number(row?.changed_since ?? version);
    return {
      list: `p${version}`,
      model: `p${row?.model_version ?? 0}`,
      changedSince(from) {
        const m = /^p(\d+)$/.exec(from);
        const f = m ? Number(m[1]) : NaN;
        if (f === version) return [];
        if (!(f >= since && f < version) || !row) return null;
        const at = row.changed_at;
        return distinctIds(row.changed_ids.filter((_, i) => Number(at[i]) > f).map(Number));
      },
    };
  }
  const c = sqliteCounters.get(db);
  if (!c) return null;
  try {
    const commits = String(c.sqlite.pragma('data_version', { simple: true }));
    const t = c.counts.get(tenantId);
    const count = t?.count ?? 0;
    return {
      list: `s${count}.${commits}`,
      model: `s${c.models.get(tenantId) ?? 0}.${commits}`,
      changedSince(from) {
        // Another connection's commits (a worker process) are not told: `commits` must be the same.
        const m = /^s(\d+)\.(.+)$/.exec(from);
        if (!m || m[2] !== commits) return null;
        const since = Number(m[1]);
        if (since > count || count - since > LIST_CHANGE_LOG) return null;
        const ids: number[] = [];
        for (let i = since + 1; i <= count; i++) {
          const id = t!.ring[i % LIST_CHANGE_LOG]!;
          if (id < 0) return null;
          ids.push(id);
        }
        return distinctIds(ids);
      },
    };
  } catch {
    // The connection is busy (an open iterator): no version, no cache.
    return null;
  }
}
