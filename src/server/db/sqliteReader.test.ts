import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DbHandle } from './kysely';
import { tempSqlite } from '../test/tempSqlite';
import { readerOf } from './sqliteReader';

const temp = tempSqlite('reader');

async function withRows(): Promise<DbHandle> {
  const h = temp.open();
  await sql`create table t (id integer primary key, name text)`.execute(h.db);
  await sql`with recursive s(x) as (select 1 union all select x + 1 from s where x < 2000) insert into t (name) select 'rivi ' || x from s`.execute(h.db);
  return h;
}

describe('long SQLite reads on worker threads', () => {
  it('reads what the connection itself reads, several reads at once', async () => {
    const h = await withRows();
    const read = readerOf(h.db);
    expect(read).toBeDefined();
    const query = (from: number) => sql<{ id: number; name: string }>`select id, name from t where id between ${from} and ${from + 499} order by id`;
    const there = await Promise.all([1, 501, 1001, 1501].map((from) => read!(query(from).compile(h.db))));
    const here = await Promise.all([1, 501, 1001, 1501].map(async (from) => (await query(from).execute(h.db)).rows));
    expect(there).toEqual(here);
    expect(there.flat()).toHaveLength(2000);
  });

  it('sees only committed data, so a transaction never reads through it', async () => {
    const h = await withRows();
    await h.db.transaction().execute(async (trx) => {
      await sql`delete from t`.execute(trx);
      expect(readerOf(trx)).toBeUndefined();
      // The worker still sees the rows the transaction has deleted but not committed.
      const seen = await readerOf(h.db)!(sql<{ n: number }>`select count(*) as n from t`.compile(h.db));
      expect(seen[0]?.n).toBe(2000);
    });
  });

  it('gives a failed statement back as an error, and reads nothing once the database is closed', async () => {
    const h = await withRows();
    await expect(readerOf(h.db)!(sql`select * from no_such_table`.compile(h.db))).rejects.toThrow(/no such table/);
    const read = readerOf(h.db)!;
    temp.forget(h);
    await h.destroy();
    expect(readerOf(h.db)).toBeUndefined();
    // A reader taken before the close does not open the file again.
    await expect(read(sql`select 1`.compile(h.db))).rejects.toThrow(/stopped/);
  });

  it('a database read through the workers does not keep a process alive', async () => {
    const kysely = fileURLToPath(new URL('./kysely.ts', import.meta.url));
    const reader = fileURLToPath(new URL('./sqliteReader.ts', import.meta.url));
    const code = `import { sql } from 'kysely'; import { openSqlite } from ${JSON.stringify(kysely)}; import { readerOf } from ${JSON.stringify(reader)};
      const h = openSqlite(${JSON.stringify(temp.file())}); await sql\`create table t (a)\`.execute(h.db);
      const rows = await readerOf(h.db)(sql\`select 1 as one\`.compile(h.db)); console.log(rows[0].one);`;
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { timeout: 20_000, cwd: process.cwd() });
    await expect(run).resolves.toMatchObject({ stdout: '1\n', stderr: '' });
  });
});
