import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { outboxConfigFrom } from '../outbox/config';
import { deliveryToken } from '../outbox/tokens';
import { sentMessage } from '../../test/factories/outbox';
import { statesOf } from '../contacts/repo';
import type { CreatedTenant } from '../tenants/service';
import type { Member } from '../../db/schema';

describe(`SMS delivery reports (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let member: Member;
  let gateway: Client;
  const url = (secret = 'koukku') => `/api/1/hooks/sms?secret=${secret}`;
  const delivery = (id: number) => t.deps.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A fresh SMS delivery of A's member, as the worker leaves it. */
  async function smsDelivery(status: 'sent' | 'unknown' = 'sent'): Promise<number> {
    const at = new Date().toISOString();
    const mid = await sentMessage(t.deps.db, a.tenant.id, 'sms', [{ memberId: member.id, medium: 'sms', address: '+358401234567' }], at);
    const d = await t.deps.db.selectFrom('deliveries').select('id').where('message_id', '=', mid).executeTakeFirstOrThrow();
    await t.deps.db.updateTable('deliveries').set({ status, provider_ref: '555' }).where('id', '=', d.id).execute();
    return d.id;
  }
  const report = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
    id: 555,
    msisdn: 358401234567,
    time: 1764000000,
    status,
    userref: deliveryToken(t.deps.config.sessionSecret, 'sms', id),
    error: null,
    code: null,
    ...extra,
  });

  beforeAll(async () => {
    t = await testApp();
    t.deps.config.outbox = outboxConfigFrom({ SMS_HOOK_SECRET: 'koukku' }, { dataDir: t.dataDir, publicUrl: null });
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    member = await makeMember(t.deps, a, { phone: '+358401234567' });
    // The gateway: no session, no CSRF cookie.
    gateway = new Client(t.app, a.tenant.hostname!, { csrf: false });
  });
  afterAll(() => t.close());

  it('marks an undelivered SMS bounced and the member’s SMS bounced; a repeated report changes nothing more', async () => {
    const id = await smsDelivery();
    const r = await gateway.post(url(), report(id, 'UNDELIVERED', { code: '0x29', error: 'Absent subscriber' }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = await delivery(id);
    expect(d).toMatchObject({ status: 'bounced', error: 'UNDELIVERED 0x29 Absent subscriber' });
    expect((await statesOf(t.deps.db, a.tenant.id, [member.id]))[0]).toMatchObject({ medium: 'sms', address: '+358401234567', outcome: 'bounced' });
    expect((await gateway.post(url(), report(id, 'UNDELIVERED'))).status).toBe(200);
    expect(await delivery(id)).toEqual(d);
    // A late DELIVERED does not undo a bounce.
    expect((await gateway.post(url(), report(id, 'DELIVERED'))).status).toBe(200);
    expect((await delivery(id)).status).toBe('bounced');
  });

  it('marks REJECTED and EXPIRED bounced too, and leaves intermediate states alone', async () => {
    for (const s of ['REJECTED', 'EXPIRED']) {
      const id = await smsDelivery();
      expect((await gateway.post(url(), report(id, s))).status).toBe(200);
      expect((await delivery(id)).status).toBe('bounced');
    }
    const id = await smsDelivery();
    expect((await gateway.post(url(), report(id, 'ENROUTE'))).status).toBe(200);
    expect((await delivery(id)).status).toBe('sent');
  });

  it('needs no cookie, session or CSRF token: the gateway is not a browser', async () => {
    const id = await smsDelivery('unknown');
    const r = await t.app.inject({ method: 'POST', url: url(), headers: { host: a.tenant.hostname!, 'content-type': 'application/json' }, payload: JSON.stringify(report(id, 'DELIVERED')) });
    expect(r.statusCode, r.body).toBe(200);
    expect((await delivery(id)).status).toBe('sent');
  });

  it('keeps sent on DELIVERED and turns unknown into sent', async () => {
    const sent = await smsDelivery('sent');
    expect((await gateway.post(url(), report(sent, 'DELIVERED'))).status).toBe(200);
    expect((await delivery(sent)).status).toBe('sent');
    const unknown = await smsDelivery('unknown');
    expect((await gateway.post(url(), report(unknown, 'DELIVERED', { id: 777 }))).status).toBe(200);
    expect(await delivery(unknown)).toMatchObject({ status: 'sent', provider_ref: '777' });
    expect((await statesOf(t.deps.db, a.tenant.id, [member.id]))[0]).toMatchObject({ medium: 'sms', outcome: 'sent' });
  });

  it('answers 404 without the right secret, for a forged userref, and for another association’s delivery', async () => {
    const id = await smsDelivery();
    const before = await delivery(id);
    expect((await gateway.post(url('vaara'), report(id, 'UNDELIVERED'))).status).toBe(404);
    expect((await gateway.post('/api/1/hooks/sms', report(id, 'UNDELIVERED'))).status).toBe(404);
    expect((await gateway.post(url(), report(id, 'UNDELIVERED', { userref: `${id}.forged` }))).status).toBe(404);
    const atB = new Client(t.app, b.tenant.hostname!, { csrf: false });
    expect((await atB.post(url(), report(id, 'UNDELIVERED'))).status).toBe(404);
    expect(await delivery(id)).toEqual(before);
  });

  it('does not exist when SMS_HOOK_SECRET is not configured', async () => {
    const id = await smsDelivery();
    const saved = t.deps.config.outbox;
    t.deps.config.outbox = { ...saved, smsHookSecret: null };
    try {
      expect((await gateway.post(url(), report(id, 'UNDELIVERED'))).status).toBe(404);
      expect((await gateway.post('/api/1/hooks/sms?secret=', report(id, 'UNDELIVERED'))).status).toBe(404);
    } finally {
      t.deps.config.outbox = saved;
    }
    expect((await delivery(id)).status).toBe('sent');
  });

  it('refuses a malformed or oversized body with 400, never 500', async () => {
    const id = await smsDelivery('unknown');
    expect((await gateway.post(url(), { status: 'DELIVERED' })).status).toBe(400);
    // The hook's cap is 16 kB, far below the app's 2 MB.
    expect((await gateway.post(url(), { ...report(id, 'DELIVERED'), padding: 'x'.repeat(20_000) })).status).toBe(400);
    expect((await delivery(id)).status).toBe('unknown');
    expect((await gateway.post(url(), { ...report(id, 'DELIVERED'), padding: 'x'.repeat(1_000) })).status).toBe(200);
    expect((await delivery(id)).status).toBe('sent');
  });
});
