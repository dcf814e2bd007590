import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { migrations, migrateToLatest } from '../migrate';

// Migration 016: one live member per email in an association, as a unique index, after
// bringing existing data in line (see the migration's comment).
describe(`migration 016: unique email of live members (${testDialect})`, () => {
  let t: TestApp;
  let tenantId: number;
  let otherTenantId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await testApp();
    tenantId = (await makeTenant(t.deps)).tenant.id;
    otherTenantId = (await makeTenant(t.deps, 'Toinen seura ry')).tenant.id;
    // Back to the schema before 016, with the duplicates a register could hold then.
    const all = new Migrator({ db: t.deps.db, provider: { getMigrations: async () => migrations } });
    expect((await all.migrateTo('015_export_tokens')).error).toBeUndefined();
    const db = t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const now = new Date().toISOString();
    const add = async (key: string, email: string | null, more: Record<string, unknown> = {}, tenant = tenantId) => {
      const row = await db
        .insertInto('members')
        .values({ tenant_id: tenant, firstname: key, lastname: 'Testi', email, active: 1, site_admin: 0, board: 0, deleted_at: null, created_at: now, updated_at: now, ...more })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id as number;
    };
    await add('first', 'aino@example.fi');
    await add('second', '  Aino@Example.FI '); // an older write path stored it as typed
    await add('third', 'aino@example.fi');
    await add('removed', 'aino@example.fi', { deleted_at: now });
    await add('applicant', 'aino@example.fi', { pending: 1 });
    await add('elsewhere', 'aino@example.fi', {}, otherTenantId);
    await add('upper', 'ÄITI@Example.fi');
    await add('blank', '   ');
    // A database that had already run 015 before 016 existed gets 013 all the same.
    const without013 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== '013_unique_email'));
    expect((await new Migrator({ db: t.deps.db, provider: { getMigrations: async () => without013 } }).migrateToLatest()).error).toBeUndefined();
    await migrateToLatest(t.deps.db);
  });
  afterAll(() => t.close());

  const emailOf = async (key: string) => (await t.deps.db.selectFrom('members').select('email').where('id', '=', ids[key]!).executeTakeFirstOrThrow()).email;

  it('keeps the address with the member who had it first, and with removed members, applications and other associations', async () => {
    expect(await emailOf('first')).toBe('aino@example.fi');
    for (const key of ['removed', 'applicant', 'elsewhere']) expect(await emailOf(key), key).toBe('aino@example.fi');
  });

  it('stores every address in the application\'s form (trimmed, lower case by JavaScript\'s rules), blank ones as none', async () => {
    expect(await emailOf('upper')).toBe('äiti@example.fi');
    expect(await emailOf('blank')).toBeNull();
  });

  it('clears the later duplicates\' email, keeping the address in their history and saying so in the log', async () => {
    for (const key of ['second', 'third']) {
      expect(await emailOf(key), key).toBeNull();
      const hist = await t.deps.db.selectFrom('member_history').selectAll().where('tenant_id', '=', tenantId).where('member_id', '=', ids[key]!).execute();
      expect(hist.map((h) => [h.context, JSON.parse(h.data)])).toEqual([['PersonUpdate', [{ field: 'email', label: 'Sähköposti', old: 'aino@example.fi', new: null }]]]);
    }
    const log = await t.deps.db.selectFrom('activity_log').select(['context', 'author_id']).where('event', '=', 'member_email_duplicate_cleared').orderBy('id').execute();
    expect(log).toEqual([
      { context: `member:${String(ids.second)}`, author_id: null },
      { context: `member:${String(ids.third)}`, author_id: null },
    ]);
  });

  it('then refuses a second live member with the same address, but not an application or a removed member', async () => {
    const now = new Date().toISOString();
    const row = (email: string, more: Record<string, unknown> = {}) => ({ tenant_id: tenantId, firstname: 'X', lastname: 'Y', email, active: 1 as const, site_admin: 0 as const, board: 0 as const, deleted_at: null, created_at: now, updated_at: now, ...more });
    await expect(t.deps.db.insertInto('members').values(row('aino@example.fi')).execute()).rejects.toThrow();
    await t.deps.db.insertInto('members').values(row('aino@example.fi', { pending: 1 })).execute();
    await t.deps.db.insertInto('members').values(row('aino@example.fi', { deleted_at: now })).execute();
  });
});
