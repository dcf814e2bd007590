import { expect } from 'vitest';
import { plainPng, uploadCardImage } from './factories/card-images';
import { expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';

// Cross-tenant cases of the member card images: A's upload lands in A, and B's image is not
// served on A's host (404), to an admin or to anyone.

async function bImage(w: World): Promise<number> {
  const row = await w.t.deps.db
    .insertInto('tenant_images')
    .values({ tenant_id: w.b.tenant.id, purpose: 'membercard_logo', mime: 'image/png', data: await plainPng(), width: 64, height: 32, sha256: 'beeta', author_id: null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const membercardImageCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/membercard/upload/:kind',
    async run(w) {
      const r = await uploadCardImage(w.asA, 'logo', await plainPng());
      expect(r.status).toBe(200);
      const row = await w.t.deps.db.selectFrom('tenant_images').select('tenant_id').where('id', '=', r.body.id).executeTakeFirstOrThrow();
      expect(row.tenant_id).toBe(w.a.tenant.id);
    },
  },
  {
    method: 'GET',
    url: '/api/1/membercard/image/:id',
    async run(w) {
      const id = await bImage(w);
      expectNotFound(await w.asA.get(`/api/1/membercard/image/${id}`));
    },
  },
];
