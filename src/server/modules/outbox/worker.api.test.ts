import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import type { CreatedTenant } from '../tenants/service';
import { iso } from '../../lib/clock';
import { statesOf } from '../contacts/repo';
import { claimDue } from './claim-repo';
import { createOutboxWorker, MAX_ATTEMPTS, backoffMs } from './worker';
import { recordingProvider, sentMessage, type RecordingProvider } from '../../test/factories/outbox';
import type { Providers } from './providers';

describe(`outbox worker (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let email: RecordingProvider;
  let sms: RecordingProvider;
  let providers: Providers;
  const now = () => iso(t.clock.now());
  const rows = (tenantId: number) => t.deps.db.selectFrom('deliveries').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.deps.db.deleteFrom('deliveries').execute();
    await t.deps.db.deleteFrom('contact_states').execute();
    await t.deps.db.updateTable('tenants').set({ trust_status: 'OK' }).execute();
    email = recordingProvider();
    sms = recordingProvider();
    providers = { email, sms, letter: recordingProvider(), pdf: recordingProvider() };
  });

  it('sends a queued email with the message, the association and its reply-to, and records sent and the outcome', async () => {
    await t.deps.db.insertInto('settings').values({ tenant_id: a.tenant.id, key: 'reply_to_email', value: JSON.stringify('hallitus@alfa.fi') }).execute();
    const m = await makeMember(t.deps, a, { email: 'maija@example.fi' });
    await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: m.id, medium: 'email', address: 'maija@example.fi' }], now(), 'Kevätkokous 2026');
    const worker = createOutboxWorker(t.deps, providers);
    expect(await worker.runOnce()).toBe(1);
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]).toMatchObject({ address: 'maija@example.fi', subject: 'Kevätkokous 2026', senderName: 'Alfa ry', replyTo: 'hallitus@alfa.fi', senderHost: a.tenant.hostname });
    const [d] = await rows(a.tenant.id);
    expect(d).toMatchObject({ status: 'sent', provider_ref: `ref-${d!.id}`, attempts: 1, lease_until: null, error: null, status_at: now() });
    expect(await statesOf(t.deps.db, a.tenant.id, [m.id])).toEqual([{ member_id: m.id, medium: 'email', address: 'maija@example.fi', outcome: 'sent', at: now() }]);
    expect(await worker.runOnce()).toBe(0);
    await t.deps.db.deleteFrom('settings').where('key', '=', 'reply_to_email').execute();
  });

  it('records a permanent refusal as bounced, with the member’s SMS outcome bounced', async () => {
    const m = await makeMember(t.deps, a, { phone: '+358401234567' });
    sms = recordingProvider(() => ({ outcome: 'bounced', error: 'HTTP 400 invalid recipient' }));
    providers.sms = sms;
    await sentMessage(t.deps.db, a.tenant.id, 'sms', [{ memberId: m.id, medium: 'sms', address: '+358401234567' }], now());
    await createOutboxWorker(t.deps, providers).runOnce();
    expect((await rows(a.tenant.id))[0]).toMatchObject({ status: 'bounced', error: 'HTTP 400 invalid recipient' });
    expect((await statesOf(t.deps.db, a.tenant.id, [m.id]))[0]).toMatchObject({ medium: 'sms', outcome: 'bounced' });
  });

  it('puts a failure before acceptance back in the queue with backoff, and gives up as unknown after the last attempt', async () => {
    providers.email = recordingProvider(() => ({ outcome: 'retry', error: '421 try later' }));
    await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'x@example.fi' }], now());
    const worker = createOutboxWorker(t.deps, providers);
    await worker.runOnce();
    let [d] = await rows(a.tenant.id);
    expect(d).toMatchObject({ status: 'queued', attempts: 1, error: '421 try later', lease_until: null });
    expect(d!.next_attempt_at).toBe(iso(new Date(t.clock.now().getTime() + 60_000)));
    // Not due yet: nothing is claimed.
    expect(await worker.runOnce()).toBe(0);
    for (let i = 2; i <= MAX_ATTEMPTS; i++) {
      t.clock.advance(backoffMs(i - 1));
      expect(await worker.runOnce()).toBe(1);
    }
    [d] = await rows(a.tenant.id);
    expect(d).toMatchObject({ status: 'unknown', attempts: MAX_ATTEMPTS, error: '421 try later' });
    expect((providers.email as RecordingProvider).sent).toHaveLength(MAX_ATTEMPTS);
    expect(backoffMs(1)).toBe(60_000);
    expect(backoffMs(3)).toBe(240_000);
    expect(backoffMs(20)).toBe(3_600_000);
  });

  it('never sends again a row whose claim expired: it becomes unknown', async () => {
    await sentMessage(t.deps.db, a.tenant.id, 'email', [1, 2, 3].map((i) => ({ memberId: null, medium: 'email' as const, address: `k${i}@example.fi` })), now());
    // A worker that claimed two rows and died before recording anything.
    const lost = await claimDue(t.deps.db, t.deps.dialect, a.tenant.id, now(), iso(new Date(t.clock.now().getTime() + 60_000)), 2);
    expect(lost).toHaveLength(2);
    const worker = createOutboxWorker(t.deps, providers);
    expect(await worker.runOnce()).toBe(1);
    expect((await rows(a.tenant.id)).map((d) => d.status)).toEqual(['sending', 'sending', 'sent']);
    t.clock.advance(60_001);
    expect(await worker.runOnce()).toBe(0);
    const after = await rows(a.tenant.id);
    expect(after.map((d) => d.status)).toEqual(['unknown', 'unknown', 'sent']);
    expect(after[0]!.error).toBe('lease_expired');
    expect(email.sent.map((d) => d.address)).toEqual(['k3@example.fi']);
  });

  it('records a provider failure that does not tell whether the message went as unknown', async () => {
    providers.email = { send: () => Promise.reject(new Error('socket closed during DATA')) };
    await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'x@example.fi' }], now());
    await createOutboxWorker(t.deps, providers).runOnce();
    expect((await rows(a.tenant.id))[0]).toMatchObject({ status: 'unknown', error: 'socket closed during DATA' });
  });

  it('serves associations in turn: a large queue of one does not hold back another’s single message', async () => {
    await sentMessage(t.deps.db, a.tenant.id, 'email', Array.from({ length: 2000 }, (_, i) => ({ memberId: null, medium: 'email' as const, address: `a${i}@example.fi` })), now());
    t.clock.advance(1000);
    await sentMessage(t.deps.db, b.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'yksi@beeta.fi' }], now());
    const worker = createOutboxWorker(t.deps, providers, { batchSize: 10 });
    expect(await worker.runOnce()).toBe(10);
    expect(email.sent.map((d) => d.address)).toContain('yksi@beeta.fi');
    expect(email.sent.filter((d) => d.tenantId === a.tenant.id)).toHaveLength(9);
  });

  it('keeps the deliveries of a BLOCKED association queued while others go', async () => {
    await t.deps.db.updateTable('tenants').set({ trust_status: 'BLOCKED' }).where('id', '=', a.tenant.id).execute();
    await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'estetty@alfa.fi' }], now());
    await sentMessage(t.deps.db, b.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'menee@beeta.fi' }], now());
    const worker = createOutboxWorker(t.deps, providers);
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect((await rows(a.tenant.id))[0]!.status).toBe('queued');
    expect((await rows(b.tenant.id))[0]!.status).toBe('sent');
    expect(email.sent.map((d) => d.address)).toEqual(['menee@beeta.fi']);
    await t.deps.db.updateTable('tenants').set({ trust_status: 'OK' }).where('id', '=', a.tenant.id).execute();
    expect(await worker.runOnce()).toBe(1);
    expect((await rows(a.tenant.id))[0]!.status).toBe('sent');
  });

  it('stops cleanly: the round in flight is recorded before stop() returns', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    providers.email = recordingProvider(async (d) => {
      await gate;
      return { outcome: 'sent', ref: String(d.deliveryId) };
    });
    await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'hidas@example.fi' }], now());
    const worker = createOutboxWorker(t.deps, providers, { idleMs: 10 });
    worker.start();
    while ((providers.email as RecordingProvider).sent.length === 0) await new Promise((r) => setTimeout(r, 5));
    const stopped = worker.stop();
    release();
    await stopped;
    expect((await rows(a.tenant.id))[0]!.status).toBe('sent');
  });
});
