import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { finnishSortKey } from '../../shared/finnish/collation';
import { registerSqliteVersions } from './listVersions';
import { cachingStatements } from './statementCache';
import { settleBackground } from './background';
import { checkpointElsewhere } from './checkpointer';
import { readElsewhere } from './sqliteReader';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function openSqlite(file: string): DbHandle {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A bulk edit grows the log by 100–200 MB; once it has been copied back, the file is cut to this.
  sqlite.pragma('journal_size_limit = 67108864');
  // Freed pages are zeroed, so a permanently deleted member's text does not linger in the file (GDPR erase).
  sqlite.pragma('secure_delete = ON');
  // Unicode lower case for filters on terms with ä, ö, å… (SQLite's own lower() folds ASCII only).
  sqlite.function('seura_lower', { deterministic: true }, (s: unknown) => (s === null ? null : String(s).toLowerCase()));
  // Finnish name order (migration 017's triggers keep members.sort_* with it).
  sqlite.function('seura_sort_key', { deterministic: true }, (s: unknown) => (s === null ? null : finnishSortKey(String(s))));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  // Migration 030's triggers count changes per association for the list caches.
  registerSqliteVersions(sqlite, db);
  // Checkpoints run on a worker thread instead of in whichever request commits (checkpointer.ts).
  if (file === ':memory:') return handleOf(db, 'sqlite');
  const stopCheckpoints = checkpointElsewhere(sqlite, file);
  // Long reads may run on a thread of their own (sqliteReader.ts).
  const stopReads = readElsewhere(db, file);
  return handleOf(db, 'sqlite', async () => {
    await stopReads();
    await stopCheckpoints();
  });
}

export function openPostgres(url: string): DbHandle {
  // No JIT compilation: a statement priced above jit_above_cost spends tens of milliseconds
  // compiling before it runs (the page of everyone's row texts: 40 of 116 ms per 2 000 members),
  // which short statements read by index never win back.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // An idle connection can die (server restart, admin command); the pool replaces it. Without a
  // listener the error would crash the process.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('[tietokanta] yhteysvirhe:', err.message);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return handleOf(db, 'postgres');
}

/** DATABASE_URL switches to PostgreSQL; otherwise an SQLite file in DATA_DIR. */
export function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): DbHandle {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openSqlite(path.join(opts.dataDir, 'seura.sqlite'));
}

export function isPostgres(db: Pick<Kysely<unknown>, 'getExecutor'> | Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Closing lets background work (db/background.ts) stop between two steps first. */
function handleOf(db: Db, dialect: Dialect, beforeClose: (() => Promise<void>) | null = null): DbHandle {
  return {
    db,
    dialect,
    destroy: async () => {
      await settleBackground(db);
      await beforeClose?.();
      await db.destroy();
    },
  };
}
