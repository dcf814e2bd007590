import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb, makeTenant, testConfig, testDialect, type TestDb } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { twoConnections } from '../../test/twoConnections';
import { ManualClock } from '../../lib/clock';
import { createMailer } from '../mail/mailer';
import { recordOutcome } from '../contacts/repo';
import * as settingsRepo from '../settings/repo';
import { getResults, getStats, search, type ResultsOpts } from './service';
import { cachedModel, listCacheOf, openCached } from './list-cache';
import { loadModel } from './model';
import { filterSql } from './filter-sql';
import { BY_NAME, countedPageSql, membersInOrder, statsSql } from './list-repo';
import type { MemberColumn } from './columns';
import type { Db } from '../../db/kysely';
import type { Deps } from '../../deps';
import type { CreatedTenant } from '../tenants/service';
import type { Filter } from '../../../shared/filter/types';

// The list caches (list-cache.ts): a repeated list is answered from memory, and every kind
// of write to what a list reads (through the services, straight SQL, another process's
// connection, settings and the field model) is seen by the next list, never a stale answer.

describe(`member list caches (${testDialect})`, () => {
  let close: () => Promise<void>;
  let a: Deps;
  let b: Deps;
  let tenant: CreatedTenant;
  let bystander: CreatedTenant;
  const TAMPERE: Filter = [{ field: 'address_city', verb: 'eq', value: 'tampere' }];
  const page = (filter: Filter, columns: string[] = ['address_city']): ResultsOpts => ({
    filter,
    deleted: false,
    pending: false,
    sort: { field: 'lastname', dir: 'asc' },
    offset: 0,
    limit: 20,
    columns,
  });
  const names = async (deps: Deps, t: CreatedTenant, filter: Filter) => (await getResults(deps, t.tenant, page(filter))).results.map((r) => r.lastname);

  beforeAll(async () => {
    ({ a, b, close } = await twoConnections(new ManualClock(new Date('2026-11-20T08:00:00Z'))));
    tenant = await makeTenant(a);
    bystander = await makeTenant(a, 'Toinen seura ry');
    await makeMember(a, tenant, { lastname: 'Aalto', address_city: 'Tampere' });
    await makeMember(a, tenant, { lastname: 'Berg', address_city: 'TAMPERE' });
    await makeMember(a, tenant, { lastname: 'Carlsson', address_city: 'Turku' });
    await makeMember(a, bystander, { lastname: 'Dahl', address_city: 'Tampere' });
  });
  afterAll(() => close());

  it('answers a repeated page and its count from the cache, per association', async () => {
    expect(await names(a, tenant, TAMPERE)).toEqual(['Aalto', 'Berg']);
    const held = listCacheOf(a.db).size(tenant.tenant.id);
    expect(held).toBeGreaterThan(0);
    expect(await names(a, tenant, TAMPERE)).toEqual(['Aalto', 'Berg']);
    // Served from what was held: nothing new was cached.
    expect(listCacheOf(a.db).size(tenant.tenant.id)).toBe(held);
    expect(await names(a, bystander, TAMPERE)).toEqual(['Dahl']);
    expect((await getStats(a, tenant.tenant, { filter: TAMPERE, deleted: false, pending: false })).stats.result_count).toBe(2);
  });

  it('sees a write made with plain SQL in this process at once', async () => {
    await names(a, tenant, TAMPERE);
    await a.db.updateTable('members').set({ address_city: 'Tampere' }).where('tenant_id', '=', tenant.tenant.id).where('lastname', '=', 'Carlsson').execute();
    expect(await names(a, tenant, TAMPERE)).toEqual(['Aalto', 'Berg', 'Carlsson']);
    expect((await getStats(a, tenant.tenant, { filter: TAMPERE, deleted: false, pending: false })).stats.result_count).toBe(3);
  });

  it("sees another process's committed write (another connection to the same database)", async () => {
    const before = await names(a, tenant, TAMPERE);
    await makeMember(b, tenant, { lastname: 'Eklund', address_city: 'Tampere' });
    expect(await names(a, tenant, TAMPERE)).toEqual([...before, 'Eklund']);
    expect((await getStats(a, tenant.tenant, { filter: TAMPERE, deleted: false, pending: false })).stats.result_count).toBe(before.length + 1);
  });

  it('leaves the answer as it was after a write that was rolled back', async () => {
    const before = await names(a, tenant, TAMPERE);
    await expect(
      a.db.transaction().execute(async (trx) => {
        await trx.updateTable('members').set({ address_city: 'Oulu' }).where('tenant_id', '=', tenant.tenant.id).execute();
        throw new Error('peruttu');
      }),
    ).rejects.toThrow('peruttu');
    expect(await names(a, tenant, TAMPERE)).toEqual(before);
  });

  it.runIf(testDialect === 'postgres')('does not make one association\'s writers wait for each other (the version is bumped at commit)', async () => {
    const [x, y] = await a.db.selectFrom('members').select('id').where('tenant_id', '=', tenant.tenant.id).orderBy('id').limit(2).execute();
    const before = await names(a, tenant, TAMPERE);
    // A transaction that has written stays open while another connection writes and commits:
    // a version row locked at the first write would block that write and this would hang.
    await a.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ address_street: 'Hämeenkatu 1' }).where('id', '=', x!.id).execute();
      await b.db.updateTable('members').set({ address_street: 'Hämeenkatu 2' }).where('id', '=', y!.id).execute();
    });
    expect(await names(a, tenant, TAMPERE)).toEqual(before);
    const streets = await a.db.selectFrom('members').select('address_street').where('id', 'in', [x!.id, y!.id]).orderBy('id').execute();
    expect(streets.map((r) => r.address_street)).toEqual(['Hämeenkatu 1', 'Hämeenkatu 2']);
  });

  it('finds a member added after the same quick search was answered', async () => {
    const find = async () => (await search(a, tenant.tenant, 'fager', { deleted: false, showAll: false, minChars: 3 })).results.map((r) => r.lastname);
    expect(await find()).toEqual([]);
    await makeMember(b, tenant, { lastname: 'Fagerström', search_text: 'testi fagerstrom' });
    expect(await find()).toEqual(['Fagerström']);
  });

  it('sees recorded outcomes behind an up-to-dateness filter', async () => {
    const bounced: Filter = [{ field: 'uptodate_email', verb: 'eq', value: 'bounced' }];
    expect(await names(a, tenant, bounced)).toEqual([]);
    const aalto = await a.db.selectFrom('members').selectAll().where('tenant_id', '=', tenant.tenant.id).where('lastname', '=', 'Aalto').executeTakeFirstOrThrow();
    await recordOutcome(a.db, tenant.tenant.id, { member_id: aalto.id, medium: 'email', address: aalto.email!, outcome: 'bounced', at: '2026-11-20T08:00:00.000Z' });
    expect(await names(a, tenant, bounced)).toEqual(['Aalto']);
  });

  it('reads the field model again after a group is added and after a setting changes', async () => {
    const before = await getResults(a, tenant.tenant, page(TAMPERE, ['address_city', 'Kuoro']));
    expect(before.results[0]).not.toHaveProperty('Kuoro');
    const now = '2026-11-20T08:00:00.000Z';
    const group = await a.db
      .insertInto('groups')
      .values({ tenant_id: tenant.tenant.id, name: 'Kuoro', label: 'Kuoro', allowed_senders: 'GroupMembers', position: 99, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const after = await getResults(a, tenant.tenant, page(TAMPERE, ['address_city', 'Kuoro']));
    expect(after.results[0]).toHaveProperty('Kuoro');
    expect(group.id).toBeGreaterThan(0);
    const model = await loadModel(a.db, tenant.tenant.id);
    expect(model.porg).toBe(false);
    await getResults(a, tenant.tenant, page(TAMPERE, ['address_city', 'email_porg1']));
    await settingsRepo.set(a.db, tenant.tenant.id, 'porg_enabled', true);
    const porg = await getResults(a, tenant.tenant, page(TAMPERE, ['address_city', 'email_porg1']));
    expect(porg.results[0]).toHaveProperty('email_porg1');
  });

  it("keeps the field model across a member's save, and reads it again after a field changes in another process", async () => {
    const modelNow = async () => cachedModel(await openCached(a.db, a.dialect, tenant.tenant.id), a, tenant.tenant.id);
    const first = await modelNow();
    const listBefore = await openCached(a.db, a.dialect, tenant.tenant.id);
    await makeMember(a, tenant, { lastname: 'Gustafsson', address_city: 'Tampere' });
    const listAfter = await openCached(a.db, a.dialect, tenant.tenant.id);
    // The save changed what a list reads, so the page is read again, but with the same model.
    listBefore.set(['probe'], 1);
    expect(await listAfter.get(['probe'])).toBeUndefined();
    expect(listAfter.modelVersion).toBe(listBefore.modelVersion);
    expect(await modelNow()).toBe(first);
    expect(await names(a, tenant, TAMPERE)).toContain('Gustafsson');

    await b.db.updateTable('fields').set({ label: 'Kotikunta' }).where('tenant_id', '=', tenant.tenant.id).where('name', '=', 'address_city').execute();
    const renamed = await modelNow();
    expect(renamed).not.toBe(first);
    expect(renamed.byName.get('address_city')?.label).toBe('Kotikunta');
    // Another association's model is its own.
    const other = cachedModel(await openCached(a.db, a.dialect, bystander.tenant.id), a, bystander.tenant.id);
    expect((await other).byName.get('address_city')?.label).not.toBe('Kotikunta');
  });
});

/** A database of its own for reading query plans, and an association in it. */
function planDatabase() {
  let tdb: TestDb;
  beforeAll(async () => {
    tdb = await freshDb();
  });
  afterAll(() => tdb.drop());
  return async () => {
    const db = tdb.handle.db;
    const d = { db, dialect: tdb.handle.dialect, clock: new ManualClock(new Date()), config: testConfig(tdb.dataDir), mailer: createMailer({ smtpUrl: null, dataDir: tdb.dataDir }) };
    return { db, d, t: await makeTenant(d) };
  };
}

describe.runIf(testDialect === 'sqlite')('SQLite plan of an indexed equality beside a custom field', () => {
  const withTenant = planDatabase();

  it("reads the city from migration 030's lower() index and only checks the custom field's set", async () => {
    const { db, t } = await withTenant();
    const now = new Date().toISOString();
    await db
      .insertInto('fields')
      .values({ tenant_id: t.tenant.id, name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', fixed: 0, visibility: 2, visibility_options: '[0,1,2,3]', params: '{}', help_text: '', maxlength: 255, position: 50, options: JSON.stringify(['nuori', 'aikuinen']), created_at: now, updated_at: now })
      .execute();
    const model = await loadModel(db, t.tenant.id);
    const where = filterSql('sqlite', t.tenant.id, model, [
      { field: 'jasenlaji', verb: 'eq', value: 'nuori' },
      { field: 'address_city', verb: 'eq', value: 'Tampere' },
    ]);
    const plan = await sql<{ detail: string }>`explain query plan select count(*) from members m where m.tenant_id = ${t.tenant.id} and m.deleted_at is null and m.pending = 0 and ${where}`.execute(db);
    const text = plan.rows.map((r) => r.detail).join('\n');
    expect(text).toContain('members_tenant_lower_address_city');
    expect(text).not.toMatch(/SEARCH m USING INTEGER PRIMARY KEY/);
    // Migration 031: the page sorted A–Ö and the counts by state come from that index alone,
    // without visiting each match's members row.
    const ctx = { db, dialect: testDialect, tenantId: t.tenant.id, model };
    const scope = { filter: [{ field: 'address_city', verb: 'eq' as const, value: 'Tampere' }, { field: 'jasenlaji', verb: 'eq' as const, value: 'nuori' }], deleted: false, pending: false };
    const planOf = async (q: RawBuilder<unknown>) => (await sql<{ detail: string }>`explain query plan ${q}`.execute(db)).rows.map((r) => r.detail).join('\n');
    expect(await planOf(countedPageSql(ctx, scope, { sort: { field: 'lastname', dir: 'asc' }, offset: 380, limit: 20 }))).toContain('COVERING INDEX members_tenant_lower_address_city');
    expect(await planOf(statsSql(ctx, scope))).toContain('COVERING INDEX members_tenant_lower_address_city');
  });
});

/** The SQLite plans of the queries membersInOrder issues for these ids, one text per query. */
async function membersInOrderPlans(db: Db, tenantId: number, ids: number[], only?: readonly MemberColumn[]): Promise<string[]> {
  const queries: CompiledQuery[] = [];
  const seeing = db.withPlugin({
    transformQuery: (args) => {
      queries.push(db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  await membersInOrder({ db: seeing, tenantId }, ids, only);
  const plans: string[] = [];
  for (const q of queries) {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
    plans.push(plan.rows.map((r) => r.detail).join('\n'));
  }
  return plans;
}

describe(`a page's members read by id (${testDialect})`, () => {
  const withTenant = planDatabase();

  it("reads each member by its id alone on SQLite, and never another association's", async () => {
    const { db, d, t } = await withTenant();
    const other = await makeTenant(d, 'Toinen ry');
    const mine = [await makeMember(d, t, { firstname: 'Oma', lastname: 'Jäsen' })];
    // Another association's members between: the ids asked for lie far apart (a page in name order).
    for (let i = 0; i < 8; i++) await makeMember(d, other, { firstname: `Väli${i}`, lastname: 'Jäsen' });
    mine.push(await makeMember(d, t, { firstname: 'Toinen', lastname: 'Oma' }));
    const theirs = await makeMember(d, other, { firstname: 'Vieras', lastname: 'Jäsen' });
    const ids = [mine[1]!.id, theirs.id, mine[0]!.id];
    expect((await membersInOrder({ db, tenantId: t.tenant.id }, ids)).map((m) => m.id)).toEqual([mine[1]!.id, mine[0]!.id]);
    expect((await membersInOrder({ db, tenantId: other.tenant.id }, ids)).map((m) => m.id)).toEqual([theirs.id]);
    if (testDialect === 'sqlite') {
      // Whole rows and named columns alike: one probe of the rowid per member.
      for (const only of [undefined, ['id', 'firstname'] as const]) {
        const plans = await membersInOrderPlans(db, t.tenant.id, ids, only);
        expect(plans).toHaveLength(1);
        expect(plans[0]).toMatch(/SEARCH members USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      }
    }
  });
});

describe(`a run of close ids read as a range (${testDialect})`, () => {
  const withTenant = planDatabase();

  it("gives exactly the members asked for, in the order asked, without another association's or those between", async () => {
    const { db, d, t } = await withTenant();
    const other = await makeTenant(d, 'Toinen ry');
    const made: Awaited<ReturnType<typeof makeMember>>[] = [];
    // Ids interleaved between two associations, as they are in a shared database.
    for (let i = 0; i < 12; i++) made.push(await makeMember(d, i % 4 === 3 ? other : t, { firstname: `Etu${i}`, lastname: `Suku${i}` }));
    const mine = made.filter((_, i) => i % 4 !== 3);
    // Close ids (the span at most twice their number), one of them skipped, in an order of their own.
    const asked = mine.filter((_, i) => i !== 2).map((m) => m.id).reverse();
    const theirs = made[3]!.id;
    const got = await membersInOrder({ db, tenantId: t.tenant.id }, [...asked, theirs], ['id', 'firstname']);
    expect(got.map((m) => m.id)).toEqual(asked);
    expect(got.map((m) => m.firstname)).toEqual(asked.map((id) => made.find((m) => m.id === id)!.firstname));
    if (testDialect === 'sqlite') {
      // The run is one walk of the table between its first and last id, not a probe per id.
      const plans = await membersInOrderPlans(db, t.tenant.id, asked, ['id']);
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatch(/SEARCH members USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    }
  });
});

describe.runIf(testDialect === 'postgres')('PostgreSQL plan of a list filtered on a fixed text column', () => {
  const withTenant = planDatabase();

  it("reads the counts from migration 031's covering lower() index alone", async () => {
    const { db, d, t } = await withTenant();
    for (let i = 0; i < 30; i++) await makeMember(d, t, { firstname: `Etu${i}`, lastname: `Suku${i}`, address_city: i % 3 === 0 ? 'Tampere' : 'Turku' });
    // As autovacuum leaves a settled table: every page visible to all, so an index alone can answer.
    await sql`vacuum analyze members`.execute(db);
    const model = await loadModel(db, t.tenant.id);
    const ctx = { db, dialect: testDialect, tenantId: t.tenant.id, model };
    const scope = { filter: [{ field: 'address_city', verb: 'eq' as const, value: 'Tampere' }], deleted: false, pending: false };
    const plans = await db.transaction().execute(async (trx) => {
      // A table this small is read whole; the test asks what the index can do, as at 100 000 members.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const planOf = async (q: RawBuilder<unknown>) => (await sql<{ 'QUERY PLAN': string }>`explain ${q}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
      // The page is read apart from its count on PostgreSQL (list-repo.ts, pageIdsWithTotal).
      return [await planOf(statsSql({ ...ctx, db: trx }, scope))];
    });
    for (const plan of plans) expect(plan).toContain('Index Only Scan using members_tenant_lower_address_city');
  });

  it('reads the live members A–Ö from the name index in order, without sorting the register', async () => {
    const { db, t } = await withTenant();
    const tenantId = t.tenant.id;
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const r = await sql<{ 'QUERY PLAN': string }>`explain select m.id from members m where m.tenant_id = ${tenantId} and m.deleted_at is null and m.pending = 0 order by ${BY_NAME} limit 20`.execute(trx);
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('members_tenant_live_name');
    expect(plan).not.toContain('Sort');
  });

  it('keeps statistics of how a custom field and its values go together, so a common value is not taken for a rare one', async () => {
    const { db } = await withTenant();
    const r = await sql<{ name: string; kinds: string[] }>`select stxname as name, stxkind::text[] as kinds from pg_statistic_ext where stxrelid = 'member_values'::regclass order by stxname`.execute(db);
    expect(r.rows.map((x) => x.name)).toEqual(['member_values_field_num', 'member_values_field_text']);
    for (const x of r.rows) expect([...x.kinds].sort()).toEqual(['f', 'm']);
  });
});
