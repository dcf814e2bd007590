import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import { queueDeliveries } from '../src/server/modules/outbox/queue-repo';
import { createOutboxWorker } from '../src/server/modules/outbox/worker';
import { createProviders, closeProviders } from '../src/server/modules/outbox/providers/index';
import { onEachDatabase } from './databases';
import { BENCH_ADMIN } from './http';
import { timed } from './stats';

// The outbox: queuing 100 000 deliveries of one message (one transaction, as a sent
// announcement does), then the worker with its production settings sending from that queue
// to a local SMTP sink over real sockets (the sink runs in this process and shares its CPU).
const QUEUE = Number(process.env.BENCH_QUEUE ?? 100_000);
const SEND = Number(process.env.BENCH_SEND ?? 5_000);

async function sink(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _s, done) {
      stream.on('data', () => {});
      stream.on('end', () => {
        n += 1;
        done();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, count: () => n, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function run(label: string, env: Record<string, string | undefined>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bench-outbox-'));
  const smtp = await sink();
  const { deps, handle } = await openDeps({ ...env, DATA_DIR: dataDir, SMTP_URL: smtp.url, SEURA_ADMIN_EMAIL: BENCH_ADMIN.email, SEURA_ADMIN_PASSWORD: BENCH_ADMIN.password });
  try {
    const created = (await ensureDefaultTenant(deps))!;
    const tenantId = created.tenant.id;
    const at = new Date().toISOString();
    const m = await deps.db
      .insertInto('messages')
      .values({ tenant_id: tenantId, kind: 'announcement', msg_media: 'email', subject: 'Kevätkokous', content: '<p>Tervetuloa <strong>kevätkokoukseen</strong> 12.3. klo 18!</p><p>Hallitus</p>', status: 'sent', created_at: at, updated_at: at, sent_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: QUEUE }, (_, i) => ({ memberId: null, medium: 'email' as const, address: `jasen${i}@example.fi` }));
    const queued = await timed(() => deps.db.transaction().execute((trx) => queueDeliveries(trx, tenantId, m.id, rows, at)));
    console.log(`\n${label}: ${QUEUE} toimitusta jonoon yhdessä transaktiossa: ${queued.seconds.toFixed(2)} s, huippumuisti ${queued.peakMb} MB   tavoite < 5 s`);

    const providers = createProviders(deps.config);
    const worker = createOutboxWorker(deps, providers, { idleMs: 10 });
    const t0 = performance.now();
    worker.start();
    while (smtp.count() < SEND) await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - t0) / 1000;
    await worker.stop();
    await closeProviders(providers);
    console.log(`${label}: lähetys SMTP-nieluun jonosta (${QUEUE} jonossa): ${SEND} viestiä ${seconds.toFixed(1)} s = ${Math.round(SEND / seconds)} viestiä/s   tavoite ≥ 200/s`);
  } finally {
    deps.mailer.close();
    await handle.destroy();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase(run);
