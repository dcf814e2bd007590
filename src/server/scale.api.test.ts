import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, makeTenant, testConfig, testDialect, type TestDb } from './test/harness';
import { openPostgres, type DbHandle } from './db/kysely';
import { createMailer } from './modules/mail/mailer';
import { systemClock } from './lib/clock';
import type { Deps } from './deps';
import { fakeS3, type FakeS3 } from './test/fakeS3';
import { signIn, startServer, type ServerProcess } from './test/serverProcess';
import { recordingProvider, sentMessage } from './test/factories/outbox';
import { camt054 } from './test/factories/bank-statements';
import { testIban } from './test/factories/invoice';
import { startJobs } from './jobs/index';
import { startBankDir } from './jobs/bank-dir';

// Several server processes on one PostgreSQL (docs/scaling.md): what one process did, the
// others see. Two real server processes with nothing in common but the database, the session
// secret and S3 (each its own DATA_DIR); and two sets of workers on one database.
// SQLite is one machine's file: these run on PostgreSQL only.

const ADMIN = { email: 'skaala@example.fi', password: 'Skaala-Salasana-123' };
const SECRET = 'scale-test-' + crypto.randomBytes(8).toString('hex');

describe.skipIf(testDialect !== 'postgres')('several server processes on one PostgreSQL', () => {
  let tdb: TestDb;
  let s3: FakeS3;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    tdb = await freshDb();
    s3 = await fakeS3();
    const env = (): Record<string, string> => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-scale-'));
      dirs.push(dataDir);
      return { DATABASE_URL: tdb.databaseUrl!, DATA_DIR: dataDir, S3_URL: s3.url, SESSION_SECRET: SECRET, WORKERS: '0', SEURA_ADMIN_EMAIL: ADMIN.email, SEURA_ADMIN_PASSWORD: ADMIN.password };
    };
    // One after the other: the first creates the demo association and its admin.
    servers.push(await startServer(env()));
    servers.push(await startServer(env()));
  }, 120_000);
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await s3?.close();
    await tdb?.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('accepts on one process a session signed in on the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(a.base, ADMIN.email, ADMIN.password);
    const onB = await fetch(`${b.base}/api/1/session/get`, { headers: session.headers });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { user: { email: string } }).user.email).toBe(ADMIN.email);
    // A write on B with the CSRF token A handed out.
    const saved = await fetch(`${b.base}/api/1/session/set_persistent_data`, { method: 'POST', headers: session.headers, body: JSON.stringify({ key: 'skaala', val: 'b' }) });
    expect(saved.status).toBe(200);
    // Signed out on B, the session is gone on A too.
    expect((await fetch(`${b.base}/api/1/session/logout`, { method: 'POST', headers: session.headers, body: '{}' })).status).toBe(200);
    expect((await fetch(`${a.base}/api/1/session/get`, { headers: session.headers })).status).toBe(401);
  });

  it("reads on one process an import upload made on the other (S3, no shared directory)", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const session = await signIn(a.base, ADMIN.email, ADMIN.password);
    const boundary = `----skaala${crypto.randomBytes(4).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kaksi.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.from('Etunimi;Sukunimi\nToinen;Prosessi\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await fetch(`${a.base}/api/1/importer/upload`, { method: 'POST', headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
    expect(up.status).toBe(200);
    const { id } = (await up.json()) as { id: string };
    expect([...s3.objects.keys()].some((k) => k.endsWith(`/${id}.csv`))).toBe(true);
    const meta = await fetch(`${b.base}/api/1/importer/get_sheet_metadata`, { method: 'POST', headers: session.headers, body: JSON.stringify({ id }) });
    expect(meta.status).toBe(200);
    const m = (await meta.json()) as { src_cols: string[]; suggested_mapping: unknown };
    expect(m.src_cols).toEqual(['Etunimi', 'Sukunimi']);
    const run = await fetch(`${b.base}/api/1/importer/importer`, { method: 'POST', headers: session.headers, body: JSON.stringify({ id, mapping: m.suggested_mapping, dry_run: false }) });
    expect(((await run.json()) as { created: number }).created).toBe(1);
    // Imported: the file left the bucket (data minimisation), whichever process stored it.
    expect([...s3.objects.keys()].some((k) => k.endsWith(`/${id}.csv`))).toBe(false);
  });
});

describe.skipIf(testDialect !== 'postgres')('workers of two processes on one PostgreSQL', () => {
  let tdb: TestDb;
  let other: DbHandle;
  let one: Deps;
  let two: Deps;

  beforeAll(async () => {
    tdb = await freshDb();
    // Two pools, as two processes would hold.
    other = openPostgres(tdb.databaseUrl!);
    const deps = (db: DbHandle): Deps => ({ db: db.db, dialect: db.dialect, clock: systemClock, config: { ...testConfig(tdb.dataDir), sessionSecret: SECRET }, mailer: createMailer({ smtpUrl: null, dataDir: tdb.dataDir }) });
    one = deps(tdb.handle);
    two = deps(other);
  });
  afterAll(async () => {
    await other?.destroy();
    await tdb?.drop();
  });

  it('sends each outbox delivery once when both run workers', async () => {
    const a = await makeTenant(one);
    const rows = Array.from({ length: 60 }, (_, i) => ({ memberId: null, medium: 'email' as const, address: `jasen${String(i)}@example.fi` }));
    const mid = await sentMessage(one.db, a.tenant.id, 'email', rows, new Date().toISOString());
    const p1 = recordingProvider();
    const p2 = recordingProvider();
    const providers = (p: typeof p1) => ({ email: p, sms: p, letter: p, pdf: p });
    const jobs = await Promise.all([
      startJobs(one, { maintenance: false, workers: true, providers: providers(p1), worker: { idleMs: 10, batchSize: 5 }, log: () => {} }),
      startJobs(two, { maintenance: false, workers: true, providers: providers(p2), worker: { idleMs: 10, batchSize: 5 }, log: () => {} }),
    ]);
    const sent = async () => (await one.db.selectFrom('deliveries').select('status').where('message_id', '=', mid).where('status', '=', 'sent').execute()).length;
    for (let i = 0; i < 300 && (await sent()) < rows.length; i++) await new Promise((r) => setTimeout(r, 20));
    for (const j of jobs) await j.stop();
    expect(await sent()).toBe(rows.length);
    const addresses = [...p1.sent, ...p2.sent].map((d) => d.address);
    expect(addresses.sort()).toEqual(rows.map((r) => r.address).sort());
    // Both took part (else the test proves nothing about two workers).
    expect(p1.sent.length).toBeGreaterThan(0);
    expect(p2.sent.length).toBeGreaterThan(0);
  });

  it('imports a BANK_DIR file once when both watch the directory', async () => {
    const a = await makeTenant(one);
    const iban = testIban(a.tenant.id);
    await one.db.insertInto('bank_mandates').values({ tenant_id: a.tenant.id, iban, given_on: '2026-01-01', given_by: 'Rahastonhoitaja', created_at: new Date().toISOString() }).execute();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-scale-bank-'));
    const names = ['k1.xml', 'k2.xml', 'k3.xml', 'k4.xml'];
    const old = new Date(Date.now() - 60_000);
    for (const n of names) {
      fs.writeFileSync(path.join(dir, n), camt054({ account: iban, payments: [{ amount_c: 100, reference: '1232' }] }));
      fs.utimesSync(path.join(dir, n), old, old);
    }
    // Each watcher makes its first pass at once: the two passes race over the same files.
    const stops = [startBankDir(one, dir, () => {}), startBankDir(two, dir, () => {})];
    for (const stop of stops) await stop();
    expect(fs.readdirSync(path.join(dir, 'done')).sort()).toEqual(names);
    const statements = await one.db.selectFrom('bank_statements').select('filename').where('tenant_id', '=', a.tenant.id).execute();
    expect(statements.map((s) => s.filename).sort()).toEqual(names);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
