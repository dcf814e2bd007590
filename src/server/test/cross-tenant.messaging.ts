import crypto from 'node:crypto';
import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { queueDeliveries } from '../modules/outbox/queue-repo';

// Cross-tenant cases of announcements and payment items: B's message and payment item, aimed at by A.

interface BMessage {
  id: number;
  mid: string;
  subject: string;
}

/** A sent B announcement with one queued delivery, and an unpaid B payment item. */
async function bMessage(w: World): Promise<BMessage> {
  const at = new Date().toISOString();
  const subject = `Beetan tiedote ${crypto.randomBytes(3).toString('hex')}`;
  const db = w.t.deps.db;
  const { id } = await db
    .insertInto('messages')
    .values({ tenant_id: w.b.tenant.id, kind: 'announcement', msg_media: 'email', subject, content: '<p>B</p>', status: 'paying', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueDeliveries(db, w.b.tenant.id, id, [{ memberId: w.bMembers[0]!.id, medium: 'email', address: w.bMembers[0]!.email! }], at);
  const mid = crypto.randomUUID();
  await db.insertInto('payment_items').values({ id: mid, tenant_id: w.b.tenant.id, context: 'announcement', subject_id: id, original_amount: 500, amount: 500, method: null, paid_at: null, author_id: null, created_at: at }).execute();
  await db.updateTable('messages').set({ payment_id: mid }).where('id', '=', id).execute();
  return { id, mid, subject };
}

const bState = async (w: World, m: BMessage) => ({
  message: await w.t.deps.db.selectFrom('messages').selectAll().where('id', '=', m.id).executeTakeFirst(),
  deliveries: await w.t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', m.id).execute(),
  item: await w.t.deps.db.selectFrom('payment_items').selectAll().where('id', '=', m.mid).executeTakeFirst(),
});

export const messagingCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/announcements/preview',
    async run(w) {
      // B's members hand-picked by id are not A's recipients.
      const r = await w.asA.post('/api/1/announcements/preview', { msg_media: 'email', subject: 'x', content: '<p>x</p>', filter: [{ field: 'lastname', verb: 'starts', value: 'beeta' }], addrecips: w.bMembers.map((m) => m.id) });
      expect(r.status).toBe(200);
      expect(r.body.recipient_count + r.body.unreachable_count).toBe(0);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/announcements/save',
    async run(w) {
      const m = await bMessage(w);
      const before = await bState(w, m);
      expectNotFound(await w.asA.post('/api/1/announcements/save', { id: m.id, msg_media: 'email', subject: 'A', content: '<p>A</p>', send: true }));
      expect(await bState(w, m)).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/announcements/all',
    async run(w) {
      const m = await bMessage(w);
      const r = await w.asA.get('/api/1/announcements/all');
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(m.subject);
    },
  },
  {
    method: 'GET',
    url: '/api/1/announcements/:id',
    async run(w) {
      const m = await bMessage(w);
      expectNotFound(await w.asA.get(`/api/1/announcements/${m.id}`));
    },
  },
  {
    method: 'POST',
    url: '/api/1/announcements/supersearch',
    async run(w) {
      const m = await bMessage(w);
      const r = await w.asA.post('/api/1/announcements/supersearch', { term: m.subject });
      expect(r.body).toEqual({ results: [] });
    },
  },
  {
    method: 'POST',
    url: '/api/1/announcements/cancel',
    async run(w) {
      const m = await bMessage(w);
      const before = await bState(w, m);
      expectNotFound(await w.asA.post('/api/1/announcements/cancel', { id: m.id }));
      expect(await bState(w, m)).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/mooney/:id',
    async run(w) {
      const m = await bMessage(w);
      expectNotFound(await w.asA.get(`/api/1/mooney/${m.mid}`));
    },
  },
  {
    method: 'POST',
    url: '/api/1/mooney/set_method',
    async run(w) {
      const m = await bMessage(w);
      const before = await bState(w, m);
      expectNotFound(await w.asA.post('/api/1/mooney/set_method', { mid: m.mid, method: 'balance' }));
      expect(await bState(w, m)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/mooney/balance_pay',
    async run(w) {
      const m = await bMessage(w);
      const before = await bState(w, m);
      expectNotFound(await w.asA.post('/api/1/mooney/balance_pay', { balance_mid: m.mid }));
      expect(await bState(w, m)).toEqual(before);
    },
  },
];
