import { describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import * as activity from '../log/repo';
import { LOG_PAGE_SIZE } from '../../../shared/constants';

// The activity log: POST log/all (reply shape, paging, filters) and GET log/{id}.

describe(`log API (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext({ at: '2026-03-10T10:00:00.000Z' });

  const all = (body: Record<string, unknown> = {}, c: Client = admin) => c.post('/api/1/log/all', body);

  /** A tenant of its own, so counts and pages are exact. */
  async function quietTenant() {
    const tenant = await makeTenant(t.deps, 'Hiljainen ry');
    const c = await adminClient(t, tenant);
    return { tenant, c };
  }

  it('answers with the reply shape: entries newest first, with old and new values and the author', async () => {
    t.clock.set('2026-03-10T10:05:00.000Z');
    const created = await admin.post('/api/1/members/new', { firstname: 'Matti', lastname: 'Meikäläinen', email: 'matti@example.fi' });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    t.clock.set('2026-03-10T10:06:00.000Z');
    await admin.post(`/api/1/members/${id}`, { firstname: 'Matti-Pekka' });
    t.clock.set('2026-03-10T10:07:00.000Z');
    const saved = await admin.post('/api/1/settings/save', { scope_: 'organisation', name_: 'Testiseura ry', reply_to_email: 'Hallitus@Example.fi' });
    expect(saved.status).toBe(200);

    const r = await all();
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['all_count', 'all_results', 'receipt_count', 'receipt_results', 'transaction_count', 'transaction_results', 'transaction_years']);
    expect(r.body).toMatchObject({ transaction_results: [], transaction_count: 0, transaction_years: [], receipt_results: [], receipt_count: 0 });
    const author = { id: a.admin.id, name: 'Pää Käyttäjä' };
    const [settings, updated, insert] = r.body.all_results;
    expect(settings).toEqual({
      id: expect.any(Number),
      at: '2026-03-10T10:07:00.000Z',
      event: 'settings_changed',
      context: 'organisation',
      data: [{ field: 'reply_to_email', old: '', new: 'hallitus@example.fi' }],
      author,
      batch_id: null,
      member_: null,
    });
    expect(updated).toEqual({
      id: expect.any(Number),
      at: '2026-03-10T10:06:00.000Z',
      event: 'member_updated',
      context: `member:${id}`,
      // The label at the time travels with member data.
      data: [{ field: 'firstname', label: 'Etunimi', old: 'Matti', new: 'Matti-Pekka' }],
      author,
      batch_id: null,
      member_: { id, name: 'Matti-Pekka Meikäläinen' },
    });
    expect(insert).toMatchObject({ event: 'member_created', context: `member:${id}`, author });
    expect(insert.data).toEqual(expect.arrayContaining([{ field: 'firstname', label: 'Etunimi', old: null, new: 'Matti' }]));
    // The tenant's creation and the admin's sign-in came first.
    expect(r.body.all_results.map((e: { event: string }) => e.event).slice(-2)).toEqual(['login', 'tenant_created']);
    expect(r.body.all_results.at(-1).author).toBeNull();
    expect(r.body.all_count).toBe(r.body.all_results.length);
  });

  it('gives one entry by id, and 404 for unknown ids and ids of another association', async () => {
    const latest = (await all({ limit: 1 })).body.all_results[0];
    const one = await admin.get(`/api/1/log/${latest.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(latest);
    for (const bad of ['999999', 'abc', '0', '-1']) {
      const r = await admin.get(`/api/1/log/${bad}`);
      expect(r.status, bad).toBe(404);
      expect(r.body).toEqual({ error: 'not_found' });
    }
    const other = await quietTenant();
    const theirs = (await all({}, other.c)).body.all_results[0];
    expect((await admin.get(`/api/1/log/${theirs.id}`)).status).toBe(404);
    expect((await all({ limit: 100 })).body.all_results.map((e: { id: number }) => e.id)).not.toContain(theirs.id);
  });

  it('pages by 20, newest first, with the total count; limit up to 100', async () => {
    const { tenant, c } = await quietTenant();
    for (let i = 0; i < 43; i++) {
      const at = new Date(Date.UTC(2025, 4, 1, 12, 0, i)).toISOString();
      await activity.append(t.deps.db, tenant.tenant.id, { event: 'member_updated', context: `member:${i}`, data: [{ field: 'n', old: i - 1, new: i }], authorId: tenant.admin.id, at });
    }
    // Same instant: the later row comes first.
    await activity.append(t.deps.db, tenant.tenant.id, { event: 'field_created', context: 'fields', authorId: null, at: '2025-05-01T12:00:42.000Z' });
    const first = await all({}, c);
    const total = 44 + 2; // + tenant_created and login
    expect(first.body.all_count).toBe(total);
    expect(first.body.all_results).toHaveLength(LOG_PAGE_SIZE);
    const pages = [first.body.all_results, (await all({ page: 1 }, c)).body.all_results, (await all({ page: 2 }, c)).body.all_results];
    expect(pages.map((p) => p.length)).toEqual([20, 20, total - 40]);
    const entries = pages.flat() as { id: number; at: string; event: string }[];
    expect(new Set(entries.map((e) => e.id)).size).toBe(total);
    for (let i = 1; i < entries.length; i++) expect(entries[i - 1]!.at >= entries[i]!.at).toBe(true);
    const tie = entries.filter((e) => e.at === '2025-05-01T12:00:42.000Z').map((e) => e.event);
    expect(tie).toEqual(['field_created', 'member_updated']);
    expect((await all({ page: 3 }, c)).body).toMatchObject({ all_results: [], all_count: total });

    expect((await all({ limit: 3 }, c)).body.all_results).toHaveLength(3);
    expect((await all({ limit: 100 }, c)).body.all_results).toHaveLength(total);
    for (const bad of [{ limit: 0 }, { limit: 101 }, { limit: 2.5 }, { page: -1 }, { limit: '20' }, { transactions: 'yes' }]) {
      expect((await all(bad, c)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await all({ transactions: true }, c)).body).toMatchObject({ all_count: total, transaction_results: [], receipt_results: [] });
  });

  it('filters by event type, one or several', async () => {
    const { tenant, c } = await quietTenant();
    const add = (event: string, at: string) => activity.append(t.deps.db, tenant.tenant.id, { event, context: 'x', authorId: null, at });
    await add('group_created', '2025-02-01T10:00:00.000Z');
    await add('group_deleted', '2025-02-02T10:00:00.000Z');
    await add('group_created', '2025-02-03T10:00:00.000Z');
    const one = (await all({ event: 'group_created' }, c)).body;
    expect(one.all_count).toBe(2);
    expect(one.all_results.map((e: { at: string }) => e.at)).toEqual(['2025-02-03T10:00:00.000Z', '2025-02-01T10:00:00.000Z']);
    const two = (await all({ event: ['group_deleted', 'tenant_created'] }, c)).body;
    expect(two.all_results.map((e: { event: string }) => e.event).sort()).toEqual(['group_deleted', 'tenant_created']);
    expect((await all({ event: [] }, c)).body.all_count).toBe(5); // + tenant_created and login
    const unknown = await all({ event: 'hacked' }, c);
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.errors)).toEqual(['event']);
    expect((await all({ event: ['login', 'nope'] }, c)).status).toBe(400);
  });

  it('filters by Helsinki calendar days, both ends inclusive, summer and winter', async () => {
    const { tenant, c } = await quietTenant();
    const instants = [
      '2025-06-09T20:59:59.999Z', // 9.6. 23.59 in Helsinki (UTC+3)
      '2025-06-09T21:00:00.000Z', // 10.6. 0.00
      '2025-06-10T20:59:59.999Z', // 10.6. 23.59
      '2025-06-10T21:00:00.000Z', // 11.6. 0.00
      '2025-01-14T21:59:59.999Z', // 14.1. 23.59 (UTC+2)
      '2025-01-14T22:00:00.000Z', // 15.1. 0.00
    ];
    for (const at of instants) await activity.append(t.deps.db, tenant.tenant.id, { event: 'member_updated', context: 'x', authorId: null, at });
    const ats = async (body: Record<string, unknown>) => (await all({ event: 'member_updated', ...body }, c)).body.all_results.map((e: { at: string }) => e.at);
    expect(await ats({ from: '2025-06-10', to: '2025-06-10' })).toEqual(['2025-06-10T20:59:59.999Z', '2025-06-09T21:00:00.000Z']);
    expect(await ats({ from: '2025-06-11' })).toEqual(['2025-06-10T21:00:00.000Z']);
    expect(await ats({ to: '2025-01-14' })).toEqual(['2025-01-14T21:59:59.999Z']);
    expect(await ats({ from: '2025-01-15', to: '2025-01-15' })).toEqual(['2025-01-14T22:00:00.000Z']);
    expect((await all({ from: '2025-06-10', to: '2025-06-10' }, c)).body.all_count).toBe(2);

    const reversed = await all({ from: '2025-06-11', to: '2025-06-10' }, c);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ to: ['log_date_range_reversed'] });
    const invalid = await all({ from: '2025-02-30', to: '10.6.2025' }, c);
    expect(invalid.body.errors).toEqual({ from: ['_validation_date_invalid'], to: ['_validation_date_invalid'] });
  });

  it('is for site admins only: board and ordinary members get 403, no session 401, no CSRF token 403', async () => {
    const entry = (await all({ limit: 1 })).body.all_results[0];
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await all({}, c)).status, role).toBe(403);
      expect((await c.get(`/api/1/log/${entry.id}`)).status, role).toBe(403);
    }
    const anonymous = new Client(t.app, a.tenant.hostname!);
    const r = await all({}, anonymous);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: 'A4SessionError' });
    expect((await anonymous.get(`/api/1/log/${entry.id}`)).status).toBe(401);

    const noToken = new Client(t.app, a.tenant.hostname!, { csrf: false });
    for (const [k, v] of admin.jar) noToken.jar.set(k, v);
    const forged = await noToken.post('/api/1/log/all', {});
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ error: 'forbidden' });
  });

  it('keeps no personal data of a permanently deleted member: entries about them and their sign-ins are emptied, authorship gone', async () => {
    const gone = await memberClient(t, a, 'board'); // signs in: a login entry with an IP, authored by them
    const me = (await gone.get('/api/1/session/get')).body.user;
    const goneId = me.id as number;
    await admin.post(`/api/1/members/${goneId}`, { address_city: 'Kuopio' });
    expect((await admin.delete(`/api/1/members/${goneId}`)).status).toBe(200);

    const about = async () =>
      ((await all({ limit: 100 })).body.all_results as { context: string; data: unknown[]; author: { id: number } | null; event: string; member_: unknown }[]).filter(
        (e) => e.context === `member:${goneId}`,
      );
    const before = await about();
    expect(before.map((e) => e.event)).toEqual(['member_deleted', 'member_updated']);
    expect(before[0]!.data).toEqual([{ field: 'fullname_', old: expect.stringContaining('Hallitus') }]);
    expect(before[0]!.member_).toEqual({ id: goneId, name: expect.stringContaining('Hallitus') });

    const authored = await t.deps.db.selectFrom('activity_log').select(['id', 'event']).where('tenant_id', '=', a.tenant.id).where('author_id', '=', goneId).execute();
    const r = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: me.email }] });
    expect(r.body.count).toBe(1);

    const after = await about();
    expect(after.map((e) => e.event)).toEqual(['member_deleted', 'member_updated']);
    for (const e of after) {
      expect(e.data).toEqual([]);
      expect(e.member_).toBeNull();
      expect(e.author).toEqual({ id: a.admin.id, name: 'Pää Käyttäjä' });
    }
    expect(authored.map((x) => x.event)).toContain('login');
    // Their member number no longer marks what they did.
    expect(await t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', a.tenant.id).where('author_id', '=', goneId).execute()).toEqual([]);
    for (const row of authored) {
      const entry = (await admin.get(`/api/1/log/${row.id}`)).body;
      expect(entry.author).toBeNull();
      if (entry.context === 'session') expect(entry.data).toEqual([]);
      expect(JSON.stringify(entry)).not.toContain(me.email);
    }
    const anon = (await all({ event: 'members_deleted_permanently' })).body.all_results[0];
    expect(anon.data).toEqual([{ field: 'count', new: 1 }]);
  });
  it('also takes a permanently deleted member out of deleted-field values and deleted-group member lists', async () => {
    const f = (await admin.post('/api/1/fields/new', { name: 'lempivari', label: 'Lempiväri', type: 'text', visibility: 2 })).body;
    const g = (await admin.post('/api/1/groups/new', { name: 'kuoro_x', label: 'Kuoro X' })).body;
    const ids: number[] = [];
    for (const [firstname, colour] of [['Poistuva', 'sininen'], ['Jäävä', 'punainen']] as const) {
      const r = await admin.post('/api/1/members/new', { firstname, lastname: 'Laulaja', email: `${firstname.toLowerCase().replace('ä', 'a')}@kuoro.fi`, lempivari: colour, kuoro_x: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as number);
    }
    expect((await admin.delete(`/api/1/fields/${f.id}?confirmed=1`)).status).toBe(200);
    expect((await admin.delete(`/api/1/groups/${g.id}?confirmed=1`)).status).toBe(200);
    const listing = async () => {
      const rows = await t.deps.db.selectFrom('activity_log').select(['event', 'data']).where('tenant_id', '=', a.tenant.id).where('event', 'in', ['field_deleted', 'group_deleted']).orderBy('id', 'desc').limit(2).execute();
      return Object.fromEntries(rows.map((r) => [r.event, JSON.parse(r.data) as { field: string; old: unknown }[]]));
    };
    const before = await listing();
    expect(before.field_deleted!.find((d) => d.field === 'values')!.old).toEqual([
      { member_id: ids[0], value: 'sininen' },
      { member_id: ids[1], value: 'punainen' },
    ]);
    expect(before.group_deleted!.find((d) => d.field === 'members')!.old).toEqual(ids);

    await admin.delete(`/api/1/members/${ids[0]}`);
    expect((await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: 'poistuva@kuoro.fi' }] })).body.count).toBe(1);
    const after = await listing();
    expect(after.field_deleted!.find((d) => d.field === 'values')!.old).toEqual([{ member_id: ids[1], value: 'punainen' }]);
    expect(after.group_deleted!.find((d) => d.field === 'members')!.old).toEqual([ids[1]]);
    expect(after.field_deleted!.find((d) => d.field === 'field')!.old).toMatchObject({ name: 'lempivari' });
  });
});
