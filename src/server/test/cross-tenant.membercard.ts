import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { queueDeliveries } from '../modules/outbox/queue-repo';
import { cardToken, ensureCard } from '../modules/membercard/cards-repo';
import { keyFor } from '../modules/membercard/keys';
import { Client } from './harness';

// Cross-tenant cases of member cards: B's card message and B's card, aimed at from A's host.

/** A B card message waiting for payment, with one held delivery and its card. */
async function bCardMessage(w: World): Promise<{ id: number; token: string }> {
  const at = new Date().toISOString();
  const db = w.t.deps.db;
  const { id } = await db
    .insertInto('messages')
    .values({ tenant_id: w.b.tenant.id, kind: 'membercard', msg_media: 'sms', subject: `Jäsenkortti ${w.b.tenant.name}`, content: 'B', status: 'paying', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = w.bMembers[0]!;
  await queueDeliveries(db, w.b.tenant.id, id, [{ memberId: member.id, medium: 'sms', address: '+358401234567' }], at, 'held');
  const d = await db.selectFrom('deliveries').select('id').where('message_id', '=', id).executeTakeFirstOrThrow();
  const token = cardToken(w.t.deps.config.sessionSecret, d.id);
  await ensureCard(db, w.b.tenant.id, { memberId: member.id, token, messageId: id, deliveryId: d.id, validUntil: '2099-12-31', at });
  return { id, token };
}

const bState = async (w: World, id: number) => ({
  message: await w.t.deps.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst(),
  deliveries: await w.t.deps.db.selectFrom('deliveries').selectAll().where('message_id', '=', id).execute(),
});

export const membercardCases: CrossTenantCase[] = [
  {
    method: 'GET',
    url: '/api/1/membercard/key',
    async run(w) {
      const bKey = await keyFor(w.t.deps, w.b.tenant.id);
      const r = await w.asA.get('/api/1/membercard/key');
      expect(r.status).toBe(200);
      expect(r.body.public_key).not.toBe(bKey.publicKey);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/membercard/card/:token',
    async run(w) {
      const m = await bCardMessage(w);
      const anonA = new Client(w.t.app, w.asA.host, { ip: '10.77.0.1' });
      expectNotFound(await anonA.get(`/api/1/membercard/card/${m.token}`));
      expectNotFound(await w.asA.get(`/api/1/membercard/card/${m.token}`));
      expect((await w.t.deps.db.selectFrom('member_cards').select('opened_at').where('message_id', '=', m.id).executeTakeFirstOrThrow()).opened_at).toBeNull();
    },
  },
  {
    method: 'POST',
    url: '/api/1/membercard/preview',
    async run(w) {
      // B's members hand-picked by id are not A's recipients (A has no design: refused, nothing of B's shown).
      const r = await w.asA.post('/api/1/membercard/preview', { addrecips: w.bMembers.map((m) => m.id) });
      expect([200, 400]).toContain(r.status);
      if (r.status === 200) expect(r.body.recipient_count + r.body.unreachable_count).toBe(0);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/membercard/save',
    async run(w) {
      const m = await bCardMessage(w);
      const before = await bState(w, m.id);
      const r = await w.asA.post('/api/1/membercard/save', { addrecips: w.bMembers.map((x) => x.id) });
      expect(r.status).not.toBe(200);
      expectNoLeak(r, w);
      expect(await bState(w, m.id)).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/membercard/all',
    async run(w) {
      const m = await bCardMessage(w);
      const r = await w.asA.get('/api/1/membercard/all');
      expect(r.status).toBe(200);
      expect(r.body.results.map((x: { id: number }) => x.id)).not.toContain(m.id);
    },
  },
  {
    method: 'GET',
    url: '/api/1/membercard/:id',
    async run(w) {
      const m = await bCardMessage(w);
      expectNotFound(await w.asA.get(`/api/1/membercard/${m.id}`));
    },
  },
  {
    method: 'POST',
    url: '/api/1/membercard/cancel',
    async run(w) {
      const m = await bCardMessage(w);
      const before = await bState(w, m.id);
      expectNotFound(await w.asA.post('/api/1/membercard/cancel', { id: m.id }));
      expect(await bState(w, m.id)).toEqual(before);
    },
  },
];
