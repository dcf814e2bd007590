import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { isPostgres } from '../src/server/db/kysely';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import * as tenants from '../src/server/modules/tenants/repo';
import type { Db } from '../src/server/db/kysely';
import { SEED_FIELDS, seedGroupIndexes, seedMembers, seedValues, type SeedMember } from './seed-data';

// npm run seed -- --members 1000 [--seed 1] [--tenant <id>] [--fields] [--groups 20]
// --fields adds ten typical custom fields with values; --groups N adds N groups with members.
// Adds members to the default tenant (or --tenant) in batched transactions.

const BATCH = 500;

export interface SeedOptions {
  /** Add the SEED_FIELDS custom fields (or reuse them) and give members values. */
  fields?: boolean;
  /** Number of extra groups to create and fill (0–3 per member). */
  groups?: number;
  /**
   * The first `count` seeded members become site admins (board members, active) signing in
   * with the password this hash is of: the load bench's many admins.
   */
  siteAdmins?: { count: number; passwordHash: string };
}

export async function seed(db: Db, tenantId: number, count: number, seedValue: number, opts: SeedOptions = {}): Promise<void> {
  const now = new Date().toISOString();
  // One transaction for everything: on SQLite far faster than one per batch, and a failed seed leaves nothing behind.
  await db.transaction().execute(async (trx) => {
    const fieldIds = new Map<string, number>();
    if (opts.fields) {
      let position = Number((await trx.selectFrom('fields').select((eb) => eb.fn.max('position').as('p')).where('tenant_id', '=', tenantId).executeTakeFirst())?.p ?? 0);
      for (const f of SEED_FIELDS) {
        const existing = await trx.selectFrom('fields').select('id').where('tenant_id', '=', tenantId).where('name', '=', f.name).executeTakeFirst();
        const id =
          existing?.id ??
          (
            await trx
              .insertInto('fields')
              .values({
                tenant_id: tenantId, name: f.name, label: f.label, type: f.type, visibility: 2, visibility_options: '[0,1,2,3]',
                options: JSON.stringify('options' in f ? f.options : []), params: '{}', help_text: '', maxlength: 255, fixed: 0,
                position: ++position, created_at: now, updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        fieldIds.set(f.name, id);
      }
    }
    const groupIds: number[] = [];
    for (let g = 0; g < (opts.groups ?? 0); g++) {
      const name = `ryhma_${g + 1}`;
      const existing = await trx.selectFrom('groups').select('id').where('tenant_id', '=', tenantId).where('name', '=', name).executeTakeFirst();
      groupIds.push(
        existing?.id ??
          (
            await trx
              .insertInto('groups')
              .values({ tenant_id: tenantId, name, label: `Ryhmä ${g + 1}`, email: null, allowed_senders: 'GroupMembers', builtin: null, position: 10 + g, created_at: now, updated_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      );
    }

    let batch: SeedMember[] = [];
    let index = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      const inserted = await trx.insertInto('members').values(batch.map((m) => ({ ...m, tenant_id: tenantId }))).returning('id').execute();
      const values: { tenant_id: number; member_id: number; field_id: number; value_text: string | null; value_num: number | null }[] = [];
      const memberships: { tenant_id: number; group_id: number; member_id: number }[] = [];
      inserted.forEach(({ id }, k) => {
        const i = index - batch.length + k;
        if (opts.fields) {
          for (const [name, v] of Object.entries(seedValues(i, seedValue))) {
            if (v) values.push({ tenant_id: tenantId, member_id: id, field_id: fieldIds.get(name)!, value_text: v.text, value_num: v.num });
          }
        }
        for (const g of groupIds.length ? seedGroupIndexes(i, seedValue, groupIds.length) : []) memberships.push({ tenant_id: tenantId, group_id: groupIds[g]!, member_id: id });
      });
      for (let k = 0; k < values.length; k += BATCH) await trx.insertInto('member_values').values(values.slice(k, k + BATCH)).execute();
      for (let k = 0; k < memberships.length; k += BATCH) await trx.insertInto('member_groups').values(memberships.slice(k, k + BATCH)).execute();
      batch = [];
    };
    let analysed = 0;
    const admins = opts.siteAdmins;
    for (const m of seedMembers(count, seedValue, now)) {
      batch.push(admins && index < admins.count ? { ...m, site_admin: 1, board: 1, active: 1, password_hash: admins.passwordHash } : m);
      index += 1;
      if (batch.length >= BATCH) {
        await flush();
        // PostgreSQL plans the foreign-key checks from table statistics; planned for empty tables
        // they scan, and the seed turns quadratic. Fresh statistics as the tables grow tenfold.
        if (isPostgres(trx) && index >= analysed * 10) {
          await sql`analyze members, member_values, member_groups`.execute(trx);
          analysed = index;
        }
      }
    }
    await flush();
  });
  // Fresh statistics and visibility map, as autovacuum keeps them in a settled database: without
  // them PostgreSQL plans for empty tables and index-only scans still visit every heap row.
  // (SQLite keeps planning without statistics, as a real register's database does.)
  if (!isPostgres(db)) return;
  await sql`vacuum analyze`.execute(db);
  // A page is marked all-visible only when no other session could still need an older view of
  // it; autovacuum's own ANALYZE of the tables just filled can hold one, and member_values came
  // out with no page all-visible (17 340 heap visits in an index-only scan). Again until settled.
  for (let round = 0; round < 10; round++) {
    const r = await sql<{ n: number }>`select count(*) as n from pg_class where relname in ('members', 'member_values', 'member_groups') and relkind = 'r' and relallvisible < relpages`.execute(db);
    if (Number(r.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await sql`vacuum members, member_values, member_groups`.execute(db);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      tenant: { type: 'string' },
      fields: { type: 'boolean', default: false },
      groups: { type: 'string', default: '0' },
    },
  });
  const count = Number(values.members);
  const seedValue = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seedValue)) {
    console.error('Käyttö: npm run seed -- --members 1000 [--seed 1] [--tenant <id>] [--fields] [--groups 20]');
    process.exitCode = 2;
    return;
  }
  const { deps, handle } = await openDeps();
  try {
    await ensureDefaultTenant(deps);
    const tenant = values.tenant ? await tenants.findById(deps.db, Number(values.tenant)) : await tenants.findDefault(deps.db);
    if (!tenant) throw new Error(`Yhdistystä ${values.tenant} ei löydy`);
    const started = performance.now();
    await seed(deps.db, tenant.id, count, seedValue, { fields: values.fields, groups: Number(values.groups) });
    console.log(`Lisätty ${count} jäsentä yhdistykseen "${tenant.name}" ${((performance.now() - started) / 1000).toFixed(1)} sekunnissa.`);
  } finally {
    deps.mailer.close();
    await handle.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
