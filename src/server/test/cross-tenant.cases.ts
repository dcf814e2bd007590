import { expect } from 'vitest';
import { Client, type Reply, type TestApp } from './harness';
import type { CreatedTenant } from '../modules/tenants/service';
import type { Member } from '../db/schema';

// Every API endpoint, called by tenant A's admin while aiming at tenant B's data.
// Adding an endpoint? Add its case here: the suite fails for any /api route without one.

export interface World {
  t: TestApp;
  a: CreatedTenant;
  b: CreatedTenant;
  /** Logged in as A's site admin, on A's host. */
  asA: Client;
  /** B's members (besides its admin). */
  bMembers: Member[];
  aMemberCount: number;
}

export interface CrossTenantCase {
  method: string;
  /** The route pattern as registered. */
  url: string;
  run(w: World): Promise<void>;
}

/** Reply must not mention any of B's identifying strings. */
export function expectNoLeak(r: Reply, w: World): void {
  const text = JSON.stringify(r.body);
  for (const s of [w.b.tenant.name, w.b.admin.email!, ...w.bMembers.map((m) => m.email!)]) expect(text).not.toContain(s);
}

/** For id-based endpoints: another tenant's id is "not found", never "forbidden". */
export function expectNotFound(r: Reply): void {
  expect(r.status).toBe(404);
  expect(r.body).toEqual({ error: 'not_found' });
}

export const crossTenantCases: CrossTenantCase[] = [
  {
    method: 'GET',
    url: '/api/1/health',
    async run(w) {
      const r = await w.asA.get('/api/1/health');
      expect(r.body).toEqual({ ok: true });
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/login',
    async run(w) {
      // B's admin credentials do not work on A's host.
      const r = await w.asA.post('/api/1/session/login', { email: w.b.admin.email, password: 'Testi-Salasana-123' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['login_failed'] } });
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/logout',
    async run(w) {
      // Logging out on A's host never touches B's sessions.
      const before = await w.t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', w.b.tenant.id).execute();
      const other = await freshLogin(w);
      await other.post('/api/1/session/logout');
      const after = await w.t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', w.b.tenant.id).execute();
      expect(after).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/session/get',
    async run(w) {
      const r = await w.asA.get('/api/1/session/get');
      expect(r.body.customer_name).toBe(w.a.tenant.name);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/set_persistent_data',
    async run(w) {
      await w.asA.post('/api/1/session/set_persistent_data', { key: 'members_page_size', val: 100 });
      const bData = await w.t.deps.db
        .selectFrom('user_data')
        .select(['key', 'value'])
        .where('tenant_id', '=', w.b.tenant.id)
        .execute();
      expect(bData).toEqual([{ key: 'members_page_size', value: '50' }]);
    },
  },
  {
    method: 'GET',
    url: '/api/1/settings',
    async run(w) {
      const r = await w.asA.get('/api/1/settings');
      expect(r.body.name_).toBe(w.a.tenant.name);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/get_stats',
    async run(w) {
      const r = await w.asA.post('/api/1/members/get_stats', {});
      expect(r.body.stats.result_count).toBe(w.aMemberCount);
    },
  },
];

async function freshLogin(w: World): Promise<Client> {
  const c = new Client(w.t.app, w.a.tenant.hostname!, { ip: '10.9.9.9' });
  await c.login(w.a.admin.email!);
  return c;
}
