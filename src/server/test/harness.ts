import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openPostgres, openSqlite, type Dialect, type DbHandle } from '../db/kysely';
import { migrateToLatest, migrations } from '../db/migrate';
import { ManualClock } from '../lib/clock';
import type { Config } from '../config';
import type { Deps } from '../deps';
import { createMailer, type Mailer } from '../modules/mail/mailer';
import { createTenant, type CreatedTenant } from '../modules/tenants/service';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/constants';
import { makeMember } from './factories/member';
import { outboxConfigFrom } from '../modules/outbox/config';

// Test harness: one factory gives the same app on SQLite or PostgreSQL
// (SEURA_TEST_DB=postgres + SEURA_TEST_PG_URL, set by scripts/test.ts).

export const testDialect: Dialect = process.env.SEURA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDb {
  handle: DbHandle;
  dataDir: string;
  /** The PostgreSQL database's URL (for child processes); null on SQLite, whose file is DATA_DIR/seura.sqlite. */
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDb(dialect: Dialect = testDialect): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-test-'));
  if (dialect === 'sqlite') {
    const file = path.join(dataDir, 'seura.sqlite');
    fs.copyFileSync(await sqliteTemplate(), file);
    const handle = openSqlite(file);
    return {
      handle,
      dataDir,
      databaseUrl: null,
      drop: async () => {
        await handle.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = pgAdminUrl();
  const name = `seura_t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await pgAdmin(adminUrl, async (admin) => admin.query(`create database ${name} template ${await pgTemplate(adminUrl, admin)}`));
  const url = pgDbUrl(adminUrl, name);
  const handle = openPostgres(url);
  return {
    handle,
    dataDir,
    databaseUrl: url,
    drop: async () => {
      await handle.destroy();
      await pgAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Each fresh database is a copy of one migrated once (a file copy on SQLite, a template on
// PostgreSQL): migrating anew took 60 ms on SQLite and 470 ms on PostgreSQL, for each of the
// suites' 120-odd databases. The copy has the migrations table too, so it is a database as
// migrateToLatest leaves it.

let sqliteTemplateFile: Promise<string> | null = null;
/** This worker's migrated SQLite file, made on first use (with its WAL folded in, so the file alone is whole). */
function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-test-template-'));
    const file = path.join(dir, 'seura.sqlite');
    const handle = openSqlite(file);
    await migrateToLatest(handle.db);
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    await handle.destroy();
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    return file;
  })();
  return sqliteTemplateFile;
}

function pgAdminUrl(): string {
  const adminUrl = process.env.SEURA_TEST_PG_URL;
  if (!adminUrl) throw new Error('SEURA_TEST_PG_URL is not set (run through scripts/test.ts)');
  return adminUrl;
}

/** The cluster's URL with another database in it. */
function pgDbUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pgAdmin<T>(adminUrl: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await use(c);
  } finally {
    await c.end();
  }
}

let pgTemplateName: string | null = null;
/**
 * The migrated template database, named by the migrations' own text so a changed migration
 * gets a new one; made once per cluster under an advisory lock, as the suite's workers share it.
 */
async function pgTemplate(adminUrl: string, admin: pg.Client): Promise<string> {
  if (pgTemplateName) return pgTemplateName;
  const text = Object.entries(migrations).map(([key, m]) => `${key}\n${m.up.toString()}\n${m.down?.toString() ?? ''}`);
  const name = `seura_tpl_${crypto.createHash('sha256').update(text.join('\n')).digest('hex').slice(0, 16)}`;
  await admin.query('select pg_advisory_lock(7263001)');
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when whole: a worker stopped midway leaves no half template.
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const handle = openPostgres(pgDbUrl(adminUrl, building));
      try {
        await migrateToLatest(handle.db);
      } finally {
        await handle.destroy();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(7263001)');
  }
  pgTemplateName = name;
  return name;
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: ManualClock;
  dataDir: string;
  close(): Promise<void>;
}

export function testConfig(dataDir: string, over: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    smtpUrl: null,
    publicUrl: null,
    sessionSecret: 'test-secret-' + crypto.randomBytes(8).toString('hex'),
    adminEmail: null,
    adminPassword: null,
    secureCookies: false,
    trustProxy: [],
    defaultHost: null,
    outbox: outboxConfigFrom({}, { dataDir, publicUrl: null }),
    ...over,
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  mailer?: Mailer;
  webRoot?: string | null;
  /** Add test-only routes before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

export async function testApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const tdb = await freshDb();
  const config = testConfig(tdb.dataDir, opts.config);
  const clock = new ManualClock(new Date());
  const mailer = opts.mailer ?? createMailer({ smtpUrl: null, dataDir: tdb.dataDir });
  const deps: Deps = { db: tdb.handle.db, dialect: tdb.handle.dialect, clock, config, mailer };
  const app = await buildApp(deps, { webRoot: opts.webRoot ?? null });
  opts.extend?.(app);
  await app.ready();
  return {
    app,
    deps,
    clock,
    dataDir: tdb.dataDir,
    close: async () => {
      await app.close();
      await tdb.drop();
    },
  };
}

export const ADMIN_PASSWORD = 'Testi-Salasana-123';

let seq = 0;
/** An association with its own host and admin, like `npm run tenant -- create`. */
export function makeTenant(deps: Deps, name = 'Testiseura ry'): Promise<CreatedTenant> {
  seq += 1;
  const slug = `t${seq}-${crypto.randomBytes(3).toString('hex')}`;
  return createTenant(deps, {
    name,
    hostname: `${slug}.localhost`,
    isDefault: seq === 1,
    adminEmail: `admin@${slug}.fi`,
    adminPassword: ADMIN_PASSWORD,
  });
}

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests assert on arbitrary JSON
  headers: Record<string, unknown>;
  cookies: { name: string; value: string; [k: string]: unknown }[];
}

/**
 * A browser-like client for app.inject: keeps cookies per host and echoes the CSRF
 * cookie in X-CSRFToken on mutations, as the web client does.
 */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
    private readonly opts: { csrf?: boolean; ip?: string } = {},
  ) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    if (!this.jar.has(CSRF_COOKIE) && method !== 'GET') await this.request('GET', '/api/1/health');
    const h: Record<string, string> = { host: this.host, ...headers };
    if (this.jar.size > 0) h.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.opts.csrf !== false && this.jar.has(CSRF_COOKIE)) h[CSRF_HEADER] ??= this.jar.get(CSRF_COOKIE)!;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: h,
      remoteAddress: this.opts.ip ?? '127.0.0.1',
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown = res.body;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed, headers: res.headers, cookies: res.cookies as Reply['cookies'] };
  }
  get(url: string): Promise<Reply> {
    return this.request('GET', url);
  }
  post(url: string, body: unknown = {}): Promise<Reply> {
    return this.request('POST', url, body);
  }
  delete(url: string): Promise<Reply> {
    return this.request('DELETE', url);
  }
  async login(email: string, password = ADMIN_PASSWORD): Promise<Reply> {
    const r = await this.post('/api/1/session/login', { email, password });
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  }
}

/** A logged-in client for the tenant's admin. */
export async function adminClient(t: TestApp, tenant: CreatedTenant): Promise<Client> {
  const c = new Client(t.app, tenant.tenant.hostname ?? 'localhost');
  await c.login(tenant.admin.email!);
  return c;
}

let memberSeq = 0;
/** A logged-in client for a new ordinary member (or board member) of the tenant. */
export async function memberClient(t: TestApp, tenant: CreatedTenant, role: 'member' | 'board' = 'member'): Promise<Client> {
  memberSeq += 1;
  const email = `${role}${memberSeq}@${tenant.tenant.hostname ?? 'example.fi'}`;
  await makeMember(t.deps, tenant, { firstname: role === 'board' ? 'Hallitus' : 'Jäsen', lastname: `Nro${memberSeq}`, email, board: role === 'board' ? 1 : 0, password: ADMIN_PASSWORD });
  const c = new Client(t.app, tenant.tenant.hostname ?? 'localhost', { ip: `10.1.0.${memberSeq % 250}` });
  await c.login(email);
  return c;
}
