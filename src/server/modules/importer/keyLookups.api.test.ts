import { describe, expect, it } from 'vitest';
import { sql, type CompiledQuery, type KyselyPlugin } from 'kysely';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import type { Db } from '../../db/kysely';
import { insertMany, keysPerLookup, whichTaken } from '../members/repo';
import { loadModel } from '../members/model';
import { memberRow } from '../../test/factories';
import { membersByKey } from './match';
import { liveByEmails, liveByIds } from './repo';

// An import looks its rows' members up keysPerLookup keys a statement (emails, phones, member
// numbers; 500 on SQLite).
// On SQLite without planner statistics (a register grown since the last PRAGMA optimize) the
// lookups had walked every live member through the (tenant, deleted, pending) index: 18–24 ms a
// statement instead of 0.5–2 ms, 0.8 s of a 10 000-row import's dry run and again of its run.

describe.runIf(testDialect === 'sqlite')('an import finds its keys by their own index (SQLite)', () => {
  const { t, tenant } = adminContext();

  /** The plans SQLite makes for the statements `run` sends, as `explain query plan` details. */
  async function plansOf(run: (db: Db) => Promise<unknown>): Promise<string[]> {
    const db = t.deps.db;
    const sent: CompiledQuery[] = [];
    const spy: KyselyPlugin = {
      transformQuery: (args) => {
        sent.push(db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    await run(db.withPlugin(spy));
    const plans: string[] = [];
    for (const q of sent) {
      const rows = await db.executeQuery<{ detail: string }>({ ...q, sql: `explain query plan ${q.sql}` });
      plans.push(rows.rows.map((r) => r.detail).join('; '));
    }
    return plans;
  }

  it('has no statistics here, where the plain condition takes the wrong index', async () => {
    const stats = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(t.deps.db);
    expect(stats.rows[0]?.n).toBe(0);
    const keys = Array.from({ length: 500 }, (_, i) => `avain${String(i)}@example.fi`);
    const plain = await plansOf((db) => db.selectFrom('members').select('id').where('tenant_id', '=', tenant.tenant.id).where('deleted_at', 'is', null).where('pending', '=', 0).where('email', 'in', keys).execute());
    expect(plain).toEqual([expect.stringMatching(/USING INDEX members_tenant_sort_name \(tenant_id=\? AND deleted_at=\? AND pending=\?\)/)]);
  });

  it('looks emails, phones and member numbers up by their own index', async () => {
    const id = tenant.tenant.id;
    const keys = Array.from({ length: 500 }, (_, i) => `avain${String(i)}@example.fi`);
    expect(await plansOf((db) => liveByEmails(db, id, keys))).toEqual([expect.stringMatching(/USING INDEX members_tenant_email \(tenant_id=\? AND email=\?\)/)]);
    expect(await plansOf((db) => liveByIds(db, id, [1, 2, 3]))).toEqual([expect.stringMatching(/USING INTEGER PRIMARY KEY \(rowid=\?\)/)]);
    const wanted = (v: string) => keys.map((k) => ({ value: v === 'email' ? k : `+35840${k.length}`, exceptId: null }));
    expect(await plansOf((db) => whichTaken(db, id, 'email', wanted('email')))).toEqual([expect.stringMatching(/USING INDEX members_tenant_email \(tenant_id=\? AND email=\?\)/)]);
    expect(await plansOf((db) => whichTaken(db, id, 'phone', wanted('phone')))).toEqual([expect.stringMatching(/USING INDEX members_tenant_phone \(tenant_id=\? AND phone=\?\)/)]);
  });
});

describe(`an import's key lookups across their statements (${testDialect})`, () => {
  const { t, tenant } = adminContext();

  it('finds members and taken emails on both sides of a statement boundary', async () => {
    const db = t.deps.db;
    const size = keysPerLookup(db);
    const keys = Array.from({ length: size + 2 }, (_, i) => `raja${String(i)}@example.fi`);
    const held = [0, size - 1, size, size + 1];
    await insertMany(db, tenant.tenant.id, held.map((i) => memberRow({ email: keys[i]! })));
    const model = await loadModel(db, tenant.tenant.id);
    const found = await membersByKey(db, tenant.tenant.id, model, 'email', keys);
    expect([...found.keys()].sort()).toEqual(held.map((i) => keys[i]).sort());
    const taken = await whichTaken(db, tenant.tenant.id, 'email', keys.map((value) => ({ value, exceptId: null })));
    expect(taken.flatMap((x, i) => (x ? [i] : []))).toEqual(held);
  });
});
