import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect, Client } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { exportMembers } from './export';

// The member number (`id`, the export's "Jäsennumero") and "Jäsen alkaen"
// (member_since) are shown, sorted and filtered on the server, exported, and read-only.
describe(`member number and member since (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // Added in this order (ids ascending), with join dates in another order.
    const since: Record<string, string> = { Aino: '2001-05-01', Bertta: '1995-01-31', Cecilia: '2010-12-24' };
    t.clock.set('2026-03-05T22:30:00Z'); // 6.3.2026 in Helsinki
    for (const name of ['Cecilia', 'Aino', 'Bertta']) {
      const r = await admin.post('/api/1/members/new', { firstname: name, lastname: 'Testi', email: `${name.toLowerCase()}@x.fi` });
      expect(r.status).toBe(200);
      ids[name] = r.body.id;
    }
    // An imported register carries its own join dates (set here as import/admin would).
    ids.Dora = (await admin.post('/api/1/members/new', { firstname: 'Dora', lastname: 'Testi', email: 'dora@x.fi' })).body.id;
    for (const [name, day] of Object.entries(since)) {
      await t.deps.db.updateTable('members').set({ member_since: day }).where('tenant_id', '=', a.tenant.id).where('id', '=', ids[name]!).execute();
    }
  });

  const names = (body: { results: { firstname: string }[] }) => body.results.map((r) => r.firstname).filter((n) => n !== 'Admin' && ids[n] !== undefined);
  const results = async (body: Record<string, unknown>) => (await admin.post('/api/1/members/get_results', { filter: [{ field: 'lastname', verb: 'eq', value: 'Testi' }], ...body })).body;

  it('a new member gets the Helsinki day it was added as "Jäsen alkaen"', async () => {
    const r = await admin.get(`/api/1/members/${ids.Dora!}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ids.Dora, member_since: '2026-03-06' });
  });

  it('sorts by member number and by member since, both ways', async () => {
    expect(names(await results({ sort: { field: 'id', dir: 'asc' }, columns: ['id', 'member_since'] }))).toEqual(['Cecilia', 'Aino', 'Bertta', 'Dora']);
    expect(names(await results({ sort: { field: 'id', dir: 'desc' } }))).toEqual(['Dora', 'Bertta', 'Aino', 'Cecilia']);
    const bySince = await results({ sort: { field: 'member_since', dir: 'asc' }, columns: ['member_since'] });
    expect(names(bySince)).toEqual(['Bertta', 'Aino', 'Cecilia', 'Dora']);
    expect(bySince.results[0]).toMatchObject({ firstname: 'Bertta', member_since: '1995-01-31' });
    expect(names(await results({ sort: { field: 'member_since', dir: 'desc' } }))).toEqual(['Dora', 'Cecilia', 'Aino', 'Bertta']);
  });

  it('filters on member since and member number', async () => {
    expect(names(await results({ filter: [{ field: 'lastname', verb: 'eq', value: 'Testi' }, { field: 'member_since', verb: 'before', value: '2005-01-01' }], sort: { field: 'lastname', dir: 'asc' } })).sort()).toEqual(['Aino', 'Bertta']);
    expect(names(await results({ filter: [{ field: 'id', verb: 'eq', value: ids.Aino }] }))).toEqual(['Aino']);
  });

  it('saving ignores member number and member since', async () => {
    const r = await admin.post(`/api/1/members/${ids.Aino!}`, { firstname: 'Aino', lastname: 'Testi', email: 'aino@x.fi', id: 999999, member_since: '1900-01-01' });
    expect(r.status).toBe(200);
    const back = await admin.get(`/api/1/members/${ids.Aino!}`);
    expect(back.body).toMatchObject({ id: ids.Aino, member_since: '2001-05-01' });
    expect((await admin.get('/api/1/members/999999')).status).toBe(404);
  });

  it('an approved application starts its membership on the day of approval', async () => {
    const visitor = new Client(t.app, a.tenant.hostname!, { ip: '10.88.0.1', csrf: false });
    t.clock.set('2026-04-01T09:00:00Z');
    const sent = await visitor.post('/api/1/members/apply', { firstname: 'Eeva', lastname: 'Hakija', email: 'eeva@x.fi', hp_website: '', form_started_at: t.clock.now().getTime() - 60_000 });
    expect(sent.status).toBe(200);
    const id = (await admin.post('/api/1/members/get_results', { pending: true })).body.results[0].id as number;
    expect((await admin.get(`/api/1/members/${id}?pending=1`)).body.member_since).toBeNull();
    t.clock.set('2026-04-20T21:30:00Z'); // 21.4.2026 in Helsinki
    expect((await admin.post('/api/1/members/approve', { id })).status).toBe(200);
    expect((await admin.get(`/api/1/members/${id}`)).body.member_since).toBe('2026-04-21');
  });

  it('exports "Jäsen alkaen" as a date column', async () => {
    // Called directly: the export's HTTP shape is changing, its columns are not.
    const me = (await t.deps.db.selectFrom('members').selectAll().where('tenant_id', '=', a.tenant.id).where('site_admin', '=', 1).executeTakeFirstOrThrow());
    const file = await exportMembers(t.deps, a.tenant, me, [{ field: 'firstname', verb: 'eq', value: 'Bertta' }], ['member_since'], 'csv');
    let text = '';
    for await (const chunk of file.stream) text += String(chunk);
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Jäsen alkaen');
    expect(lines[1]).toContain('31.1.1995');
  });
});
