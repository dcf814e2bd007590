import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { loadModel } from './model';
import * as repo from './repo';

// valuesOf and groupsOf read a run of close ids as one range on SQLite and drop the ids
// between them that were not asked for; scattered ids id by id. Either way exactly the
// members asked for come back, and never another association's.

describe(`reading many members' values and groups (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const ids: number[] = [];
  let other: number;

  beforeAll(async () => {
    await admin.post('/api/1/fields/new', { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    for (let i = 0; i < 6; i++) {
      const r = await admin.post('/api/1/members/new', { firstname: `Lukija${String(i)}`, lastname: 'Testi', email: `lukija${String(i)}@x.fi`, seura: `Seura ${String(i)}`, kuoro: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as number);
    }
    const second = await adminClient(t, await makeTenant(t.deps, 'Toinen ry'));
    await second.post('/api/1/fields/new', { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    await second.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    const r = await second.post('/api/1/members/new', { firstname: 'Vieras', lastname: 'Testi', email: 'vieras@x.fi', seura: 'Vieras', kuoro: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    other = r.body.id as number;
  });

  const read = async (asked: number[]) => {
    const model = await loadModel(t.deps.db, tenant.tenant.id);
    const seura = model.byName.get('seura')!.id;
    const kuoro = model.groupByName.get('kuoro')!.id;
    const values = await repo.valuesOf(t.deps.db, tenant.tenant.id, asked, [seura]);
    const groups = await repo.groupsOf(t.deps.db, tenant.tenant.id, asked, [kuoro]);
    return { values: values.map((v) => v.member_id).sort((a, b) => a - b), groups: groups.map((g) => g.member_id).sort((a, b) => a - b) };
  };
  const sorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);

  it('returns exactly the members asked for: a run, a run with gaps, repeats and scattered ids', async () => {
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    for (const asked of [[a, b, c, d, e, f], [a, c, e], [f, b], [d, d, a], [c], [a, f], [f, e, d, c, b, a]]) {
      const got = await read(asked);
      expect(got.values, String(asked)).toEqual(sorted(asked));
      expect(got.groups, String(asked)).toEqual(sorted(asked));
    }
  });

  it("never returns another association's member, even inside the range of ids asked for", async () => {
    expect(other).toBeGreaterThan(ids.at(-1)!);
    // Every field and group: the other association's have ids of their own.
    const asked = [ids.at(-1)!, other];
    expect((await repo.valuesOf(t.deps.db, tenant.tenant.id, asked)).map((v) => v.member_id)).toEqual([ids.at(-1)]);
    expect((await repo.groupsOf(t.deps.db, tenant.tenant.id, asked)).map((g) => g.member_id)).toEqual([ids.at(-1)]);
  });
});
