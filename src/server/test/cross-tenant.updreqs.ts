import crypto from 'node:crypto';
import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { queueDeliveries } from '../modules/outbox/queue-repo';

// Cross-tenant cases of the update requests' admin calls: B's request, aimed at by A.

interface BUpdreq {
  id: number;
  subject: string;
}

/** A sent B update request with one queued delivery. */
async function bUpdreq(w: World): Promise<BUpdreq> {
  const at = new Date().toISOString();
  const subject = `Beetan päivityspyyntö ${crypto.randomBytes(3).toString('hex')}`;
  const db = w.t.deps.db;
  const { id } = await db
    .insertInto('messages')
    .values({ tenant_id: w.b.tenant.id, kind: 'updreq', msg_media: 'email', subject, content: '<p>B</p>', status: 'sent', sent_at: at, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueDeliveries(db, w.b.tenant.id, id, [{ memberId: w.bMembers[0]!.id, medium: 'email', address: w.bMembers[0]!.email! }], at);
  return { id, subject };
}

const bState = async (w: World, m: BUpdreq) => ({
  message: await w.t.deps.db.selectFrom('messages').selectAll().where('id', '=', m.id).executeTakeFirst(),
  deliveries: await w.t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', m.id).execute(),
});

export const updreqAdminCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/updreqs/preview',
    async run(w) {
      // B's members hand-picked by id are not A's recipients.
      const r = await w.asA.post('/api/1/updreqs/preview', { msg_media: 'email', subject: 'x', content: '<p>x</p>', filter: [{ field: 'lastname', verb: 'starts', value: 'beeta' }], addrecips: w.bMembers.map((m) => m.id) });
      expect(r.status).toBe(200);
      expect(r.body.recipient_count + r.body.unreachable_count).toBe(0);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/save',
    async run(w) {
      const m = await bUpdreq(w);
      const before = await bState(w, m);
      expectNotFound(await w.asA.post('/api/1/updreqs/save', { id: m.id, msg_media: 'email', subject: 'A', content: '<p>A</p>', send: true }));
      expect(await bState(w, m)).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/updreqs/all',
    async run(w) {
      const m = await bUpdreq(w);
      const r = await w.asA.get('/api/1/updreqs/all');
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(m.subject);
    },
  },
  {
    method: 'GET',
    url: '/api/1/updreqs/:id',
    async run(w) {
      const m = await bUpdreq(w);
      expectNotFound(await w.asA.get(`/api/1/updreqs/${m.id}`));
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/supersearch',
    async run(w) {
      const m = await bUpdreq(w);
      const r = await w.asA.post('/api/1/updreqs/supersearch', { term: m.subject });
      expect(r.body).toEqual({ results: [] });
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/cancel',
    async run(w) {
      const m = await bUpdreq(w);
      const before = await bState(w, m);
      expectNotFound(await w.asA.post('/api/1/updreqs/cancel', { id: m.id }));
      expect(await bState(w, m)).toEqual(before);
    },
  },
];
