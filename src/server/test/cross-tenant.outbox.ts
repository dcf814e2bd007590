import { expect } from 'vitest';
import { deliveryToken } from '../modules/outbox/tokens';
import { sentMessage } from './factories/outbox';
import { expectNotFound, type CrossTenantCase } from './cross-tenant.world';

// The outbox's server-to-server hooks: a report naming B's delivery, sent to A's address
// (even with the right secret), is not found and changes nothing.
export const outboxCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/hooks/sms',
    async run(w) {
      const { db, config } = w.t.deps;
      const at = new Date().toISOString();
      const mid = await sentMessage(db, w.b.tenant.id, 'sms', [{ memberId: w.bMembers[0]!.id, medium: 'sms', address: '+358401110000' }], at);
      const d = await db.selectFrom('deliveries').select('id').where('message_id', '=', mid).executeTakeFirstOrThrow();
      await db.updateTable('deliveries').set({ status: 'sent' }).where('id', '=', d.id).execute();
      const saved = config.outbox;
      config.outbox = { ...saved, smsHookSecret: 'koukku' };
      try {
        const r = await w.asA.post('/api/1/hooks/sms?secret=koukku', { id: 1, status: 'UNDELIVERED', userref: deliveryToken(config.sessionSecret, 'sms', d.id) });
        expectNotFound(r);
      } finally {
        config.outbox = saved;
      }
      const after = await db.selectFrom('deliveries').select('status').where('id', '=', d.id).executeTakeFirstOrThrow();
      expect(after.status).toBe('sent');
      expect(await db.selectFrom('contact_states').selectAll().where('tenant_id', '=', w.b.tenant.id).execute()).toEqual([]);
    },
  },
];
