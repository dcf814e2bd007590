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
