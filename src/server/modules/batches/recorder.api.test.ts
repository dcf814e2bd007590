import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { loadModel } from '../members/model';
import * as members from '../members/repo';
import { open } from './recorder';

// The recorder on its own, as a new area would use it: it records exactly the items asked
// for, for exactly the members pinned, and the one undo puts back exactly those.

describe(`batch recorder and undo (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext({ at: '2026-05-01T09:00:00.000Z' });
  const ids: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };

  beforeAll(async () => {
    await admin.post('/api/1/fields/new', { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    for (const k of ['a', 'b', 'c', 'd'] as const) {
      const r = await admin.post('/api/1/members/new', { firstname: `Kirjuri-${k}`, lastname: 'Testi', email: `${k}@x.fi`, address_city: 'Tampere', seura: 'Ilves', kuoro: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids[k] = r.body.id as number;
    }
  });

  const get = async (id: number) => (await admin.get(`/api/1/members/${id}`)).body;

  it('records a column, a custom value and a group set-based, explicit rows and created members; undo restores exactly those', async () => {
    t.clock.set('2026-05-01T10:00:00.000Z');
    const tid = a.tenant.id;
    const model = await loadModel(t.deps.db, tid);
    const seura = model.byName.get('seura')!.id;
    const kuoro = model.groupByName.get('kuoro')!.id;
    const at = '2026-05-01T10:00:00.000Z';
    const { batchId, count, recorded, created } = await t.deps.db.transaction().execute(async (trx) => {
      const b = await open(trx, tid, { kind: 'test', summary: {}, authorId: a.admin.id, at });
      expect(await b.pin([ids.a, ids.b])).toBe(2);
      await b.recordColumns(['address_city']);
      await b.recordValues([seura]);
      await b.recordGroups([kuoro]);
      // C is pinned later and only its city is recorded, row by row (as an import does).
      await b.pin([ids.c]);
      await b.recordRows([{ member_id: ids.c, kind: 'col', item: 'address_city', old_text: 'Tampere', old_num: null }]);
      const made = await members.insert(trx, tid, { firstname: 'Uusi', lastname: 'Testi', email: null, active: 1, site_admin: 0, board: 0, search_text: '', created_at: at, updated_at: at });
      await b.recordCreated([made.id]);
      // The change itself: A, B, C and D (never pinned) all get new values.
      for (const id of [ids.a, ids.b, ids.c, ids.d]) {
        await members.update(trx, tid, id, { address_city: 'Oulu', updated_at: at });
        await members.setValue(trx, tid, id, seura, 'KalPa', null);
        await members.setGroup(trx, tid, kuoro, id, false);
      }
      return { batchId: b.id, count: await b.finish(), recorded: (await b.recorded()).length, created: made.id };
    });
    expect(count).toBe(4);
    expect(recorded).toBe(2 * 3 + 1 + 1);
    const listed = (await admin.post('/api/1/members/batches', { page: 0 })).body.results[0];
    expect(listed).toMatchObject({ batch_id: batchId, kind: 'test', member_count: 4, can_undo: true });

    t.clock.set('2026-05-01T11:00:00.000Z');
    const undo = await admin.post('/api/1/members/undo', { batch_id: batchId });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toEqual({ batch_id: batchId, restored: 4, kept: 0 });
    for (const id of [ids.a, ids.b]) expect(await get(id)).toMatchObject({ address_city: 'Tampere', seura: 'Ilves', kuoro: true });
    // C recorded only its city: its value and group stay as changed.
    expect(await get(ids.c)).toMatchObject({ address_city: 'Tampere', seura: 'KalPa', kuoro: false });
    expect(await get(ids.d)).toMatchObject({ address_city: 'Oulu', seura: 'KalPa', kuoro: false });
    expect((await admin.get(`/api/1/members/${created}?any_state=1`)).status).toBe(404);
    // The undo is in the member history and the log, and cannot be done twice.
    const hist = (await admin.post('/api/1/members/get_history', { id: ids.a })).body as { data: { field: string; new: unknown }[] }[];
    expect(hist[0]!.data).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'address_city', new: 'Tampere' }), expect.objectContaining({ field: 'kuoro', new: true })]));
    const log = await t.deps.db.selectFrom('activity_log').select(['event', 'context', 'data']).where('tenant_id', '=', tid).where('batch_id', '=', batchId).execute();
    expect(log).toEqual([{ event: 'batch_undone', context: 'test', data: JSON.stringify([{ field: 'restored', new: 4 }, { field: 'kept', new: 0 }]) }]);
    expect((await admin.post('/api/1/members/undo', { batch_id: batchId })).status).toBe(409);
  });
});
