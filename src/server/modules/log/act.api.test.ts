import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import * as settings from '../settings/repo';
import { act } from './act';

// act(): one user action is one transaction holding its change and its log line, so the
// register and its audit trail never disagree.

describe(`act (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps);
  });
  afterAll(() => t.close());

  let key = 0;
  let setting = '';
  beforeEach(() => {
    key += 1;
    setting = `act_test_${key}`;
  });

  const lines = () => t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'settings_changed').orderBy('id').execute();
  const stored = async () => (await settings.getAll(t.deps.db, a.tenant.id))[setting];

  it('saves the change and exactly one log line with author, context, data, batch id and the moment', async () => {
    t.clock.set('2026-05-04T08:09:10.000Z');
    const before = (await lines()).length;
    const result = await act(t.deps, a.tenant, a.admin, 'settings_changed', async (trx, line, at) => {
      await settings.set(trx, a.tenant.id, setting, 'uusi');
      line.context = 'organisation';
      line.data = [{ field: setting, old: null, new: 'uusi' }];
      line.batchId = 'batch-1';
      return at;
    });
    expect(result).toBe('2026-05-04T08:09:10.000Z');
    expect(await stored()).toBe('uusi');
    const after = await lines();
    expect(after).toHaveLength(before + 1);
    const line = after.at(-1)!;
    expect(line).toMatchObject({ event: 'settings_changed', context: 'organisation', author_id: a.admin.id, batch_id: 'batch-1', at: '2026-05-04T08:09:10.000Z' });
    expect(JSON.parse(line.data)).toEqual([{ field: setting, old: null, new: 'uusi' }]);
  });

  it('writes no line when the action says nothing worth one changed (line.write = false)', async () => {
    const before = (await lines()).length;
    await act(t.deps, a.tenant, a.admin, 'settings_changed', async (trx, line) => {
      await settings.set(trx, a.tenant.id, setting, 'sama');
      line.write = false;
    });
    expect(await stored()).toBe('sama');
    expect(await lines()).toHaveLength(before);
  });

  it('keeps neither the change nor the line when the action throws', async () => {
    const before = (await lines()).length;
    await expect(
      act(t.deps, a.tenant, a.admin, 'settings_changed', async (trx, line) => {
        await settings.set(trx, a.tenant.id, setting, 'kesken');
        line.context = 'organisation';
        line.data = [{ field: setting, new: 'kesken' }];
        throw new Error('rule broken after the change');
      }),
    ).rejects.toThrow('rule broken after the change');
    expect(await stored()).toBeUndefined();
    expect(await lines()).toHaveLength(before);
  });

  it('keeps no change when its log line cannot be written', async () => {
    const before = (await lines()).length;
    await expect(
      act(t.deps, a.tenant, a.admin, 'settings_changed', async (trx, line) => {
        await settings.set(trx, a.tenant.id, setting, 'ilman riviä');
        line.context = 'organisation';
        // JSON cannot hold a BigInt: writing the line fails after the change was made.
        line.data = [{ field: setting, new: 1n }];
      }),
    ).rejects.toThrow();
    expect(await stored()).toBeUndefined();
    expect(await lines()).toHaveLength(before);
  });
});
