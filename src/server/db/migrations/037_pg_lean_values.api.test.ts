import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testApp, testDialect } from '../../test/harness';
import { fillScope } from '../../modules/members/bulk-repo';

// Migration 037 (PostgreSQL): values and group links lost their keys to members, fields and
// groups, and the number and text indexes became one. What the keys did still happens: a
// member, field or group deleted takes its values or links, and no other's; a bulk edit's
// members cannot be deleted for good under it; a filter on a number reads a range.

describe.runIf(testDialect === 'postgres')('migration 037: values and links without per-row keys (postgres)', () => {
  it('deletes the values and links of a deleted member, field or group, and of no other', async () => {
    const t = await testApp();
    try {
      const db = t.deps.db;
      const [a, b] = [await makeTenant(t.deps, 'Ensimmäinen ry'), await makeTenant(t.deps, 'Toinen ry')];
      const ids = new Map<number, number[]>();
      for (const tenant of [a, b]) {
        const admin = await adminClient(t, tenant);
        for (const [name, type] of [['seura', 'text'], ['vuosi', 'integer']]) expect((await admin.post('/api/1/fields/new', { name, label: name, type, visibility: 2 })).status).toBe(200);
        for (const name of ['kuoro', 'orkesteri']) expect((await admin.post('/api/1/groups/new', { name, label: name })).status).toBe(200);
        const made: number[] = [];
        for (const firstname of ['Eero', 'Aino']) {
          const r = await admin.post('/api/1/members/new', { firstname, lastname: 'Erä', seura: 'Ilves', vuosi: 1990, kuoro: true, orkesteri: true });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          made.push(r.body.id as number);
        }
        ids.set(tenant.tenant.id, made);
      }
      const values = async (tenantId: number) =>
        (await sql<{ m: number; f: string }>`select v.member_id as m, f.name as f from member_values v join fields f on f.id = v.field_id where v.tenant_id = ${tenantId} and f.name in ('seura', 'vuosi') order by 1, 2`.execute(db)).rows;
      const links = async (tenantId: number) =>
        (await sql<{ m: number; g: string }>`select l.member_id as m, g.name as g from member_groups l join groups g on g.id = l.group_id where l.tenant_id = ${tenantId} order by 1, 2`.execute(db)).rows;
      const [a1, a2] = ids.get(a.tenant.id)!;
      const before = { values: await values(b.tenant.id), links: await links(b.tenant.id) };
      expect(before.values).toHaveLength(4);

      await sql`delete from members where id = ${a1}`.execute(db);
      expect(await values(a.tenant.id)).toEqual([
        { m: a2, f: 'seura' },
        { m: a2, f: 'vuosi' },
      ]);
      expect(await links(a.tenant.id)).toEqual([
        { m: a2, g: 'kuoro' },
        { m: a2, g: 'orkesteri' },
      ]);
      await sql`delete from fields where tenant_id = ${a.tenant.id} and name = 'seura'`.execute(db);
      await sql`delete from groups where tenant_id = ${a.tenant.id} and name = 'kuoro'`.execute(db);
      expect(await values(a.tenant.id)).toEqual([{ m: a2, f: 'vuosi' }]);
      expect(await links(a.tenant.id)).toEqual([{ m: a2, g: 'orkesteri' }]);
      // The other association's rows are as they were.
      expect({ values: await values(b.tenant.id), links: await links(b.tenant.id) }).toEqual(before);

      const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'member_values' order by 1`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual(['member_values_field', 'member_values_pk']);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select member_id from member_values v where v.tenant_id = ${b.tenant.id} and v.field_id = 1 and v.value_text is null and v.value_num > 1980`.execute(db);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Cond: .*value_text IS NULL.*value_num > /);
    } finally {
      await t.close();
    }
  });

  it('holds the members a bulk edit locked against deletion until it ends', async () => {
    const t = await testApp();
    // Outside the transaction, the pool's other connections.
    const other = { db: t.deps.db };
    try {
      const tenant = await makeTenant(t.deps);
      const admin = await adminClient(t, tenant);
      const made = await admin.post('/api/1/members/new', { firstname: 'Lukittu', lastname: 'Jäsen' });
      const id = made.body.id as number;
      await t.deps.db.transaction().execute(async (trx) => {
        // The members a bulk edit reaches, collected as it starts.
        expect(await fillScope(trx, 'postgres', tenant.tenant.id, sql`m.id = ${id}`)).toBe(1);
        // Another connection may still edit the member, but not delete it.
        await expect(other.db.transaction().execute(async (o) => sql`update members set address_city = 'Oulu' where id = ${id}`.execute(o))).resolves.toBeDefined();
        await expect(
          other.db.transaction().execute(async (o) => {
            await sql`set local lock_timeout = '200ms'`.execute(o);
            await sql`delete from members where id = ${id}`.execute(o);
          }),
        ).rejects.toThrow(/lock timeout/);
      });
      await sql`delete from members where id = ${id}`.execute(other.db);
      expect((await sql<{ n: number }>`select count(*)::int as n from members where id = ${id}`.execute(t.deps.db)).rows[0]!.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
