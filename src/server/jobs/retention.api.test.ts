import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testDialect } from '../test/harness';
import { makeMember } from '../test/factories/member';
import { twoConnections } from '../test/twoConnections';
import { ManualClock } from '../lib/clock';
import { runRetentionDue } from '../modules/retention/service';
import * as settingsRepo from '../modules/settings/repo';
import type { Deps } from '../deps';
import type { CreatedTenant } from '../modules/tenants/service';

// The retention job runs once a day per association even when several server processes
// check at the same time: two independent connections to one database run it concurrently.

describe(`retention job across processes (${testDialect})`, () => {
  let close: () => Promise<void>;
  let a: Deps;
  let b: Deps;
  let tenant: CreatedTenant;
  let bystander: CreatedTenant;
  const clock = new ManualClock(new Date('2026-11-20T08:00:00Z'));

  beforeAll(async () => {
    ({ a, b, close } = await twoConnections(clock));
    tenant = await makeTenant(a);
    bystander = await makeTenant(a, 'Toinen seura ry');
  });
  afterAll(() => close());

  const logLines = (tenantId: number) => a.db.selectFrom('activity_log').select(['event', 'data', 'author_id']).where('tenant_id', '=', tenantId).where('event', '=', 'retention_members_erased').execute();
  const runs = (tenantId: number) => a.db.selectFrom('job_runs').selectAll().where('tenant_id', '=', tenantId).orderBy('day').execute();

  it('erases removed members past the setting once, however many processes run it', async () => {
    await settingsRepo.set(a.db, tenant.tenant.id, 'retention_removed_months', 12);
    await settingsRepo.set(a.db, tenant.tenant.id, 'retention_inactive_years', 2);
    const old = await makeMember(a, tenant, { deleted_at: '2025-10-01T10:00:00.000Z' });
    const recent = await makeMember(a, tenant, { deleted_at: '2026-06-01T10:00:00.000Z' });
    const live = await makeMember(a, tenant);
    await makeMember(a, tenant, { active: 0, updated_at: '2023-05-01T10:00:00.000Z' });
    // The other association keeps its old removed member (its retention is off).
    const theirs = await makeMember(a, bystander, { deleted_at: '2020-01-01T10:00:00.000Z' });

    const errors: string[] = [];
    const [ranA, ranB] = await Promise.all([runRetentionDue(a, (m) => errors.push(m)), runRetentionDue(b, (m) => errors.push(m))]);
    expect(errors).toEqual([]);
    expect(ranA + ranB).toBe(1);

    const left = (await a.db.selectFrom('members').select('id').where('tenant_id', '=', tenant.tenant.id).execute()).map((m) => m.id);
    expect(left).not.toContain(old.id);
    expect(left).toEqual(expect.arrayContaining([recent.id, live.id]));
    expect(await a.db.selectFrom('members').select('id').where('id', '=', theirs.id).executeTakeFirst()).toBeDefined();
    const lines = await logLines(tenant.tenant.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.author_id).toBeNull();
    expect(JSON.parse(lines[0]!.data)).toEqual([{ field: 'count', new: 1 }]);
    const r = await runs(tenant.tenant.id);
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ job: 'retention', day: '2026-11-20' });
    expect(JSON.parse(r[0]!.result!)).toEqual({ erased: 1, held: 0, review: 1 });
    expect(await runs(bystander.tenant.id)).toHaveLength(0);
  });

  it('does nothing more the same day, and runs again the next Helsinki day', async () => {
    // Past the setting too, but today's run is done: it waits for the next day's.
    const later = await makeMember(a, tenant, { deleted_at: '2025-11-20T12:00:00.000Z' });
    clock.set('2026-11-20T21:30:00Z'); // 23.30 in Helsinki: still the 20th
    expect(await runRetentionDue(b)).toBe(0);
    expect(await runRetentionDue(a)).toBe(0);
    expect(await a.db.selectFrom('members').select('id').where('id', '=', later.id).executeTakeFirst()).toBeDefined();

    clock.set('2026-11-20T22:30:00Z'); // 00.30 on the 21st in Helsinki
    const [ranA, ranB] = await Promise.all([runRetentionDue(b), runRetentionDue(a)]);
    expect(ranA + ranB).toBe(1);
    expect(await a.db.selectFrom('members').select('id').where('id', '=', later.id).executeTakeFirst()).toBeUndefined();
    expect((await runs(tenant.tenant.id)).map((r) => r.day)).toEqual(['2026-11-20', '2026-11-21']);
    expect(await logLines(tenant.tenant.id)).toHaveLength(2);
  });
});
