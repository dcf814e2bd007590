import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase } from './cross-tenant.world';
import { insertMessage } from './factories/sent-message';

// Cross-tenant cases of the message views: B's message id read through A's host is not found.
// (The /msg/ letter previews and web views are checked in msgview/msgview.api.test.ts.)

export const msgviewCases: CrossTenantCase[] = [
  {
    method: 'GET',
    url: '/api/1/messages/:id',
    async run(w) {
      const b = await insertMessage(w.t.deps, w.b.tenant.id, { media: 'letter', subject: w.b.tenant.name, status: 'sent', deliveries: [{ memberId: w.bMembers[0]!.id, address: 'B\nKatu 1\n00100 Helsinki', status: 'sent' }] });
      const r = await w.asA.get(`/api/1/messages/${String(b.id)}`);
      expectNotFound(r);
      expectNoLeak(r, w);
      const own = await insertMessage(w.t.deps, w.a.tenant.id, { media: 'email' });
      expect((await w.asA.get(`/api/1/messages/${String(own.id)}`)).status).toBe(200);
    },
  },
];
