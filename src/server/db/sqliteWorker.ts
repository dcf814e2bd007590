import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running `script`, plain JavaScript (CommonJS) that opens SQLite files of its
 * own with better-sqlite3, found at `workerData.driver` (checkpointer.ts, sqliteReader.ts). A
 * worker given a .ts file would need the TypeScript loader in every way the server is run (tsx,
 * vitest); and it inherits none of the process's flags, since under `--input-type=module` the
 * script would be read as a module, where `require` does not exist.
 */
export function startSqliteWorker(script: string, data: Record<string, unknown>): Worker {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Worker(script, { eval: true, execArgv: [], workerData: { driver, ...data } });
}
