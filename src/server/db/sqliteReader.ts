import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startSqliteWorker } from './sqliteWorker';
import type { CompiledQuery } from 'kysely';

// better-sqlite3 runs a statement on the thread that asks for it, so the page of everyone's
// 100 000 row texts (1.6–1.8 s of statements at 100 000 members) held the event loop chunk by
// chunk, and the reply was built and sent only in the gaps. Long reads may instead run on a
// worker thread with a read-only connection of its own, while the event loop builds and sends
// what came before. Such a connection sees committed data only: never for a read inside a
// transaction (readerOf knows only the database's root handle, not a transaction's).

/** Statements the worker keeps prepared per file (the same few texts with new parameters). */
const PREPARED_MAX = 32;

// The worker's script (sqliteWorker.ts says why plain JavaScript).
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
function connection(m) {
  let o = open.get(m.reader);
  if (!o) {
    const db = new Database(m.file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    o = { db, prepared: new Map() };
    open.set(m.reader, o);
  }
  return o;
}
parentPort.on('message', (m) => {
  if (m.close !== undefined) {
    const o = open.get(m.close);
    open.delete(m.close);
    try { if (o) o.db.close(); } finally { parentPort.postMessage({ closed: m.close }); }
    return;
  }
  try {
    const o = connection(m);
    let st = o.prepared.get(m.sql);
    if (!st) {
      if (o.prepared.size >= workerData.preparedMax) o.prepared.clear();
      st = o.db.prepare(m.sql);
      o.prepared.set(m.sql, st);
    }
    parentPort.postMessage({ q: m.q, rows: st.all(...m.params) });
  } catch (e) {
    parentPort.postMessage({ q: m.q, error: String((e && e.message) || e) });
  }
});
`;

interface Waiting {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

/**
 * How many worker threads read: two, so that two chunks of a long read are read at once (the
 * asking thread meanwhile mostly waits); one on a machine with a single core.
 */
export const READERS = availableParallelism() > 1 ? 2 : 1;

interface Reader {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/** Reads the workers have answered (the tests see that a long read went there). */
export const readsOnWorkers = { answered: 0 };

let pool: Reader[] | null = null;
/** Set when a worker failed: reads then run on the asking thread again, as before. */
let failed = false;
let nextId = 1;
const closing = new Map<number, { left: number; done: () => void }>();
const readers = new WeakMap<object, { id: number; file: string }>();

/** A worker with reads in flight keeps the process alive until they are answered; idle, never. */
function settle(r: Reader): void {
  if (r.waiting.size === 0 && closing.size === 0) r.worker.unref();
  else r.worker.ref();
}

function stop(error: string): void {
  failed = true;
  const was = pool ?? [];
  pool = null;
  for (const r of was) {
    for (const w of r.waiting.values()) w.reject(new Error(`sqlite reader: ${error}`));
    r.waiting.clear();
    void r.worker.terminate();
  }
  for (const c of closing.values()) c.done();
  closing.clear();
}

function closed(id: number): void {
  const c = closing.get(id);
  if (!c) return;
  c.left -= 1;
  if (c.left > 0) return;
  closing.delete(id);
  c.done();
}

function start(): Reader {
  const worker = startSqliteWorker(SCRIPT, { preparedMax: PREPARED_MAX });
  const r: Reader = { worker, waiting: new Map() };
  worker.on('message', (m: { q?: number; rows?: unknown[]; error?: string; closed?: number }) => {
    if (m.q !== undefined) {
      const it = r.waiting.get(m.q);
      r.waiting.delete(m.q);
      if (m.error !== undefined) it?.reject(new Error(m.error));
      else {
        readsOnWorkers.answered += 1;
        it?.resolve(m.rows ?? []);
      }
    }
    if (m.closed !== undefined) closed(m.closed);
    if (pool) for (const x of pool) settle(x);
  });
  worker.on('error', (err) => stop(err.message));
  worker.on('exit', (code) => {
    if (pool?.includes(r)) stop(`exit ${code}`);
  });
  settle(r);
  return r;
}

/** An idle worker, started when every one is busy (each holds an isolate and a page cache: about 12 MB); else the least busy. */
function aReader(): Reader | null {
  if (failed) return null;
  pool ??= [];
  const idle = pool.find((r) => r.waiting.size === 0);
  if (idle) return idle;
  if (pool.length < READERS) {
    const r = start();
    pool.push(r);
    return r;
  }
  return pool.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
}

/**
 * Lets long reads of `db` (the root handle of an SQLite `file`) run on the workers; each opens
 * its connection at its first read. Returns what to call before the file is closed.
 */
export function readElsewhere(db: object, file: string): () => Promise<void> {
  const id = nextId++;
  readers.set(db, { id, file });
  return () => {
    readers.delete(db);
    const workers = pool;
    if (!workers || workers.length === 0) return Promise.resolve();
    const done = new Promise<void>((resolve) => closing.set(id, { left: workers.length, done: resolve }));
    for (const r of workers) {
      r.worker.postMessage({ close: id });
      settle(r);
    }
    return done;
  };
}

/**
 * The rows of a compiled read of `db`, read on a worker; undefined when `db` has no workers
 * (PostgreSQL, a transaction, a database in memory, or a worker has failed): then the caller
 * reads as usual.
 */
export function readerOf(db: object): (<R>(query: CompiledQuery<R>) => Promise<R[]>) | undefined {
  const reader = readers.get(db);
  if (!reader || failed) return undefined;
  return <R>(query: CompiledQuery<R>) =>
    new Promise<R[]>((resolve, reject) => {
      // Closed meanwhile: a read posted now would open the file again on the worker.
      const r = readers.get(db) === reader ? aReader() : null;
      if (!r) {
        reject(new Error('sqlite reader: stopped'));
        return;
      }
      const q = nextId++;
      r.waiting.set(q, { resolve: (rows) => resolve(rows as R[]), reject });
      r.worker.postMessage({ q, reader: reader.id, file: reader.file, sql: query.sql, params: query.parameters });
      settle(r);
    });
}
