import sharp from 'sharp';
import { expect } from 'vitest';
import { issueLink, newLinkToken } from '../modules/updreqs/links-repo';
import { enableClaims, IBAN, uploadReceipt } from './factories/expenseclaims';
import { bClaim } from './cross-tenant.expenseclaims';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import type { Reply } from './harness';
import { LinkClient } from './linkClient';

// Cross-tenant cases of the expense-claim routes by personal link (access 'self'): on A's
// host a link of B's member is the same 'edit_link_invalid' as any bad link, and a valid
// link of A's member (here A's admin, whose rights a link does not carry) reaches none of
// B's claims or receipts: 404, nothing changed.

const INVALID = { errors: { general: ['edit_link_invalid'] } };

async function token(w: World, side: 'a' | 'b'): Promise<string> {
  const t = newLinkToken();
  const tenant = side === 'a' ? w.a : w.b;
  const memberId = side === 'a' ? w.a.admin.id : w.bMembers[0]!.id;
  await issueLink(w.t.deps.db, { tenantId: tenant.tenant.id, memberId, source: 'ordered', token: t, at: w.t.clock.now() });
  return t;
}

/** An anonymous browser on A's host sending the link's token. */
const onA = (w: World, link: string) => new LinkClient(w.t.app, w.a.tenant.hostname!, link);

const bRow = (w: World, id: number) => w.t.deps.db.selectFrom('expense_claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

function expectInvalid(r: Reply, w: World): void {
  expect(r.status).toBe(400);
  expect(r.body).toEqual(INVALID);
  expectNoLeak(r, w);
}

export const expenseClaimLinkCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/expenseclaim/save',
    async run(w) {
      await enableClaims(w.asA);
      const b = await bClaim(w);
      const before = await bRow(w, b.claimId);
      const body = { id: b.claimId, description: 'Vallattu', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] };
      expectInvalid(await onA(w, await token(w, 'b')).post('/api/1/expenseclaim/save', body), w);
      expectNotFound(await onA(w, await token(w, 'a')).post('/api/1/expenseclaim/save', body));
      expect(await bRow(w, b.claimId)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/upload',
    async run(w) {
      await enableClaims(w.asA);
      const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).jpeg().toBuffer();
      const files = () => w.t.deps.db.selectFrom('expense_claim_files').select(['id', 'tenant_id']).execute();
      const before = await files();
      expectInvalid(await uploadReceipt(onA(w, await token(w, 'b')), jpeg), w);
      expect(await files()).toEqual(before);
      // A's own link stores the file in A.
      const ok = await uploadReceipt(onA(w, await token(w, 'a')), jpeg);
      expect(ok.status).toBe(200);
      expect((await files()).find((f) => f.id === ok.body.id)?.tenant_id).toBe(w.a.tenant.id);
    },
  },
  {
    method: 'POST',
    url: '/api/1/expenseclaim/mine',
    async run(w) {
      await enableClaims(w.asA);
      const b = await bClaim(w);
      expectInvalid(await onA(w, await token(w, 'b')).post('/api/1/expenseclaim/mine', {}), w);
      const r = await onA(w, await token(w, 'a')).post('/api/1/expenseclaim/mine', {});
      expect(r.status).toBe(200);
      expect(r.body.results.map((c: { id: number }) => c.id)).not.toContain(b.claimId);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/expenseclaim/:id',
    async run(w) {
      await enableClaims(w.asA);
      const b = await bClaim(w);
      expectInvalid(await onA(w, await token(w, 'b')).get(`/api/1/expenseclaim/${String(b.claimId)}`), w);
      expectNotFound(await onA(w, await token(w, 'a')).get(`/api/1/expenseclaim/${String(b.claimId)}`));
    },
  },
  {
    method: 'GET',
    url: '/api/1/expenseclaim/receipt/:id',
    async run(w) {
      await enableClaims(w.asA);
      const b = await bClaim(w);
      expectInvalid(await onA(w, await token(w, 'b')).get(`/api/1/expenseclaim/receipt/${String(b.fileId)}`), w);
      expectNotFound(await onA(w, await token(w, 'a')).get(`/api/1/expenseclaim/receipt/${String(b.fileId)}`));
    },
  },
];
