import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, memberClient, makeTenant, testApp, testDialect, Client } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField, type FieldOverrides } from '../../test/factories';
import type { FieldType } from '../../../shared/fields/types';

describe(`members API (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  beforeAll(async () => {
    const f = (name: string, label: string, type: FieldType, extra: Omit<FieldOverrides, 'name'> = {}) => makeField(admin, { name, label, type, ...extra });
    await f('jasennumero', 'Jäsennumero', 'integer', { visibility: 3 });
    await f('syntymapaiva', 'Syntymäpäivä', 'date');
    await f('jasenlaji', 'Jäsenlaji', 'dropdown', { options: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] });
    await f('lisatiedot', 'Lisätiedot', 'textarea');
    await f('maksettu', 'Maksettu', 'checkbox');
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
  });

  let n = 0;
  const member = (over: Record<string, unknown> = {}) => {
    n += 1;
    return { firstname: 'Maija', lastname: 'Mäkinen', email: `maija${n}@example.fi`, jasennumero: String(1000 + n), ...over };
  };

  it('creates a member with fixed fields, custom values and groups, and records PersonInsert', async () => {
    const r = await admin.post('/api/1/members/new', member({
      phone: '040 123 4567',
      address_street: 'Koulukatu 1',
      address_zip: '33100',
      address_city: 'Tampere',
      syntymapaiva: '5.3.1990',
      jasenlaji: 'n',
      lisatiedot: 'Altto\nToinen rivi',
      maksettu: true,
      kuoro: true,
    }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      firstname: 'Maija',
      fullname_: 'Maija Mäkinen',
      phone: '+358401234567',
      jasennumero: 1001,
      syntymapaiva: '1990-03-05',
      jasenlaji: 'n',
      lisatiedot: 'Altto\nToinen rivi',
      maksettu: true,
      kuoro: true,
      board: false,
      everyone: true,
      active: true,
      meta_: { deleted: false, pending: false },
    });
    expect(r.body).not.toHaveProperty('password_hash');
    const hist = await admin.post('/api/1/members/get_history', { id: r.body.id });
    expect(hist.body[0]).toMatchObject({ context: 'PersonInsert', author: 'Pää Käyttäjä' });
    expect(hist.body[0].data).toContainEqual({ field: 'jasenlaji', label: 'Jäsenlaji', old: null, new: 'n' });
  });

  it('refuses empty required fields unless bypassed, never for names', async () => {
    const missing = await admin.post('/api/1/members/new', member({ jasennumero: '' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ jasennumero: ['_validation_field_required'] });
    const bypassed = await admin.post('/api/1/members/new', member({ jasennumero: '', bypass_required_fields: true }));
    expect(bypassed.status).toBe(200);
    expect(bypassed.body.jasennumero).toBeNull();
    const noName = await admin.post('/api/1/members/new', member({ lastname: ' ', bypass_required_fields: true }));
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual({ lastname: ['_validation_field_required'] });
  });

  it('validates every value with its message keys', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email: 'ei-osoite' }, { email: ['_validation_invalid_email'] }],
      [{ email: 'maija1@example.fi' }, { email: ['members_email_not_unique'] }],
      [{ phone: '040-abc' }, { phone: ['members_phone_format'] }],
      [{ phone: '040 12' }, { phone: ['members_phone_length'] }],
      [{ phone: '09 1234 5678' }, { phone: ['members_phone_prefix'] }],
      [{ phone: '+358 40 1234567' }, { phone: ['members_phone_not_unique'] }],
      [{ jasennumero: '12,5' }, { jasennumero: ['_validation_integer_invalid'] }],
      [{ syntymapaiva: '31.12.1900' }, { syntymapaiva: ['_validation_date_invalid'] }],
      [{ jasenlaji: 'x' }, { jasenlaji: ['_validation_invalid_choice'] }],
      [{ lisatiedot: 'Moi 🎉' }, { lisatiedot: ['_validation_unsupported_characters'] }],
      [{ firstname: 'x'.repeat(101) }, { firstname: ['_validation_too_long'] }],
      [{ newPassword_: 'lyhyt', confirmNewPassword_: 'lyhyt' }, { newPassword_: ['insufficient_password_strength'] }],
      [{ newPassword_: 'Pitkä-salasana-1', confirmNewPassword_: 'Pitkä-salasana-2' }, { confirmNewPassword_: ['passwords_dont_match'] }],
      [{ kuoro: 'kyllä' }, { kuoro: ['_validation_invalid'] }],
    ];
    for (const [over, errors] of cases) {
      const r = await admin.post('/api/1/members/new', member(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.errors, JSON.stringify(over)).toEqual(errors);
    }
  });

  it('saves changes with PersonUpdate history (field, label, old, new) and an activity log entry', async () => {
    const m = (await admin.post('/api/1/members/new', member({ jasenlaji: 'a' }))).body;
    const r = await admin.post(`/api/1/members/${m.id}`, { lastname: 'Virtanen', jasenlaji: 'n', kuoro: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ lastname: 'Virtanen', jasenlaji: 'n', kuoro: true, firstname: 'Maija' });
    const hist = (await admin.post('/api/1/members/get_history', { id: m.id })).body;
    expect(hist[0].context).toBe('PersonUpdate');
    expect(hist[0].data).toEqual([
      { field: 'lastname', label: 'Sukunimi', old: 'Mäkinen', new: 'Virtanen' },
      { field: 'jasenlaji', label: 'Jäsenlaji', old: 'a', new: 'n' },
      { field: 'kuoro', label: 'Kuoro', old: false, new: true },
    ]);
    const log = await t.deps.db.selectFrom('activity_log').select(['event', 'data']).where('context', '=', `member:${m.id}`).orderBy('id').execute();
    expect(log.map((l) => l.event)).toEqual(['member_created', 'member_updated']);
    // Saving the same values again changes nothing and writes no history.
    await admin.post(`/api/1/members/${m.id}`, { lastname: 'Virtanen' });
    expect((await admin.post('/api/1/members/get_history', { id: m.id })).body).toHaveLength(2);
  });

  it('sets a password the member can log in with', async () => {
    const m = (await admin.post('/api/1/members/new', member({ email: 'kirjautuja@example.fi', newPassword_: 'Kuoro-Salasana-2026', confirmNewPassword_: 'Kuoro-Salasana-2026' }))).body;
    const c = new Client(t.app, a.tenant.hostname!, { ip: '10.5.5.5' });
    const r = await c.post('/api/1/session/login', { email: 'kirjautuja@example.fi', password: 'Kuoro-Salasana-2026' });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(m.id);
    const hist = (await admin.post('/api/1/members/get_history', { id: m.id })).body;
    expect(JSON.stringify(hist)).not.toContain('Kuoro-Salasana-2026');
  });

  it('protects the admin from locking themselves out', async () => {
    const self = `/api/1/members/${a.admin.id}`;
    expect((await admin.post(self, { active: false })).body.errors).toEqual({ active: ['members_cannot_deactivate_self'] });
    expect((await admin.post(self, { site_admin: false })).body.errors).toEqual({ site_admin: ['members_cannot_remove_own_admin'] });
    expect((await admin.post(self, { email: '' })).body.errors).toEqual({ email: ['members_cannot_delete_own_email'] });
    expect((await admin.delete(self)).body.errors).toEqual({ general: ['members_cannot_delete_self'] });
  });

  it('keeps at least one site admin', async () => {
    const other = (await admin.post('/api/1/members/new', member({ site_admin: true }))).body;
    expect((await admin.post(`/api/1/members/${other.id}`, { site_admin: false })).status).toBe(200);
    expect((await admin.post(`/api/1/members/${other.id}`, { site_admin: true })).status).toBe(200);
    expect((await admin.delete(`/api/1/members/${other.id}`)).status).toBe(200);
  });

  it('soft-deletes and restores a member', async () => {
    const m = (await admin.post('/api/1/members/new', member())).body;
    const del = await admin.delete(`/api/1/members/${m.id}`);
    expect(del.status).toBe(200);
    expect(del.body.batch_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await admin.get(`/api/1/members/${m.id}`)).status).toBe(404);
    const any = await admin.get(`/api/1/members/${m.id}?any_state=1`);
    expect(any.body.meta_.deleted).toBe(true);
    const deletedList = await admin.post('/api/1/members/get_results', { deleted: true, columns: ['email', 'deleted_at'] });
    expect(deletedList.body.results.find((r: { id: number }) => r.id === m.id)).toMatchObject({ deleted_at: expect.stringMatching(/^\d{4}-/) });
    const hist = (await admin.post('/api/1/members/get_history', { id: m.id })).body;
    expect(hist[0].data).toEqual([{ field: 'deleted', label: 'Poistettu', old: false, new: true }]);
    const restored = await admin.post('/api/1/members/restore', { id: m.id });
    expect(restored.body.meta_.deleted).toBe(false);
    expect((await admin.get(`/api/1/members/${m.id}`)).status).toBe(200);
  });

  it('lists, filters (AND, OR, custom fields, groups), sorts and counts', async () => {
    const t2 = await testApp();
    try {
      const b = await makeTenant(t2.deps);
      const c = await adminClient(t2, b);
      await makeField(c, { name: 'vuosi', label: 'Liittymisvuosi', type: 'integer' });
      await c.post('/api/1/groups/new', { name: 'laulajat', label: 'Laulajat' });
      const people: [string, string, number, boolean, boolean][] = [
        ['Aino', 'Aalto', 2019, true, true],
        ['Eino', 'Björk', 2021, false, true],
        ['Helmi', 'Öhman', 2021, true, false],
        ['Väinö', 'Ärölä', 2015, true, true],
      ];
      for (const [fn, ln, vuosi, laulaja, active] of people) {
        const r = await c.post('/api/1/members/new', { firstname: fn, lastname: ln, email: `${fn.toLowerCase()}@x.fi`, vuosi, laulajat: laulaja, active });
        expect(r.status).toBe(200);
      }
      const results = async (body: Record<string, unknown>) => (await c.post('/api/1/members/get_results', body)).body;
      const names = (r: { results: { firstname: string }[] }) => r.results.map((x) => x.firstname);

      expect(names(await results({}))).toEqual(['Aino', 'Eino', 'Pää', 'Väinö', 'Helmi']); // Ä and Ö after Z, as in Finnish
      const and = await results({ filter: [{ field: 'vuosi', verb: 'eq', value: '2021' }, { field: 'laulajat', verb: 'in_group' }], columns: ['vuosi', 'laulajat'] });
      expect(names(and)).toEqual(['Helmi']);
      expect(and.results[0]).toEqual({ id: expect.any(Number), firstname: 'Helmi', lastname: 'Öhman', fullname_: 'Helmi Öhman', vuosi: 2021, laulajat: true });
      expect(and.stats).toEqual({ result_count: 1, result_application_count: 0 });
      const or = await results({ filter: [{ field: 'FILTER_OR', verb: 'or', value: [{ field: 'vuosi', verb: 'lt', value: 2016 }, { field: 'firstname', verb: 'eq', value: 'eino' }] }] });
      expect(names(or)).toEqual(['Eino', 'Väinö']);
      expect(names(await results({ filter: [{ field: 'active', verb: 'unchecked' }] }))).toEqual(['Helmi']);
      expect(names(await results({ filter: [{ field: 'lastname', verb: 'contains', value: 'ÖHM' }] }))).toEqual(['Helmi']);
      expect(names(await results({ filter: [{ field: 'lastname', verb: 'starts', value: 'bj' }] }))).toEqual(['Eino']);
      expect(names(await results({ filter: [{ field: 'email', verb: 'eq', value: 'AINO@X.FI' }] }))).toEqual(['Aino']);
      // Equality ignores case, ä/ö included, and is whole-value (no wildcards: % and _ are literal).
      expect(names(await results({ filter: [{ field: 'lastname', verb: 'eq', value: 'ÄRÖLÄ' }] }))).toEqual(['Väinö']);
      expect(names(await results({ filter: [{ field: 'lastname', verb: 'eq', value: 'ärö' }] }))).toEqual([]);
      expect(names(await results({ filter: [{ field: 'lastname', verb: 'eq', value: '%' }] }))).toEqual([]);
      expect(names(await results({ filter: [{ field: 'lastname', verb: 'neq', value: 'öhman' }] }))).toEqual(['Aino', 'Eino', 'Pää', 'Väinö']);
      expect(names(await results({ filter: [{ field: 'vuosi', verb: 'empty' }] }))).toEqual(['Pää']);
      expect(names(await results({ filter: [{ field: 'laulajat', verb: 'not_in_group' }] }))).toEqual(['Eino', 'Pää']);
      expect(names(await results({ sort: { field: 'vuosi', dir: 'desc' } }))).toEqual(['Eino', 'Helmi', 'Aino', 'Väinö', 'Pää']);
      expect(names(await results({ sort: { field: 'vuosi', dir: 'asc' }, page: 1, page_size: 20 }))).toEqual([]);
      expect(names(await results({ sort: { field: 'laulajat', dir: 'asc' } }))).toEqual(['Aino', 'Väinö', 'Helmi', 'Eino', 'Pää']);
      expect(names(await results({ sort: { field: 'laulajat', dir: 'desc' } }))).toEqual(['Eino', 'Pää', 'Aino', 'Väinö', 'Helmi']);
      expect(names(await results({ offset: 1, limit: 2 }))).toEqual(['Eino', 'Pää']);
      const stats = await c.post('/api/1/members/get_stats', { filter: [{ field: 'vuosi', verb: 'eq', value: 2021 }] });
      expect(stats.body.stats).toEqual({ result_count: 2, active_count: 1, inactive_count: 1, result_application_count: 0 });
      const bad = await c.post('/api/1/members/get_results', { page_size: 30 });
      expect(bad.body.errors).toEqual({ page_size: ['_validation_invalid_choice'] });
    } finally {
      await t2.close();
    }
  });

  it('finds members by quick search, ignoring case and accents', async () => {
    const m = (await admin.post('/api/1/members/new', member({ firstname: 'Väinö', lastname: 'Pöyhönen', phone: '050 765 4321', address_city: 'Jyväskylä' }))).body;
    const q = async (term: string) => (await admin.post('/api/1/members/quicksearch', { term })).body;
    for (const term of ['poyho', 'PÖYHÖ', 'vainö', 'jyvask', '050 765', '0507654321']) {
      expect((await q(term)).results.map((x: { id: number }) => x.id), term).toContain(m.id);
    }
    expect((await q('x')).errors).toEqual({ term: ['members_search_term_too_short'] });
    const sup = await admin.post('/api/1/members/supersearch', { term: 'pö' });
    expect(sup.body.errors).toEqual({ term: ['members_search_term_too_short'] });
    const ok = await admin.post('/api/1/members/supersearch', { term: 'pöyh' });
    expect(ok.body.results[0]).toMatchObject({ id: m.id, fullname_: 'Väinö Pöyhönen', phone: '+358507654321' });
  });

  it('lets board members read but not change, and ordinary members neither', async () => {
    const m = (await admin.post('/api/1/members/new', member())).body;
    const board = await memberClient(t, a, 'board');
    expect((await board.get(`/api/1/members/${m.id}`)).status).toBe(200);
    expect((await board.post('/api/1/members/get_results', {})).status).toBe(200);
    expect((await board.post(`/api/1/members/${m.id}`, { firstname: 'X' })).status).toBe(403);
    expect((await board.post('/api/1/members/new', member())).status).toBe(403);
    expect((await board.delete(`/api/1/members/${m.id}`)).status).toBe(403);
    expect((await board.post('/api/1/members/restore', { id: m.id })).status).toBe(403);
    const plain = await memberClient(t, a, 'member');
    for (const r of [
      await plain.get(`/api/1/members/${m.id}`),
      await plain.post('/api/1/members/get_results', {}),
      await plain.post('/api/1/members/get_stats', {}),
      await plain.post('/api/1/members/quicksearch', { term: 'maija' }),
      await plain.post('/api/1/members/get_history', { id: m.id }),
    ]) {
      expect(r.status).toBe(403);
    }
  });

});
