import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkpointElsewhere } from './checkpointer';
import { tempSqlite } from '../test/tempSqlite';

const temp = tempSqlite('checkpoint');

async function until(what: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

describe('checkpoints on a worker thread', () => {
  it('the server connection never checkpoints; the worker copies the log into the file', async () => {
    const file = temp.file();
    const h = temp.open(file);
    const setting = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(h.db);
    expect(setting.rows[0]?.wal_autocheckpoint).toBe(0);
    await sql`create table t (a blob)`.execute(h.db);
    // 8 MB, well past SQLite's own 1 000-page threshold: the commit leaves it in the log…
    await h.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 64; i++) await sql`insert into t values (zeroblob(131072))`.execute(trx);
    });
    // …and the worker copies it into the database file.
    expect(await until(() => fs.statSync(file).size > 8_000_000, 10_000)).toBe(true);
  });

  it('a commit the log file does not show is still copied', async () => {
    // The log's size and time are hints only: a commit that lands while a checkpoint runs, or
    // within the file system's clock tick, leaves them as the worker last saw them.
    const file = temp.file();
    const h = temp.open(file);
    await sql`create table t (a blob)`.execute(h.db);
    // A small cache, so a transaction's pages go to the log before its commit (a bulk edit's do).
    await sql`pragma cache_size = -1000`.execute(h.db);
    const wal = `${file}-wal`;
    // The log's time, as the file system shows it whether written or not (whole seconds, exact).
    const stamp = Math.floor(Date.now() / 1000) - 60;
    await h.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 64; i++) await sql`insert into t values (zeroblob(131072))`.execute(trx);
      // The pages that did not fit in memory are in the log before the commit, and the worker
      // has had turns to see it, after its calm too (and to copy what was committed: none of these).
      expect(fs.statSync(wal).size).toBeGreaterThan(6_000_000);
      fs.utimesSync(wal, stamp, stamp);
      await new Promise((r) => setTimeout(r, 2600));
    });
    // The commit added a page or two, and the log's time stays as the worker last saw it.
    fs.utimesSync(wal, stamp, stamp);
    expect(await until(() => fs.statSync(file).size > 8_000_000, 10_000)).toBe(true);
  });

  it('a connection whose file the worker cannot open checkpoints for itself again', async () => {
    const said: string[] = [];
    const stop = checkpointElsewhere({ pragma: (s: string) => said.push(s) }, path.join(temp.file(), 'missing.sqlite'));
    expect(said).toEqual(['wal_autocheckpoint = 0']);
    expect(await until(() => said.includes('wal_autocheckpoint = 1000'), 10_000)).toBe(true);
    await stop();
  });

  it('an open database does not keep a process alive', async () => {
    const kysely = fileURLToPath(new URL('./kysely.ts', import.meta.url));
    const code = `import { openSqlite } from ${JSON.stringify(kysely)}; openSqlite(${JSON.stringify(temp.file())}); console.log('open');`;
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { timeout: 20_000 });
    await expect(run).resolves.toMatchObject({ stdout: 'open\n', stderr: '' });
  });
});
