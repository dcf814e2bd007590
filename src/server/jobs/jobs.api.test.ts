import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../test/harness';
import { recordingProvider, sentMessage, type RecordingProvider } from '../test/factories/outbox';
import { outboxConfigFrom } from '../modules/outbox/config';
import type { CreatedTenant } from '../modules/tenants/service';
import { startJobs } from './index';

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe(`background jobs (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  beforeAll(async () => {
    t = await testApp();
    t.deps.config.outbox = outboxConfigFrom({ BOUNCE_SMTP_PORT: '0' }, { dataDir: t.dataDir, publicUrl: null });
    a = await makeTenant(t.deps);
  });
  afterAll(() => t.close());
  const statusOf = async (mid: number) => (await t.deps.db.selectFrom('deliveries').select('status').where('message_id', '=', mid).executeTakeFirstOrThrow()).status;

  it('with workers off (WORKERS=0) sends nothing and opens no bounce port', async () => {
    const email = recordingProvider();
    const mid = await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'x@example.fi' }], t.clock.now().toISOString());
    const jobs = await startJobs(t.deps, { maintenance: true, workers: false, providers: { email, sms: email, letter: email, pdf: email } });
    await new Promise((r) => setTimeout(r, 300));
    expect(jobs.bouncePort).toBeNull();
    expect(email.sent).toHaveLength(0);
    expect(await statusOf(mid)).toBe('queued');
    await jobs.stop();
    await t.deps.db.deleteFrom('deliveries').execute();
  });

  it('with workers on sends the queue and receives bounces, and stops both cleanly', async () => {
    const email: RecordingProvider = recordingProvider();
    const mid = await sentMessage(t.deps.db, a.tenant.id, 'email', [{ memberId: null, medium: 'email', address: 'y@example.fi' }], t.clock.now().toISOString());
    const jobs = await startJobs(t.deps, { maintenance: false, workers: true, providers: { email, sms: email, letter: email, pdf: email }, worker: { idleMs: 20 } });
    expect(jobs.bouncePort).toBeGreaterThan(0);
    expect(await canConnect(jobs.bouncePort!)).toBe(true);
    for (let i = 0; i < 100 && (await statusOf(mid)) !== 'sent'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await statusOf(mid)).toBe('sent');
    await jobs.stop();
    expect(await canConnect(jobs.bouncePort!)).toBe(false);
  });

  it('reads WORKERS, refusing anything but 0 or 1', () => {
    const base = { dataDir: '/srv/seura', publicUrl: 'https://jasenet.example.fi' };
    expect(outboxConfigFrom({}, base)).toMatchObject({ workers: true, bounceSmtpPort: null, bounceDomain: 'jasenet.example.fi', smsUrl: null, smsHookSecret: null, letterDir: '/srv/seura/outbox/letters' });
    expect(outboxConfigFrom({ WORKERS: '0' }, base).workers).toBe(false);
    expect(() => outboxConfigFrom({ WORKERS: 'ei' }, base)).toThrow(/WORKERS/);
    expect(() => outboxConfigFrom({ BOUNCE_SMTP_PORT: '99999' }, base)).toThrow(/BOUNCE_SMTP_PORT/);
    expect(outboxConfigFrom({ SMS_URL: 'https://sms.example.fi/', BOUNCE_DOMAIN: 'Palautus.Example.fi' }, base)).toMatchObject({ smsUrl: 'https://sms.example.fi', bounceDomain: 'palautus.example.fi' });
  });
});
