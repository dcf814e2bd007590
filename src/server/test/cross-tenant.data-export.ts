import { expect } from 'vitest';
import { issueLink, newLinkToken } from '../modules/updreqs/links-repo';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { LinkClient } from './linkClient';

// Cross-tenant cases of a person's data export (GDPR Art. 15): B's member's id is not found
// on A's host (no file, no log line in B), and B's member's personal link on A's host is the
// same 'edit_link_invalid' as any bad link, asking for nothing.

const bLog = (w: World) => w.t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', w.b.tenant.id).where('event', 'like', 'member_data_export%').execute();

const download = (format: 'json' | 'pdf'): CrossTenantCase => ({
  method: 'GET',
  url: `/api/1/members/:id/data_export.${format}`,
  async run(w) {
    const r = await w.asA.get(`/api/1/members/${String(w.bMembers[0]!.id)}/data_export.${format}`);
    expectNotFound(r);
    expect(await bLog(w)).toEqual([]);
  },
});

export const dataExportCases: CrossTenantCase[] = [
  download('json'),
  download('pdf'),
  {
    method: 'POST',
    url: '/api/1/members/request_data_export',
    async run(w) {
      const token = newLinkToken();
      await issueLink(w.t.deps.db, { tenantId: w.b.tenant.id, memberId: w.bMembers[0]!.id, source: 'ordered', token, at: w.t.clock.now() });
      const r = await new LinkClient(w.t.app, w.a.tenant.hostname!, token).post('/api/1/members/request_data_export', {});
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['edit_link_invalid'] } });
      expectNoLeak(r, w);
      expect(await bLog(w)).toEqual([]);
    },
  },
];
