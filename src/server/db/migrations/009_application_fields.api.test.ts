import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { migrations, migrateToLatest } from '../migrate';

// Migration 009: the defaults of the new "shown on the application
// form" setting for fields that existed before it (see the migration's comment).
describe(`migration 009: application form defaults for existing fields (${testDialect})`, () => {
  let t: TestApp;
  let tenantId: number;

  beforeAll(async () => {
    t = await testApp();
    tenantId = (await makeTenant(t.deps)).tenant.id;
    // Back to the schema before 009, with fields as an association had set them up.
    const migrator = new Migrator({ db: t.deps.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('008_pg_lower_indexes');
    expect(down.error).toBeUndefined();
    const db = t.deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await db.updateTable('fields').set({ visibility: 0 }).where('tenant_id', '=', tenantId).where('name', '=', 'phone').execute();
    await db.updateTable('fields').set({ visibility: 1 }).where('tenant_id', '=', tenantId).where('name', '=', 'email').execute();
    const now = new Date().toISOString();
    const custom = [
      ['syntymaaika', 'date', 3],
      ['kotikunta', 'text', 2],
      ['jasenmaksu_maksettu', 'checkbox', 2],
      ['kunniajasen', 'checkbox', 3],
      ['sisainen', 'text', 0],
      ['salasana2', 'password', 3],
      ['otsikko', 'heading', 2],
    ] as const;
    for (const [i, [name, type, visibility]] of custom.entries()) {
      await db
        .insertInto('fields')
        .values({ tenant_id: tenantId, name, label: name, type, visibility, fixed: 0, position: 100 + i, created_at: now, updated_at: now })
        .execute();
    }
    await migrateToLatest(t.deps.db);
  });
  afterAll(() => t.close());

  it('keeps names and contact fields where the form showed them, and only required non-checkbox custom fields', async () => {
    const rows = await t.deps.db.selectFrom('fields').select(['name', 'on_apply_form']).where('tenant_id', '=', tenantId).execute();
    const on = Object.fromEntries(rows.map((r) => [r.name, r.on_apply_form]));
    expect(on).toMatchObject({
      firstname: 1,
      lastname: 1,
      email: 1, // always: an application needs it, even when members may not edit it
      phone: 0, // the association had hidden it
      address_street: 1,
      address_zip: 1,
      address_city: 1,
      syntymaaika: 1,
      kotikunta: 0,
      jasenmaksu_maksettu: 0,
      kunniajasen: 0,
      sisainen: 0,
      salasana2: 0,
      otsikko: 0,
    });
  });
});
