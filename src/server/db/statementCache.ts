import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

// Kysely's SQLite driver prepares every query it runs anew. Preparing (parsing and planning)
// a list query costs SQLite 0.1–0.5 ms, often more than running it, and the same texts come
// back all the time: the session check on every request, a long list's chunk reads. So the
// database Kysely gets keeps the last statements it prepared, by their SQL text.
//
// A statement is reused only when it is not in the middle of an iteration (a streamed
// select): then a new one is prepared. SQLite re-prepares a kept statement by itself after a
// schema change, so a migration or a temporary table made later does not make one stale.

export const STATEMENT_CACHE_SIZE = 300;

export function cachingStatements(sqlite: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase & { readonly cached: number } {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    get cached() {
      return kept.size;
    },
    prepare(text: string) {
      const found = kept.get(text);
      kept.delete(text);
      const stmt = found && !found.busy ? found : sqlite.prepare(text);
      // Most recently used last: the first key is the one to drop.
      kept.set(text, stmt);
      if (kept.size > size) kept.delete(kept.keys().next().value!);
      return stmt;
    },
  };
}
