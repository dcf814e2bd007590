import crypto from 'node:crypto';
import { expect } from 'vitest';
import { Client } from './harness';
import { expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { tokenHash } from '../modules/passwordreset/service';

// Cross-tenant cases of the password reset and saved filter routes.

/** A live reset link of B's admin, stored as the service would. */
async function bResetToken(w: World): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await w.t.deps.db
    .insertInto('password_resets')
    .values({ id: tokenHash(token), tenant_id: w.b.tenant.id, member_id: w.b.admin.id, created_at: new Date().toISOString(), expires_at: '2999-01-01T00:00:00.000Z', used_at: null })
    .execute();
  return token;
}

async function bSavedFilterId(w: World): Promise<number> {
  const at = new Date().toISOString();
  const name = `B-suodatin-${crypto.randomBytes(3).toString('hex')}`;
  const row = await w.t.deps.db
    .insertInto('saved_filters')
    .values({ tenant_id: w.b.tenant.id, name, filter: '[{"field":"firstname","verb":"contains","value":"B"}]', author_id: w.b.admin.id, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const bSaved = (w: World, id: number) => w.t.deps.db.selectFrom('saved_filters').selectAll().where('id', '=', id).executeTakeFirst();
const anon = (w: World) => new Client(w.t.app, w.a.tenant.hostname!, { ip: '10.8.8.8' });

export const everydayCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/session/reset_request',
    async run(w) {
      // B's admin's address on A's host: the usual answer, and no link for anyone.
      const r = await anon(w).post('/api/1/session/reset_request', { email: w.b.admin.email });
      expect(r.body).toEqual({ ok: true });
      await new Promise((done) => setTimeout(done, 300));
      expect(await w.t.deps.db.selectFrom('password_resets').select('id').where('member_id', '=', w.b.admin.id).execute()).toEqual([]);
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/reset_check',
    async run(w) {
      const r = await anon(w).post('/api/1/session/reset_check', { token: await bResetToken(w) });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['password_reset_invalid'] } });
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/reset_password',
    async run(w) {
      const token = await bResetToken(w);
      const before = await w.t.deps.db.selectFrom('members').select('password_hash').where('id', '=', w.b.admin.id).executeTakeFirstOrThrow();
      const r = await anon(w).post('/api/1/session/reset_password', { token, newPassword_: 'Uusi-Salasana-42', confirmNewPassword_: 'Uusi-Salasana-42' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['password_reset_invalid'] } });
      expect(await w.t.deps.db.selectFrom('members').select('password_hash').where('id', '=', w.b.admin.id).executeTakeFirstOrThrow()).toEqual(before);
      expect(await w.t.deps.db.selectFrom('password_resets').select('used_at').where('id', '=', tokenHash(token)).executeTakeFirstOrThrow()).toEqual({ used_at: null });
    },
  },
  {
    method: 'GET',
    url: '/api/1/saved_filters/all',
    async run(w) {
      const id = await bSavedFilterId(w);
      const r = await w.asA.get('/api/1/saved_filters/all');
      expect(r.status).toBe(200);
      expect(r.body.map((f: { id: number }) => f.id)).not.toContain(id);
    },
  },
  {
    method: 'POST',
    url: '/api/1/saved_filters/new',
    async run(w) {
      const r = await w.asA.post('/api/1/saved_filters/new', { name: 'A:n oma', filter: [{ field: 'firstname', verb: 'contains', value: 'A' }] });
      expect(r.status).toBe(200);
      expect(await w.t.deps.db.selectFrom('saved_filters').select('tenant_id').where('id', '=', r.body.id).executeTakeFirstOrThrow()).toEqual({ tenant_id: w.a.tenant.id });
    },
  },
  {
    method: 'POST',
    url: '/api/1/saved_filters/:id',
    async run(w) {
      const id = await bSavedFilterId(w);
      const before = await bSaved(w, id);
      expectNotFound(await w.asA.post(`/api/1/saved_filters/${id}`, { name: 'Kaapattu' }));
      expect(await bSaved(w, id)).toEqual(before);
    },
  },
  {
    method: 'DELETE',
    url: '/api/1/saved_filters/:id',
    async run(w) {
      const id = await bSavedFilterId(w);
      expectNotFound(await w.asA.delete(`/api/1/saved_filters/${id}`));
      expect(await bSaved(w, id)).toBeDefined();
    },
  },
];
