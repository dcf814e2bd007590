import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, testConfig, testDialect, makeTenant, type TestDb } from '../../test/harness';
import { SMTPServer } from 'smtp-server';
import { sentMessage } from '../../test/factories/outbox';
import { REPO_ROOT } from '../../bootstrap';
import { createMailer } from '../mail/mailer';
import { systemClock } from '../../lib/clock';
import type { Deps } from '../../deps';

// The outbox's promise under real failure: worker processes (`npm run worker`) sending to a
// real SMTP server over sockets, one killed with SIGKILL mid-batch, two racing on one
// PostgreSQL. No address may get a message twice, and nothing may stay unfinished.

const SECRET = 'crash-test-' + crypto.randomBytes(6).toString('hex');

interface Sink {
  /** Recipients of every message whose content arrived (acknowledged or not). */
  mails: string[][];
  /** While set, messages are read but never acknowledged: the sender cannot know whether they went. */
  stall: boolean;
  /** Recipients of the messages read while stalled, never answered. */
  held: string[][];
  url: string;
  close(): Promise<void>;
}

/** A real SMTP server over a socket, which can be told to hang after reading each message. */
async function smtpSink(): Promise<Sink> {
  const sink = { mails: [] as string[][], stall: false, held: [] as string[][] } as Sink;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        sink.mails.push(to);
        if (sink.stall) sink.held.push(to);
        else done();
      });
    },
  });
  // The killed worker resets its sockets: expected here.
  server.on('error', () => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  sink.url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  sink.close = () => new Promise<void>((r) => server.close(() => r()));
  return sink;
}

describe(`outbox worker processes (${testDialect})`, () => {
  let tdb: TestDb;
  let deps: Deps;
  let smtp: Sink;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    tdb = await freshDb();
    deps = { db: tdb.handle.db, dialect: tdb.handle.dialect, clock: systemClock, config: testConfig(tdb.dataDir), mailer: createMailer({ smtpUrl: null, dataDir: tdb.dataDir }) };
    smtp = await smtpSink();
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await smtp.close();
    await tdb.drop();
  });

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server', 'worker.ts')], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: tdb.dataDir,
        ...(tdb.databaseUrl ? { DATABASE_URL: tdb.databaseUrl } : {}),
        SMTP_URL: smtp.url,
        SESSION_SECRET: SECRET,
        // A short lease, so the claims the killed process held become `unknown` within the test.
        SEURA_OUTBOX_LEASE_MS: '1500',
        SEURA_OUTBOX_IDLE_MS: '50',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM') console.error(`worker exited ${String(code)}: ${err}`);
    });
    children.add(child);
    return child;
  }
  const exited = (c: ChildProcess) => new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve())));
  async function until(what: string, cond: () => Promise<boolean> | boolean, ms = 200_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const statuses = async (messageId: number) => {
    const rows = await deps.db.selectFrom('deliveries').select(['id', 'address', 'status']).where('message_id', '=', messageId).execute();
    return rows;
  };
  const unfinished = async (messageId: number) => (await statuses(messageId)).filter((r) => r.status === 'queued' || r.status === 'sending').length;
  function receivedPerAddress(): Map<string, number> {
    const n = new Map<string, number>();
    for (const m of smtp.mails) for (const to of m) n.set(to, (n.get(to) ?? 0) + 1);
    return n;
  }

  it('survives SIGKILL mid-send: every delivery ends final, none twice, the claims in flight become unknown', { timeout: 300_000 }, async () => {
    smtp.mails.length = 0;
    const t = await makeTenant(deps, 'Kaatuva ry');
    const N = 1000;
    const mid = await sentMessage(deps.db, t.tenant.id, 'email', Array.from({ length: N }, (_, i) => ({ memberId: null, medium: 'email' as const, address: `k${i}@example.fi` })), new Date().toISOString());

    const first = startWorker();
    await until('some mail', () => smtp.mails.length >= 300);
    // From here the server reads messages but never answers: the worker is killed with
    // messages handed over and unacknowledged, the case where nobody knows whether they went.
    smtp.stall = true;
    // A message read and left unanswered: its row is `sending` for as long as the worker lives.
    // (Merely seeing some row `sending` is not enough: that batch may have just been answered,
    // and the kill could land before the next claim.)
    await until('a message held unanswered', () => smtp.held.length > 0);
    first.kill('SIGKILL');
    await exited(first);
    const sendingAtKill = (await statuses(mid)).filter((r) => r.status === 'sending');
    const atKill = sendingAtKill.map((r) => r.id);
    const sendingAddresses = new Set(sendingAtKill.map((r) => r.address));
    expect(smtp.held.flat().every((a) => sendingAddresses.has(a))).toBe(true);
    expect(smtp.mails.length).toBeLessThan(N);
    smtp.stall = false;

    const second = startWorker();
    await until('every delivery final', async () => (await unfinished(mid)) === 0);
    second.kill('SIGTERM');
    await exited(second);

    const rows = await statuses(mid);
    const received = receivedPerAddress();
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect(rows.every((r) => r.status === 'sent' || r.status === 'unknown')).toBe(true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(atKill.every((id) => byId.get(id)!.status === 'unknown')).toBe(true);
    // Every row recorded sent arrived exactly once; only the lost claims may be unknown.
    expect(rows.filter((r) => r.status === 'sent').every((r) => received.get(r.address) === 1)).toBe(true);
    expect(rows.filter((r) => r.status === 'unknown').length).toBe(atKill.length);
  });

  it.skipIf(testDialect !== 'postgres')('lets two worker processes on one PostgreSQL send 2 000 deliveries, each exactly once', { timeout: 300_000 }, async () => {
    smtp.mails.length = 0;
    const t = await makeTenant(deps, 'Rinnakkainen ry');
    const N = 2000;
    const mid = await sentMessage(deps.db, t.tenant.id, 'email', Array.from({ length: N }, (_, i) => ({ memberId: null, medium: 'email' as const, address: `r${i}@example.fi` })), new Date().toISOString());
    const workers = [startWorker(), startWorker()];
    await until('every delivery final', async () => (await unfinished(mid)) === 0);
    for (const w of workers) w.kill('SIGTERM');
    await Promise.all(workers.map(exited));
    const received = receivedPerAddress();
    expect(received.size).toBe(N);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect((await statuses(mid)).every((r) => r.status === 'sent')).toBe(true);
  });
});
