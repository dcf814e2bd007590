import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { SAVED_FILTER_MAX_CHARS, SAVED_FILTERS_MAX } from '../../../shared/constants';

// Named filters shared within an association; admins change them, the board reads them.

describe(`saved filters (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  const juniors = [{ field: 'firstname', verb: 'contains', value: '  Junio ' }, { field: 'email', verb: 'empty', value: 'dropped' }];

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Kuoro Laulu ry');
    admin = await adminClient(t, a);
  });
  afterAll(() => t.close());

  const log = (event: string) =>
    t.deps.db.selectFrom('activity_log').select(['data', 'context', 'author_id']).where('tenant_id', '=', a.tenant.id).where('event', '=', event).execute();

  it('creates a filter stored normalised, lists it, renames and deletes it, each in the activity log', async () => {
    const created = await admin.post('/api/1/saved_filters/new', { name: ' Juniorit ', filter: juniors });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'Juniorit', filter: [{ field: 'firstname', verb: 'contains', value: 'Junio' }, { field: 'email', verb: 'empty' }] });
    const id = created.body.id as number;

    const list = await admin.get('/api/1/saved_filters/all');
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(['Juniorit']);
    expect(list.body[0].filter).toEqual(created.body.filter);

    const renamed = await admin.post(`/api/1/saved_filters/${id}`, { name: 'Nuoret' });
    expect(renamed.body).toMatchObject({ id, name: 'Nuoret' });

    expect((await admin.delete(`/api/1/saved_filters/${id}`)).body).toEqual({ ok: true });
    expect((await admin.get('/api/1/saved_filters/all')).body).toEqual([]);
    expect((await admin.delete(`/api/1/saved_filters/${id}`)).status).toBe(404);

    expect((await log('saved_filter_created')).map((e) => JSON.parse(e.data))).toEqual([[{ field: 'label', new: 'Juniorit' }, { field: 'count', new: 2 }]]);
    expect((await log('saved_filter_renamed')).map((e) => JSON.parse(e.data))).toEqual([[{ field: 'label', old: 'Juniorit', new: 'Nuoret' }]]);
    expect(await log('saved_filter_deleted')).toEqual([{ data: JSON.stringify([{ field: 'label', old: 'Nuoret' }]), context: 'saved_filters', author_id: a.admin.id }]);
  });

  it('keeps names unique per association, in any case', async () => {
    const first = await admin.post('/api/1/saved_filters/new', { name: 'Maksamatta', filter: juniors });
    expect(first.status).toBe(200);
    const dup = await admin.post('/api/1/saved_filters/new', { name: 'MAKSAMATTA', filter: juniors });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ errors: { name: ['saved_filter_name_taken'] } });
    const other = await admin.post('/api/1/saved_filters/new', { name: 'Muut', filter: juniors });
    expect((await admin.post(`/api/1/saved_filters/${other.body.id}`, { name: 'maksamatta' })).body).toEqual({ errors: { name: ['saved_filter_name_taken'] } });
    // Another association may use the same name.
    const b = await makeTenant(t.deps, 'Toinen ry');
    expect((await (await adminClient(t, b)).post('/api/1/saved_filters/new', { name: 'Maksamatta', filter: juniors })).status).toBe(200);
    for (const id of [first.body.id, other.body.id]) await admin.delete(`/api/1/saved_filters/${id}`);
  });

  it('validates name and filter: required, bounded, not empty after normalising', async () => {
    expect((await admin.post('/api/1/saved_filters/new', { name: '', filter: juniors })).body).toEqual({ errors: { name: ['_validation_field_required'] } });
    expect((await admin.post('/api/1/saved_filters/new', { name: 'x'.repeat(61), filter: juniors })).body).toEqual({ errors: { name: ['_validation_too_long'] } });
    expect((await admin.post('/api/1/saved_filters/new', { name: 'Tyhjä', filter: [{ field: 'firstname', verb: 'contains', value: ' ' }] })).body).toEqual({
      errors: { filter: ['saved_filter_empty'] },
    });
    // Within the filter limits (50 conditions, 500 characters) but over the stored size.
    const huge = Array.from({ length: 40 }, (_, i) => ({ field: 'firstname', verb: 'contains', value: `${'a'.repeat(400)}${i}` }));
    expect(JSON.stringify(huge).length).toBeGreaterThan(SAVED_FILTER_MAX_CHARS);
    expect((await admin.post('/api/1/saved_filters/new', { name: 'Iso', filter: huge })).body).toEqual({ errors: { filter: ['value_too_large'] } });
  });

  it(`caps an association at ${SAVED_FILTERS_MAX} filters`, async () => {
    const c = await makeTenant(t.deps, 'Täysi ry');
    const cAdmin = await adminClient(t, c);
    for (let i = 0; i < SAVED_FILTERS_MAX; i++) expect((await cAdmin.post('/api/1/saved_filters/new', { name: `S${i}`, filter: juniors })).status).toBe(200);
    const over = await cAdmin.post('/api/1/saved_filters/new', { name: 'Yksi liikaa', filter: juniors });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ errors: { general: ['saved_filter_limit'] }, params: { max: SAVED_FILTERS_MAX } });
  });

  it('lets the board read them but not change them; ordinary members neither', async () => {
    const created = await admin.post('/api/1/saved_filters/new', { name: 'Hallitukselle', filter: juniors });
    const board = await memberClient(t, a, 'board');
    expect((await board.get('/api/1/saved_filters/all')).body.map((f: { name: string }) => f.name)).toContain('Hallitukselle');
    expect((await board.post('/api/1/saved_filters/new', { name: 'Hallituksen', filter: juniors })).status).toBe(403);
    expect((await board.post(`/api/1/saved_filters/${created.body.id}`, { name: 'Muutettu' })).status).toBe(403);
    expect((await board.delete(`/api/1/saved_filters/${created.body.id}`)).status).toBe(403);

    const member = await memberClient(t, a, 'member');
    expect((await member.get('/api/1/saved_filters/all')).status).toBe(403);
    expect((await new Client(t.app, a.tenant.hostname!).get('/api/1/saved_filters/all')).status).toBe(401);
    expect((await admin.get('/api/1/saved_filters/all')).body.map((f: { name: string }) => f.name)).toEqual(['Hallitukselle']);
  });
});
