import type { Worker } from 'node:worker_threads';
import { startSqliteWorker } from './sqliteWorker';

// SQLite in WAL mode copies the log back into the database file (a checkpoint) and fsyncs it.
// Left to itself the connection that commits does that, once the log has passed 1 000 pages,
// so some request pays for it while the event loop waits: a bulk edit's commit spent 1.2 of
// its 1.4 s checkpointing 174 MB. Here the server's connection never checkpoints
// (wal_autocheckpoint = 0) and a worker thread does, on connections of its own, with PASSIVE
// checkpoints, which wait for no reader or writer (when: CHECKPOINTS). One worker serves every
// SQLite file the process has open (tests open many).

/**
 * When the worker checkpoints: it looks at each database's log every `every` ms, and copies it
 * back at once when the file has grown by `grown` bytes (SQLite's own threshold, 1 000 pages),
 * otherwise when something was committed since the last checkpoint and `calm` ms have passed:
 * each checkpoint fsyncs, and one after every small save had slowed the saves themselves.
 * "Committed since" is SQLite's own data_version, read before the checkpoint: the log file's
 * size and time were not enough, as a commit landing while a checkpoint ran (or within the
 * file system's clock tick) looked already copied and was left in the log.
 */
const CHECKPOINTS = { every: 200, grown: 4 * 1024 * 1024, calm: 2000 };

/** What the server's connection falls back to if the worker stops: SQLite's default. */
const INLINE_PAGES = 1000;

// The worker's script (sqliteWorker.ts says why plain JavaScript).
const SCRIPT = `
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
parentPort.on('message', (m) => {
  if (m.open !== undefined) {
    try {
      const db = new Database(m.file, { fileMustExist: true });
      db.pragma('busy_timeout = 0');
      open.set(m.open, { db, wal: m.file + '-wal', size: 0, version: null, at: 0 });
    } catch (e) {
      parentPort.postMessage({ failed: m.open, error: String((e && e.message) || e) });
    }
  } else if (m.close !== undefined) {
    const o = open.get(m.close);
    open.delete(m.close);
    try { if (o) o.db.close(); } finally { parentPort.postMessage({ closed: m.close }); }
  }
});
setInterval(() => {
  const now = Date.now();
  for (const [id, o] of open) {
    let st;
    try { st = fs.statSync(o.wal); } catch { continue; }
    const grown = st.size >= o.size + workerData.grown;
    if (!grown && now - o.at < workerData.calm) continue;
    try {
      // Read before the checkpoint: a commit during it changes the version, so it is copied next time.
      const version = o.db.pragma('data_version', { simple: true });
      if (!grown && version === o.version) continue;
      o.size = st.size; o.at = now; o.version = version;
      const r = o.db.pragma('wal_checkpoint(PASSIVE)')[0];
      // Not all copied (a reader still needs older pages): tried again after the calm.
      if (!r || r.busy !== 0 || r.checkpointed < r.log) o.version = null;
    } catch (e) {
      // Busy: another connection is checkpointing (a second process) or recovering the log; tried
      // again after the calm.
      if (/busy|locked/i.test(String(e && e.message))) { o.version = null; o.at = now; continue; }
      // Given back to the server's connection once, not reported again every turn.
      open.delete(id);
      try { o.db.close(); } catch {}
      parentPort.postMessage({ failed: id, error: String((e && e.message) || e) });
    }
  }
}, workerData.every);
`;

interface Connection {
  pragma(source: string): unknown;
}

let worker: Worker | null = null;
let nextId = 1;
const served = new Map<number, Connection>();
const closing = new Map<number, () => void>();

/** The connection checkpoints for itself again (unless it has been closed meanwhile). */
function inline(c: Connection | undefined): void {
  try {
    c?.pragma(`wal_autocheckpoint = ${INLINE_PAGES}`);
  } catch {
    // Closed: nothing left to checkpoint.
  }
}

/** Every connection the worker served checkpoints for itself again. */
function fallBack(error: string): void {
  if (served.size > 0) console.error('[tietokanta] taustan checkpoint pysähtyi:', error);
  for (const c of served.values()) inline(c);
  served.clear();
  for (const done of closing.values()) done();
  closing.clear();
  worker = null;
}

function theWorker(): Worker {
  if (worker) return worker;
  const w = startSqliteWorker(SCRIPT, CHECKPOINTS);
  w.on('message', (m: { failed?: number; closed?: number; error?: string }) => {
    if (m.failed !== undefined) {
      inline(served.get(m.failed));
      served.delete(m.failed);
      console.error('[tietokanta] taustan checkpoint ei onnistu:', m.error);
    }
    if (m.closed !== undefined) {
      closing.get(m.closed)?.();
      closing.delete(m.closed);
    }
  });
  w.on('error', (err) => fallBack(err.message));
  w.on('exit', (code) => {
    if (worker === w) fallBack(`exit ${code}`);
  });
  // The worker never keeps the process alive (after the listeners, which would ref it again).
  w.unref();
  worker = w;
  return w;
}

/**
 * Hands `file`'s checkpoints to the worker; `connection` (the server's, open on `file` in WAL
 * mode) stops making them. Returns what to call before closing the connection.
 */
export function checkpointElsewhere(connection: Connection, file: string): () => Promise<void> {
  const id = nextId++;
  connection.pragma('wal_autocheckpoint = 0');
  served.set(id, connection);
  theWorker().postMessage({ open: id, file });
  return () => {
    const w = worker;
    if (!served.delete(id) || !w) return Promise.resolve();
    const done = new Promise<void>((resolve) => closing.set(id, resolve));
    // Waiting for the worker's answer keeps the process alive until it comes.
    w.ref();
    w.postMessage({ close: id });
    return done.finally(() => w.unref());
  };
}
