import { describe, expect, it } from 'vitest';
import { seedMembers } from './seed-data';
import { seed } from './seed';
import { freshDb } from '../src/server/test/harness';
import { createTenant } from '../src/server/modules/tenants/service';
import { ManualClock } from '../src/server/lib/clock';
import type { Deps } from '../src/server/deps';

describe('seed', () => {
  it('is deterministic for a given seed and differs for another', () => {
    const a = [...seedMembers(50, 42, 'x')];
    const b = [...seedMembers(50, 42, 'x')];
    const c = [...seedMembers(50, 43, 'x')];
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('makes realistic members: unique emails and Finnish mobiles, 5-digit postal codes, some inactive', () => {
    const list = [...seedMembers(5000, 1, 'x')];
    expect(new Set(list.map((m) => m.email)).size).toBe(5000);
    expect(new Set(list.map((m) => m.phone)).size).toBe(5000);
    for (const m of list) {
      expect(m.phone).toMatch(/^\+358(40|41|44|45|46|50)\d{7}$/);
      expect(m.address_zip).toMatch(/^\d{5}$/);
      expect(m.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.fi$/);
    }
    const inactive = list.filter((m) => m.active === 0).length;
    expect(inactive).toBeGreaterThan(200);
    expect(inactive).toBeLessThan(800);
  });

  it('inserts the members into the tenant', async () => {
    const tdb = await freshDb('sqlite');
    try {
      const deps = { db: tdb.handle.db, dialect: 'sqlite', clock: new ManualClock() } as unknown as Deps;
      const created = await createTenant(deps, { name: 'Seed ry', hostname: null, isDefault: true, adminEmail: 'a@seed.fi', adminPassword: 'Testi-Salasana-123' });
      await seed(tdb.handle.db, created.tenant.id, 1234, 5, { siteAdmins: { count: 3, passwordHash: 'hash-of-bench' } });
      const n = await tdb.handle.db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).where('tenant_id', '=', created.tenant.id).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(1235);
      // The first three seeded members are site admins with the given password (the load bench's admins).
      const admins = await tdb.handle.db.selectFrom('members').select(['email', 'board', 'active']).where('tenant_id', '=', created.tenant.id).where('site_admin', '=', 1).where('password_hash', '=', 'hash-of-bench').orderBy('id').execute();
      expect(admins).toEqual([...seedMembers(3, 5, 'x')].map((m) => ({ email: m.email, board: 1, active: 1 })));
    } finally {
      await tdb.drop();
    }
  });
});
