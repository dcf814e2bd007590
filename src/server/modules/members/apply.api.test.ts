import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient, testDialect, Client } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

describe(`applications and self-edit (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();
  let ip = 0;
  const visitor = () => new Client(t.app, a.tenant.hostname!, { ip: `10.77.0.${++ip}`, csrf: false });

  beforeAll(async () => {
    await makeField(admin, { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date', visibility: 3, on_apply_form: true });
    await makeField(admin, { name: 'sisainen', label: 'Sisäinen muistiinpano', type: 'text', visibility: 0 });
    await makeField(admin, { name: 'jasennro', label: 'Jäsennumero', type: 'integer', visibility: 1 });
    await admin.post('/api/1/members/new', { firstname: 'Liisa', lastname: 'Laine', email: 'liisa@x.fi', syntymapaiva: '1.2.1980', jasennro: 7 });
  });

  const application = (over: Record<string, unknown> = {}) => ({
    firstname: 'Liisa',
    lastname: 'Laine',
    email: 'liisa.uusi@x.fi',
    syntymapaiva: '1.2.1980',
    hp_website: '',
    form_started_at: t.clock.now().getTime() - 60_000,
    ...over,
  });

  it('shows the application form without hidden or read-only fields', async () => {
    const r = await visitor().get('/api/1/members/apply_form');
    expect(r.status).toBe(200);
    expect(r.body.customer_name).toBe(a.tenant.name);
    const names = r.body.fields.map((f: { name: string }) => f.name);
    expect(names).toContain('syntymapaiva');
    expect(names).not.toContain('sisainen');
    expect(names).not.toContain('jasennro');
  });

  it('creates a pending application without CSRF (embeddable), flags duplicates, and approval makes a member', async () => {
    const r = await visitor().post('/api/1/members/apply', application({ sisainen: 'yritys', site_admin: true }));
    expect(r.status).toBe(200);
    const list = await admin.post('/api/1/members/get_results', { pending: true });
    expect(list.body.stats.result_count).toBe(1);
    const id = list.body.results[0].id;
    const app = await admin.get(`/api/1/members/${id}?pending=1`);
    expect(app.body).toMatchObject({ site_admin: false, sisainen: null, meta_: { pending: true } });
    expect(app.body.meta_.duplicates).toEqual([{ id: expect.any(Number), fullname_: 'Liisa Laine', reason: 'name_birthdate' }]);
    expect((await admin.post('/api/1/members/get_stats', {})).body.stats.result_application_count).toBe(1);
    expect((await admin.get(`/api/1/members/${id}`)).status).toBe(404); // not a member yet
    expect((await admin.post('/api/1/members/get_history', { id })).body).toEqual([]);

    const ok = await admin.post('/api/1/members/approve', { id });
    expect(ok.status).toBe(200);
    expect(ok.body.meta_.pending).toBe(false);
    const hist = (await admin.post('/api/1/members/get_history', { id })).body;
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({ context: 'PersonInsert' });
    expect(hist[0].data).toContainEqual({ field: 'email', label: 'Sähköposti', old: null, new: 'liisa.uusi@x.fi' });
    expect((await admin.post('/api/1/members/approve', { id })).status).toBe(404);
  });

  it('validates like the member form, with email required', async () => {
    const r = await visitor().post('/api/1/members/apply', application({ email: '', syntymapaiva: '31.12.1900' }));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ email: ['_validation_field_required'], syntymapaiva: ['_validation_date_invalid'] });
  });

  it('rejecting deletes the application', async () => {
    await visitor().post('/api/1/members/apply', application({ email: 'hylatty@x.fi', firstname: 'Hylätty' }));
    const id = (await admin.post('/api/1/members/get_results', { pending: true, filter: [{ field: 'email', verb: 'eq', value: 'hylatty@x.fi' }] })).body.results[0].id;
    expect((await admin.delete(`/api/1/members/${id}`)).status).toBe(200);
    expect((await admin.post('/api/1/members/get_results', { pending: true, filter: [{ field: 'email', verb: 'eq', value: 'hylatty@x.fi' }] })).body.results).toEqual([]);
  });

  it('silently drops bot-like submissions: honeypot filled or sent too fast', async () => {
    const before = (await admin.post('/api/1/members/get_stats', {})).body.stats.result_application_count;
    expect((await visitor().post('/api/1/members/apply', application({ email: 'botti1@x.fi', hp_website: 'http://spam' }))).status).toBe(200);
    expect((await visitor().post('/api/1/members/apply', application({ email: 'botti2@x.fi', form_started_at: t.clock.now().getTime() - 500 }))).status).toBe(200);
    expect((await admin.post('/api/1/members/get_stats', {})).body.stats.result_application_count).toBe(before);
  });

  it('accepts a form started "in the future" (device clock ahead) and does not count typos against the limit', async () => {
    const v = visitor();
    for (let i = 0; i < 6; i++) expect((await v.post('/api/1/members/apply', application({ email: '' }))).status).toBe(400);
    const r = await v.post('/api/1/members/apply', application({ email: 'tulevaisuus@x.fi', form_started_at: t.clock.now().getTime() + 120_000 }));
    expect(r.status).toBe(200);
    const found = await admin.post('/api/1/members/get_results', { pending: true, filter: [{ field: 'email', verb: 'eq', value: 'tulevaisuus@x.fi' }] });
    expect(found.body.stats.result_count).toBe(1);
  });

  it('rate limits applications per address', async () => {
    const v = visitor();
    for (let i = 0; i < 5; i++) await v.post('/api/1/members/apply', application({ email: `sarja${i}@x.fi`, hp_website: 'x' }));
    const r = await v.post('/api/1/members/apply', application({ email: 'sarja9@x.fi' }));
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ errors: { general: ['members_apply_rate_limited'] } });
  });

  it('lets a member edit their own data within field visibility, recorded as PersonUpdateme', async () => {
    const c = await memberClient(t, a);
    const mine = await c.post('/api/1/updreqs/edit_me_s');
    expect(mine.status).toBe(200);
    const names = mine.body.fields.map((f: { name: string }) => f.name);
    expect(names).toContain('jasennro'); // read-only: shown
    expect(names).not.toContain('sisainen'); // invisible: not shown
    expect(mine.body.member).not.toHaveProperty('sisainen');
    expect(mine.body.member).not.toHaveProperty('site_admin');
    const r = await c.post('/api/1/updreqs/update_me_s', { member: { address_city: 'Turku', jasennro: 999, sisainen: 'x', site_admin: true, syntymapaiva: '3.4.1999' } });
    expect(r.status).toBe(200);
    expect(r.body.member).toMatchObject({ address_city: 'Turku', jasennro: null, syntymapaiva: '1999-04-03' });
    const id = r.body.member.id;
    const full = (await admin.get(`/api/1/members/${id}`)).body;
    expect(full).toMatchObject({ site_admin: false, sisainen: null });
    const hist = (await admin.post('/api/1/members/get_history', { id })).body;
    expect(hist[0].context).toBe('PersonUpdateme');
    expect((await c.post('/api/1/updreqs/update_me_s', { member: { syntymapaiva: '' } })).body.errors).toEqual({ syntymapaiva: ['_validation_field_required'] });
    expect((await c.post('/api/1/updreqs/update_me_s', { member: { email: '' } })).body.errors).toEqual({ email: ['_validation_field_required'] });
  });
});
