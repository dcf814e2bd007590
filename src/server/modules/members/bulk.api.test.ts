import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

describe(`bulk edit, bulk remove and undo (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();
  const ids: number[] = [];

  beforeAll(async () => {
    await makeField(admin, { name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', visibility: 2, options: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] });
    await makeField(admin, { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    for (const [i, laji] of ['a', 'n', 'n', 'a', 'n'].entries()) {
      const r = await admin.post('/api/1/members/new', { firstname: `Jäsen${i}`, lastname: 'Testi', email: `j${i}@x.fi`, jasenlaji: laji, seura: i === 0 ? 'Ilves' : '', kuoro: i === 1 });
      ids.push(r.body.id);
    }
  });

  const nuoret = [{ field: 'jasenlaji', verb: 'eq', value: 'n' }];
  const get = async (id: number) => (await admin.get(`/api/1/members/${id}?any_state=1`)).body;

  it('counts what a bulk action would touch', async () => {
    const r = await admin.post('/api/1/members/bulkget', { filter: nuoret });
    expect(r.body.count).toBe(3);
    expect(r.body.sample).toHaveLength(3);
  });

  it('refuses fields that are not bulk-editable', async () => {
    const r = await admin.post('/api/1/members/bulkupdate', { filter: nuoret, data: { firstname: 'X', email: 'x@x.fi', phone: '0401234567', site_admin: true, password: 'x', seura: 'Ok' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      firstname: ['members_bulk_not_editable'],
      email: ['members_bulk_not_editable'],
      phone: ['members_bulk_not_editable'],
      site_admin: ['members_bulk_not_editable'],
      password: ['members_bulk_not_editable'],
    });
    expect((await admin.post('/api/1/members/bulkupdate', { filter: nuoret, data: {} })).body.errors).toEqual({ general: ['members_bulk_nothing_to_change'] });
    expect((await admin.post('/api/1/members/bulkupdate', { filter: nuoret, data: { jasenlaji: 'x' } })).body.errors).toEqual({ jasenlaji: ['_validation_invalid_choice'] });
  });

  it('sets fields and groups for every match in one batch, with history, and undo restores exactly', async () => {
    const before = await Promise.all(ids.map(get));
    const r = await admin.post('/api/1/members/bulkupdate', { filter: nuoret, data: { jasenlaji: 'a', kuoro: true, seura: 'KalPa', address_city: 'Kuopio' } });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(3);
    const after = await Promise.all(ids.map(get));
    for (const i of [1, 2, 4]) expect(after[i]).toMatchObject({ jasenlaji: 'a', kuoro: true, seura: 'KalPa', address_city: 'Kuopio' });
    for (const i of [0, 3]) expect(after[i]).toEqual(before[i]);
    const hist = (await admin.post('/api/1/members/get_history', { id: ids[2] })).body;
    expect(hist[0].data).toEqual(
      expect.arrayContaining([
        { field: 'jasenlaji', label: 'Jäsenlaji', old: 'n', new: 'a' },
        { field: 'kuoro', label: 'Kuoro', old: false, new: true },
        { field: 'address_city', label: 'Postitoimipaikka', old: null, new: 'Kuopio' },
      ]),
    );
    // Quick search sees the new text values.
    expect((await admin.post('/api/1/members/quicksearch', { term: 'kalpa' })).body.results).toHaveLength(3);

    const undo = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restored: 3, kept: 0 });
    const restored = await Promise.all(ids.map(get));
    for (const [i, m] of restored.entries()) {
      const { updated_at: _u1, ...rest } = m;
      const { updated_at: _u2, ...was } = before[i];
      expect(rest).toEqual(was);
    }
    expect((await admin.post('/api/1/members/quicksearch', { term: 'kalpa' })).body.results).toHaveLength(0);
    const again = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ general: ['members_undo_already_done'] });
  });

  it('refuses undo when a member changed since, naming them, unless told to keep them', async () => {
    const r = await admin.post('/api/1/members/bulkupdate', { filter: nuoret, data: { seura: 'Tappara' } });
    t.clock.advance(1000);
    await admin.post(`/api/1/members/${ids[1]}`, { seura: 'Oma seura' });
    const refused = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ errors: { general: ['members_undo_conflict'] }, params: { count: 1, members: ['Jäsen1 Testi'] } });
    const kept = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id, keep_changed: true });
    expect(kept.body).toMatchObject({ restored: 2, kept: 1 });
    expect((await get(ids[1]!)).seura).toBe('Oma seura');
    expect((await get(ids[2]!)).seura).toBeNull();
  });

  it('bulk removes (never the caller) and undoes the removal', async () => {
    const r = await admin.post('/api/1/members/bulkremove', { filter: [] });
    expect(r.body.count).toBe(5);
    expect((await admin.get(`/api/1/members/${a.admin.id}`)).status).toBe(200);
    expect((await admin.post('/api/1/members/get_stats', {})).body.stats.result_count).toBe(1);
    const undo = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id });
    expect(undo.body.restored).toBe(5);
    expect((await admin.post('/api/1/members/get_stats', {})).body.stats.result_count).toBe(6);
  });

  it('undoes a single delete from its notification batch', async () => {
    const del = await admin.delete(`/api/1/members/${ids[0]}`);
    expect((await admin.get(`/api/1/members/${ids[0]}`)).status).toBe(404);
    await admin.post('/api/1/members/undo', { batch_id: del.body.batch_id });
    expect((await admin.get(`/api/1/members/${ids[0]}`)).status).toBe(200);
  });

  it('bulk restores deleted members whose contact data is still free', async () => {
    await admin.post('/api/1/members/bulkremove', { filter: nuoret });
    const r = await admin.post('/api/1/members/bulkrestore', { filter: [{ field: 'firstname', verb: 'eq', value: 'Jäsen2' }] });
    expect(r.body.count).toBe(1);
    expect((await admin.get(`/api/1/members/${ids[2]}`)).status).toBe(200);
    expect((await admin.get(`/api/1/members/${ids[1]}`)).status).toBe(404);
  });

  it('deletes permanently only members in the bin, scrubbing history and log', async () => {
    const target = ids[1]!;
    const live = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'firstname', verb: 'eq', value: 'Jäsen0' }] });
    expect(live.body.count).toBe(0);
    const r = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'firstname', verb: 'eq', value: 'Jäsen1' }] });
    expect(r.body.count).toBe(1);
    expect((await admin.get(`/api/1/members/${target}?any_state=1`)).status).toBe(404);
    const db = t.deps.db;
    expect(await db.selectFrom('member_history').selectAll().where('member_id', '=', target).execute()).toEqual([]);
    expect(await db.selectFrom('member_values').selectAll().where('member_id', '=', target).execute()).toEqual([]);
    const logs = await db.selectFrom('activity_log').select('data').where('context', '=', `member:${target}`).execute();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => l.data === '[]')).toBe(true);
    const anon = await db.selectFrom('activity_log').select('data').where('event', '=', 'members_deleted_permanently').execute();
    expect(JSON.parse(anon[0]!.data)).toEqual([{ field: 'count', new: 1 }]);
  });

  it('is for site admins only', async () => {
    const board = await memberClient(t, a, 'board');
    for (const [url, body] of [
      ['/api/1/members/bulkget', { filter: [] }],
      ['/api/1/members/bulkupdate', { filter: [], data: { seura: 'x' } }],
      ['/api/1/members/bulkremove', { filter: [] }],
      ['/api/1/members/bulkrestore', { filter: [] }],
      ['/api/1/members/delete_permanently', { filter: [] }],
      ['/api/1/members/undo', { batch_id: '00000000-0000-4000-8000-000000000000' }],
    ] as const) {
      expect((await board.post(url, body)).status, url).toBe(403);
    }
  });
});
