import { describe, expect, it } from 'vitest';
import { testDialect } from '../test/harness';
import { adminContext } from '../test/adminContext';
import { loadModel } from '../modules/members/model';
import * as repo from '../modules/members/repo';
import { insertBatch, insertRows } from '../modules/batches/repo';
import { memberRow } from '../test/factories';
import { bulkInsert } from './bulkInsert';

// Rows written as one JSON text are stored as the query builder's VALUES stored them: text with
// quotes, escapes, control characters and letters beyond ASCII, numbers to the last digit,
// integers as integers, NULL as NULL; a lone UTF-16 surrogate as U+FFFD, as the drivers send it;
// new members' ids come back in the order the rows were given.

const TEXTS = ['Ääkkönen "Öljy" \\ Åsa', 'rivi\nrivi\ttabi\u0001', '😀 € – ’', '', ' väli ', '123', 'null', '{"a":1}'];
const NUMBERS = [0.1 + 0.2, 1 / 3, -1e-300, 2 ** 53, 123456.789, -0.5, 1e21, 7];

describe(`rows written as JSON (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();

  it('stores values, groups and batch rows as VALUES stored them', async () => {
    for (const [name, type] of [['teksti', 'text'], ['luku', 'decimal']] as const) {
      expect((await admin.post('/api/1/fields/new', { name, label: name, type, visibility: 2 })).status).toBe(200);
    }
    expect((await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' })).status).toBe(200);
    const model = await loadModel(t.deps.db, tenant.tenant.id);
    const text = model.byName.get('teksti')!.id;
    const num = model.byName.get('luku')!.id;
    const group = (await t.deps.db.selectFrom('groups').select('id').where('tenant_id', '=', tenant.tenant.id).executeTakeFirstOrThrow()).id;
    const ids = await repo.insertMany(
      t.deps.db,
      tenant.tenant.id,
      TEXTS.map(() => memberRow()),
    );
    const values = ids.flatMap((id, i) => [
      { member_id: id, field_id: text, value_text: TEXTS[i]!, value_num: null },
      { member_id: id, field_id: num, value_text: null, value_num: NUMBERS[i]! },
    ]);
    await repo.insertValuesAndGroups(t.deps.db, tenant.tenant.id, values, ids.slice(0, 3).map((id) => ({ member_id: id, group_id: group })));
    const stored = await t.deps.db.selectFrom('member_values').select(['member_id', 'field_id', 'value_text', 'value_num']).where('tenant_id', '=', tenant.tenant.id).orderBy('member_id').orderBy('field_id').execute();
    expect(stored).toEqual([...values].sort((a, b) => a.member_id - b.member_id || a.field_id - b.field_id));
    const groups = await t.deps.db.selectFrom('member_groups').select(['member_id', 'group_id', 'tenant_id']).where('group_id', '=', group).orderBy('member_id').execute();
    expect(groups).toEqual(ids.slice(0, 3).map((id) => ({ member_id: id, group_id: group, tenant_id: tenant.tenant.id })));

    const recorded = ids.map((id, i) => ({ member_id: id, kind: 'value', item: String(text), old_text: TEXTS[i]!, old_num: i % 2 ? NUMBERS[i]! : null }));
    await insertBatch(t.deps.db, tenant.tenant.id, { id: 'json-erä', kind: 'edit', summary: {}, authorId: null, at: '2026-11-30T00:00:00Z' });
    await insertRows(t.deps.db, tenant.tenant.id, 'json-erä', recorded);
    const back = await t.deps.db.selectFrom('batch_values').select(['member_id', 'kind', 'item', 'old_text', 'old_num']).where('batch_id', '=', 'json-erä').orderBy('member_id').execute();
    expect(back).toEqual(recorded);
  });

  it('writes a lone surrogate as U+FFFD and nothing for no rows', async () => {
    const [id] = await repo.insertMany(t.deps.db, tenant.tenant.id, [memberRow()]);
    for (const b of ['pariton', 'tyhjä']) await insertBatch(t.deps.db, tenant.tenant.id, { id: b, kind: 'edit', summary: {}, authorId: null, at: '2026-11-30T00:00:00Z' });
    await bulkInsert(t.deps.db, 'batch_values', { member_id: 'integer', kind: 'text', item: 'text', old_text: 'text' }, [{ member_id: id, kind: 'col', item: 'lastname', old_text: 'a\uD800b😀' }], {
      tenant_id: tenant.tenant.id,
      batch_id: 'pariton',
    });
    await bulkInsert(t.deps.db, 'batch_values', { member_id: 'integer' }, [], { tenant_id: tenant.tenant.id, batch_id: 'tyhjä' });
    const rows = await t.deps.db.selectFrom('batch_values').select(['batch_id', 'old_text', 'old_num']).where('tenant_id', '=', tenant.tenant.id).where('batch_id', 'in', ['pariton', 'tyhjä']).execute();
    expect(rows).toEqual([{ batch_id: 'pariton', old_text: 'a\uFFFDb😀', old_num: null }]);
  });

  it('gives new members their ids in the order they were given, and refuses rows naming other columns', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => memberRow({ lastname: `Järjestys${String((i * 7919) % 300).padStart(3, '0')}` }));
    const ids = await repo.insertMany(t.deps.db, tenant.tenant.id, rows);
    const stored = await t.deps.db.selectFrom('members').select(['id', 'lastname']).where('id', 'in', ids).execute();
    const byId = new Map(stored.map((m) => [m.id, m.lastname]));
    expect(ids.map((id) => byId.get(id))).toEqual(rows.map((r) => r.lastname));
    await expect(repo.insertMany(t.deps.db, tenant.tenant.id, [memberRow(), { ...memberRow(), pending: 1 }])).rejects.toThrow(/same columns/);
  });
});
