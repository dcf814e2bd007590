import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { adminClient, ADMIN_PASSWORD, Client, testDialect} from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { UPLOAD_KEEP_MS } from '../importer/cleanup';
import { uploadFile } from '../../test/factories/upload';
import { makeMember } from '../../test/factories';
import { creditByOperator } from '../payments/balance';
import { createOutboxWorker } from '../outbox/worker';
import { closeProviders, createProviders } from '../outbox/providers/index';

// Complete erase (GDPR Art. 17): after a permanent delete, neither the database
// (file bytes on SQLite, every row on PostgreSQL) nor any file under DATA_DIR holds the
// person's email or name.

const FIRST = 'Zorblatia';
const LAST = 'Quixwellström';
const EMAIL = 'zorblatia.quixwell@poistettava.fi';
const PHONE = '+358401239876';
const OTHER = 'pysyva.jasen@jaava.fi';


function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The strings that must be gone, in the forms they could be stored in. */
const needles = (() => {
  const base = [EMAIL, FIRST, LAST, `${FIRST} ${LAST}`, PHONE];
  return [...new Set(base.flatMap((s) => [s, s.toLowerCase(), s.toUpperCase()]))];
})();

function hitsIn(bytes: Buffer): string[] {
  return needles.filter((n) => bytes.includes(Buffer.from(n, 'utf8')) || bytes.includes(Buffer.from(n, 'latin1')) || bytes.includes(Buffer.from(n, 'utf16le')));
}

async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await check()).toBe(true);
}

describe(`permanent delete erases the person everywhere (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  it('leaves no trace of their email or name in the database or under DATA_DIR', async () => {
    const db = t.deps.db;
    const tid = a.tenant.id;
    // A site admin, so they also author changes and sign in.
    const { id } = await makeMember(t.deps, a, { firstname: FIRST, lastname: LAST, email: EMAIL, phone: PHONE, password: ADMIN_PASSWORD, site_admin: 1 });
    const other = (await admin.post('/api/1/members/new', { firstname: 'Pysyvä', lastname: 'Jäsen', email: OTHER })).body.id as number;

    // Log entries about them, and by them.
    expect((await admin.post(`/api/1/members/${id}`, { address_city: 'Kuopio' })).status).toBe(200);
    const them = new Client(t.app, a.tenant.hostname!, { ip: '10.9.9.9' });
    await them.login(EMAIL);
    expect((await them.post(`/api/1/members/${other}`, { address_city: 'Oulu' })).status).toBe(200);
    expect((await them.post('/api/1/saved_filters/new', { name: `${LAST}n suodatin`, filter: [{ field: 'lastname', verb: 'eq', value: LAST }] })).status).toBe(200);
    // A bulk edit and an export filtered by their email.
    const byEmail = [{ field: 'email', verb: 'eq', value: EMAIL }];
    expect((await admin.post('/api/1/members/bulkupdate', { filter: byEmail, data: { address_city: 'Joensuu' } })).body.count).toBe(1);
    const tok = await admin.post('/api/1/members/export_token', { filter: byEmail, format: 'csv', columns: ['email'] });
    expect((await admin.get(tok.body.url as string)).status).toBe(200);
    await admin.post('/api/1/members/export_token', { filter: byEmail, format: 'csv', columns: ['email'] }); // left unused
    // An import of a file that lists them, and an upload of another that was never imported.
    const csv = (city: string) => Buffer.from(`Etunimi;Sukunimi;Sähköposti;Postitoimipaikka\n${FIRST};${LAST};${EMAIL};${city}\nPysyvä;Jäsen;${OTHER};${city}\n`);
    const up = await uploadFile(admin, `jasenet-${LAST}.csv`, csv('Vaasa'));
    expect(up.status).toBe(200);
    const mapping = (await admin.post('/api/1/importer/get_sheet_metadata', { id: up.body.id })).body.suggested_mapping;
    const run = await admin.post('/api/1/importer/importer', { id: up.body.id, mapping, dry_run: false });
    expect(run.body).toMatchObject({ updated: 2 });
    expect((await uploadFile(admin, 'kesken.csv', csv('Lahti'))).status).toBe(200);
    // Failed logins and a password-reset request with their address (mail in the outbox).
    for (let i = 0; i < 2; i++) expect((await new Client(t.app, a.tenant.hostname!).post('/api/1/session/login', { email: EMAIL, password: 'väärä' })).status).toBe(400);
    const outbox = path.join(t.dataDir, 'outbox');
    const mailTo = () => fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes(EMAIL));
    expect((await new Client(t.app, a.tenant.hostname!).post('/api/1/session/reset_request', { email: EMAIL })).status).toBe(200);
    await waitFor(mailTo);
    expect(await db.selectFrom('password_resets').selectAll().where('member_id', '=', id).execute()).toHaveLength(1);

    // An SMS and a letter sent to them: the gateway request and the printed letter with its manifest row.
    await admin.post(`/api/1/members/${id}`, { address_street: 'Poistontie 1', address_zip: '70100', address_city: 'Kuopio' });
    await admin.post('/api/1/settings/save', { scope_: 'organisation', name_: 'Alfa ry', reply_to_email: 'hallitus@alfa.fi', business_id: '0112038-9' });
    await creditByOperator(t.deps, tid, 10_000, 'testi');
    for (const msg_media of ['sms', 'letter']) {
      const sent = await admin.post('/api/1/announcements/save', { msg_media, subject: 'Kokous', content: `Tervetuloa kokoukseen, ${FIRST}.`, filter: byEmail, send: true });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect((await admin.post('/api/1/mooney/balance_pay', { balance_mid: sent.body.mooney_id })).body.paid).toBe(true);
    }
    const providers = createProviders(t.deps.config);
    expect(await createOutboxWorker(t.deps, providers).runOnce()).toBe(2);
    await closeProviders(providers);
    const outboxFiles = () => filesUnder(path.join(t.dataDir, 'outbox')).map((f) => path.relative(t.dataDir, f));
    expect(outboxFiles()).toEqual(expect.arrayContaining([expect.stringMatching(/^outbox\/sms\/\d+\.json$/), expect.stringMatching(/^outbox\/letters\/letter-\d+-\d+\.pdf$/)]));

    // Before the erase, all of it is really there.
    const everything = await dump();
    expect(needles.some((n) => everything.includes(n))).toBe(true);
    expect(filesUnder(t.dataDir).some((f) => hitsIn(fs.readFileSync(f)).length > 0)).toBe(true);

    await them.post('/api/1/session/logout');
    expect((await admin.delete(`/api/1/members/${id}`)).status).toBe(200);
    const r = await admin.post('/api/1/members/delete_permanently', { filter: byEmail });
    expect(r.body.count).toBe(1);

    // Everything that remains about others is intact, with their traces redacted.
    expect((await admin.get(`/api/1/members/${other}`)).body).toMatchObject({ email: OTHER, address_city: 'Vaasa' });
    const hist = await db.selectFrom('member_history').select(['author_id']).where('tenant_id', '=', tid).where('member_id', '=', other).execute();
    expect(hist.length).toBeGreaterThan(1);
    expect(hist.every((h) => h.author_id !== id)).toBe(true);
    for (const table of ['activity_log', 'member_history', 'batches', 'imports', 'saved_filters'] as const) {
      expect(await db.selectFrom(table).select('author_id').where('tenant_id', '=', tid).where('author_id', '=', id).execute(), table).toEqual([]);
    }
    const saved = (await admin.get('/api/1/saved_filters/all')).body;
    expect(JSON.stringify(saved)).toContain('[poistettu]');
    const imports = (await admin.post('/api/1/importer/all', { page: 0 })).body;
    expect(imports.results).toEqual([expect.objectContaining({ created: 0, updated: 2 })]);

    if (testDialect === 'sqlite') {
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    } else {
      const rows = await dump();
      expect(needles.filter((n) => rows.includes(n))).toEqual([]);
    }
    const hits = filesUnder(t.dataDir).flatMap((f) => hitsIn(fs.readFileSync(f)).map((n) => `${path.relative(t.dataDir, f)}: ${n}`));
    expect(hits).toEqual([]);
    // The letter itself goes too (its text is compressed inside the PDF, so named by its delivery).
    expect(outboxFiles().filter((f) => f.endsWith('.pdf') || f.startsWith('outbox/sms/'))).toEqual([]);
    // The deliveries still count for their messages, without saying who they went to.
    const left = await db.selectFrom('deliveries').select(['member_id', 'address', 'status']).where('tenant_id', '=', tid).execute();
    expect(left).toEqual([
      { member_id: null, address: '[poistettu]', status: 'sent' },
      { member_id: null, address: '[poistettu]', status: 'sent' },
    ]);
  });

  it('removes uploads that were never imported after 24 hours, and files of finished imports at once', async () => {
    const up = await uploadFile(admin, 'vanha.csv', Buffer.from('Etunimi;Sukunimi\nVanha;Tiedosto\n'));
    const row = await t.deps.db.selectFrom('imports').select(['stored_path']).where('id', '=', up.body.id).executeTakeFirstOrThrow();
    // Stored under its key in DATA_DIR (the directory store).
    const file = (key: string) => path.join(t.dataDir, key);
    expect(fs.existsSync(file(row.stored_path))).toBe(true);
    t.clock.set(new Date(t.clock.now().getTime() + UPLOAD_KEEP_MS + 60_000).toISOString());
    // A day later (signed in again): the next upload clears the old one.
    const fresh = await uploadFile(await adminClient(t, a), 'uusi.csv', Buffer.from('Etunimi;Sukunimi\nUusi;Tiedosto\n'));
    expect(fresh.status).toBe(200);
    // The pass in the background removes the file, then the row: waiting for the file alone once
    // read the row in between.
    const oldRow = () => t.deps.db.selectFrom('imports').select('id').where('id', '=', up.body.id).execute();
    await waitFor(async () => !fs.existsSync(file(row.stored_path)) && (await oldRow()).length === 0);
    expect(await oldRow()).toEqual([]);
    const kept = await t.deps.db.selectFrom('imports').select(['stored_path']).where('id', '=', fresh.body.id).executeTakeFirstOrThrow();
    expect(fs.existsSync(file(kept.stored_path))).toBe(true);
    // Imported, the file goes at once; the row keeps the counts for the list of imports.
    const c = await adminClient(t, a);
    const mapping = (await c.post('/api/1/importer/get_sheet_metadata', { id: fresh.body.id })).body.suggested_mapping;
    expect((await c.post('/api/1/importer/importer', { id: fresh.body.id, mapping, dry_run: false })).body).toMatchObject({ created: 1 });
    expect(fs.existsSync(file(kept.stored_path))).toBe(false);
    expect((await c.post('/api/1/importer/get_sheet_metadata', { id: fresh.body.id })).status).toBe(404);
    expect(await t.deps.db.selectFrom('imports').select(['stored_path', 'created']).where('id', '=', fresh.body.id).executeTakeFirstOrThrow()).toEqual({ stored_path: '', created: 1 });
  });

  /** Every row of every table as text (PostgreSQL: `row::text`; SQLite: the file bytes). */
  async function dump(): Promise<string> {
    if (testDialect === 'sqlite') {
      const file = path.join(t.dataDir, 'seura.sqlite');
      return [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('utf8')).join('\n');
    }
    const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.deps.db);
    const out: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await sql<{ r: string }>`select x::text as r from ${sql.table(table_name)} x`.execute(t.deps.db);
      out.push(...rows.rows.map((row) => row.r));
    }
    return out.join('\n');
  }
});
