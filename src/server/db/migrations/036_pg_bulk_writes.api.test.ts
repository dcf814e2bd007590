import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testApp, testDialect } from '../../test/harness';
import { listVersions } from '../listVersions';

// Migration 036 (PostgreSQL): the keys it dropped and the per-row version trigger it replaced
// leave the same guarantees: a batch's deletion takes its undo records, an association's
// deletion everything of its members, and the list version moves once per transaction that
// wrote what a list reads, at its commit, and not at all when it rolls back.

describe.runIf(testDialect === 'postgres')('migration 036: fewer checks per row written (postgres)', () => {
  it('deletes a batch’s undo records with the batch, and an association’s members’ values, groups, history and batches with it', async () => {
    const t = await testApp();
    try {
      const db = t.deps.db;
      const keys = await sql<{ name: string }>`select conname as name from pg_constraint where contype = 'f' and conrelid in ('member_values'::regclass, 'member_groups'::regclass, 'batch_values'::regclass, 'member_history'::regclass)`.execute(db);
      // Migration 037 took the rest (its own test covers what replaced them).
      expect(keys.rows.map((k) => k.name)).toEqual([]);
      const [a, b] = [await makeTenant(t.deps, 'Poistuva ry'), await makeTenant(t.deps, 'Jäävä ry')];
      const admins = new Map<number, Awaited<ReturnType<typeof adminClient>>>();
      for (const tenant of [a, b]) {
        const admin = await adminClient(t, tenant);
        admins.set(tenant.tenant.id, admin);
        expect((await admin.post('/api/1/fields/new', { name: 'seura', label: 'Seura', type: 'text', visibility: 2 })).status).toBe(200);
        expect((await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' })).status).toBe(200);
        expect((await admin.post('/api/1/members/new', { firstname: 'Eero', lastname: 'Erä', seura: 'Ilves', kuoro: true })).status).toBe(200);
      }
      const edit = async (tenant: typeof a, seura = 'Kiekko') => {
        const r = await admins.get(tenant.tenant.id)!.post('/api/1/members/bulkupdate', { filter: [], data: { seura } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.batch_id as string;
      };
      const [batchA, batchB] = [await edit(a), await edit(b)];
      const count = async (table: string, tenantId: number) =>
        Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(db)).rows[0]!.n);
      const valuesOf = async (batchId: string) => Number((await sql<{ n: number }>`select count(*) as n from batch_values where batch_id = ${batchId}`.execute(db)).rows[0]!.n);
      expect(await valuesOf(batchA)).toBeGreaterThan(0);

      await sql`delete from batches where id = ${batchA}`.execute(db);
      expect(await valuesOf(batchA)).toBe(0);
      expect(await valuesOf(batchB)).toBeGreaterThan(0);

      await edit(a, 'Pallo');
      await sql`delete from tenants where id = ${a.tenant.id}`.execute(db);
      for (const table of ['members', 'member_values', 'member_groups', 'member_history', 'batches', 'batch_values']) {
        expect(await count(table, a.tenant.id), table).toBe(0);
        expect(await count(table, b.tenant.id), table).toBeGreaterThan(0);
      }
    } finally {
      await t.close();
    }
  });

  it('moves the list version once per transaction, at its commit, and not for one rolled back', async () => {
    const t = await testApp();
    try {
      const db = t.deps.db;
      const tenant = await makeTenant(t.deps);
      const other = await makeTenant(t.deps, 'Toinen ry');
      const tid = tenant.tenant.id;
      const version = async (id = tid) => (await listVersions(db, 'postgres', id))!.list;
      const at = new Date().toISOString();
      const before = await version();
      const otherBefore = await version(other.tenant.id);
      let inside = '';
      await db.transaction().execute(async (trx) => {
        const ids = await sql<{ id: number }>`insert into members (tenant_id, firstname, lastname, search_text, created_at, updated_at)
          select ${tid}, 'Versio', 'Jäsen' || i, 'versio', ${at}, ${at} from generate_series(1, 3) as i returning id`.execute(trx);
        await sql`update members set address_city = 'Oulu' where tenant_id = ${tid}`.execute(trx);
        await sql`delete from members where id = ${ids.rows[0]!.id}`.execute(trx);
        // Another connection still sees the version as it was.
        inside = await version();
      });
      expect(inside).toBe(before);
      const after = await version();
      expect(Number(after.slice(1))).toBe(Number(before.slice(1)) + 1);
      expect(await version(other.tenant.id)).toBe(otherBefore);
      expect(Number((await sql<{ n: number }>`select count(*) as n from list_bumps`.execute(db)).rows[0]!.n)).toBe(0);

      await expect(
        db.transaction().execute(async (trx) => {
          await sql`update members set address_city = 'Kemi' where tenant_id = ${tid}`.execute(trx);
          throw new Error('peruttu');
        }),
      ).rejects.toThrow('peruttu');
      expect(await version()).toBe(after);
      // A statement that wrote nothing moves nothing.
      await sql`update members set address_city = 'Kemi' where tenant_id = ${tid} and id < 0`.execute(db);
      expect(await version()).toBe(after);
    } finally {
      await t.close();
    }
  });
});
