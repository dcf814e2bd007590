import { parseArgs } from 'node:util';
import { openDeps } from '../src/server/bootstrap';
import { ensureDefaultTenant } from '../src/server/modules/tenants/service';
import * as tenants from '../src/server/modules/tenants/repo';
import type { Db } from '../src/server/db/kysely';
import { seedMembers, type SeedMember } from './seed-data';

// npm run seed -- --members 1000 [--seed 1] [--tenant <id>]
// Adds members to the default tenant (or --tenant) in batched transactions.

const BATCH = 500;

export async function seed(db: Db, tenantId: number, count: number, seedValue: number): Promise<void> {
  const now = new Date().toISOString();
  // One transaction for everything: on SQLite far faster than one per batch, and a failed seed leaves nothing behind.
  await db.transaction().execute(async (trx) => {
    let batch: SeedMember[] = [];
    const flush = async (): Promise<void> => {
      if (batch.length > 0) await trx.insertInto('members').values(batch.map((m) => ({ ...m, tenant_id: tenantId }))).execute();
      batch = [];
    };
    for (const m of seedMembers(count, seedValue, now)) {
      batch.push(m);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { members: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' }, tenant: { type: 'string' } },
  });
  const count = Number(values.members);
  const seedValue = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seedValue)) {
    console.error('Käyttö: npm run seed -- --members 1000 [--seed 1] [--tenant <id>]');
    process.exitCode = 2;
    return;
  }
  const { deps, handle } = await openDeps();
  try {
    await ensureDefaultTenant(deps);
    const tenant = values.tenant ? await tenants.findById(deps.db, Number(values.tenant)) : await tenants.findDefault(deps.db);
    if (!tenant) throw new Error(`Yhdistystä ${values.tenant} ei löydy`);
    const started = performance.now();
    await seed(deps.db, tenant.id, count, seedValue);
    console.log(`Lisätty ${count} jäsentä yhdistykseen "${tenant.name}" ${((performance.now() - started) / 1000).toFixed(1)} sekunnissa.`);
  } finally {
    deps.mailer.close();
    await handle.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
