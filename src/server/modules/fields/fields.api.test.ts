import { describe, expect, it } from 'vitest';
import { memberClient, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import * as members from '../members/repo';

describe(`fields API (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  const field = (over: Record<string, unknown> = {}) => ({ name: 'syntymavuosi', label: 'Syntymävuosi', type: 'integer', visibility: 2, ...over });

  /** A member with a value for a field, written the way the members module will. */
  async function memberWithValue(fieldId: number, text: string | null, num: number | null) {
    const now = new Date().toISOString();
    const m = await members.insert(t.deps.db, a.tenant.id, { firstname: 'A', lastname: 'B', active: 1, site_admin: 0, board: 0, deleted_at: null, created_at: now, updated_at: now });
    await t.deps.db.insertInto('member_values').values({ tenant_id: a.tenant.id, member_id: m.id, field_id: fieldId, value_text: text, value_num: num }).execute();
    return m;
  }

  it('has the fixed fields from tenant creation, in order, porg fields hidden until enabled', async () => {
    const r = await admin.get('/api/1/fields/all');
    expect(r.status).toBe(200);
    expect(r.body.map((f: { name: string }) => f.name)).toEqual(['firstname', 'lastname', 'email', 'phone', 'address_street', 'address_zip', 'address_city']);
    expect(r.body.every((f: { fixed: boolean }) => f.fixed)).toBe(true);
  });

  it('creates a field of every type', async () => {
    const types = ['text', 'textarea', 'integer', 'decimal', 'date', 'checkbox', 'dropdown', 'email', 'password', 'heading'];
    for (const type of types) {
      const body = field({
        name: `kentta_${type}`,
        label: `Kenttä ${type}`,
        type,
        options: type === 'dropdown' ? [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] : [],
      });
      const r = await admin.post('/api/1/fields/new', body);
      expect(r.status, type).toBe(200);
      expect(r.body).toMatchObject({ name: `kentta_${type}`, type, fixed: false, maxlength: 255 });
    }
    const all = await admin.get('/api/1/fields/all?all_headings=1');
    expect(all.body.filter((f: { fixed: boolean }) => !f.fixed).map((f: { type: string }) => f.type)).toEqual(types);
    // A trailing heading with nothing under it is left out unless all_headings is asked for.
    const plain = await admin.get('/api/1/fields/all');
    expect(plain.body.some((f: { type: string }) => f.type === 'heading')).toBe(false);
  });

  it('validates with the field message keys', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [field({ name: '_salainen' }), { name: ['fields_name_underscore'] }],
      [field({ name: 'väri' }), { name: ['fields_name_invalid'] }],
      [field({ name: 'firstname' }), { name: ['fields_duplicate_name'] }],
      [field({ name: 'kentta_text' }), { name: ['fields_duplicate_name'] }],
      [field({ label: 'Hymy 😀' }), { label: ['_validation_unsupported_characters'] }],
      [field({ label: '  ' }), { label: ['_validation_field_required'] }],
      [field({ type: 'dropdown', options: [] }), { options: ['fields_dropdown_options_required'] }],
      [field({ type: 'dropdown', options: [{ value: ' ', label: 'Tyhjä' }] }), { options: ['fields_dropdown_options_required'] }],
      [field({ type: 'heading', visibility: 3 }), { visibility: ['fields_invalid_visibility_option'] }],
      [field({ visibility: 7 }), { visibility: ['_validation_invalid_choice'] }],
      [field({ type: 'color' }), { type: ['_validation_invalid_choice'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await admin.post('/api/1/fields/new', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('lets fixed fields change label, visibility and order but not name, type or existence', async () => {
    const all = (await admin.get('/api/1/fields/all')).body as { id: number; name: string }[];
    const email = all.find((f) => f.name === 'email')!;
    const ok = await admin.post(`/api/1/fields/${email.id}`, { name: 'email', label: 'Sähköpostiosoite', type: 'email', visibility: 3 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ label: 'Sähköpostiosoite', visibility: 3, fixed: true });
    const rename = await admin.post(`/api/1/fields/${email.id}`, { name: 'sposti', label: 'X', type: 'email', visibility: 2 });
    expect(rename.body.errors).toEqual({ name: ['fields_fixed_cannot_rename'] });
    const retype = await admin.post(`/api/1/fields/${email.id}`, { name: 'email', label: 'X', type: 'text', visibility: 2 });
    expect(retype.body.errors).toEqual({ type: ['fields_fixed_cannot_change_type'] });
    const firstname = all.find((f) => f.name === 'firstname')!;
    const invisible = await admin.post(`/api/1/fields/${firstname.id}`, { name: 'firstname', label: 'Etunimi', type: 'text', visibility: 0 });
    expect(invisible.body.errors).toEqual({ visibility: ['fields_invalid_visibility_option'] });
    const del = await admin.delete(`/api/1/fields/${email.id}`);
    expect(del.status).toBe(400);
    expect(del.body.errors).toEqual({ general: ['fields_fixed_cannot_delete'] });
  });

  it('reorders fields and the order sticks', async () => {
    const all = (await admin.get('/api/1/fields/all?all_headings=1')).body as { id: number; name: string }[];
    const reversed = [...all].reverse().map((f) => f.id);
    const r = await admin.post('/api/1/fields/reorder', { order: reversed });
    expect(r.status).toBe(200);
    const again = (await admin.get('/api/1/fields/all?all_headings=1')).body as { id: number }[];
    expect(again.map((f) => f.id)).toEqual(reversed);
    const bad = await admin.post('/api/1/fields/reorder', { order: [999999] });
    expect(bad.body.errors).toEqual({ order: ['_validation_invalid'] });
  });

  it('derives the heading group of each field from the order', async () => {
    const h = (await admin.post('/api/1/fields/new', field({ name: 'otsikko_lisa', label: 'Lisätiedot', type: 'heading' }))).body;
    const x = (await admin.post('/api/1/fields/new', field({ name: 'lempivari', label: 'Lempiväri', type: 'text' }))).body;
    const all = (await admin.get('/api/1/fields/all')).body as { id: number; group: string | null }[];
    expect(all.find((f) => f.id === x.id)!.group).toBe('otsikko_lisa');
    expect(all.find((f) => f.id === h.id)!.group).toBeNull();
  });

  it('converts values on a type change, or refuses when they do not convert', async () => {
    const f = (await admin.post('/api/1/fields/new', field({ name: 'jasennumero', label: 'Jäsennumero', type: 'text' }))).body;
    const m1 = await memberWithValue(f.id, '12', null);
    await memberWithValue(f.id, '0034', null);
    const ok = await admin.post(`/api/1/fields/${f.id}`, field({ name: 'jasennumero', label: 'Jäsennumero', type: 'integer' }));
    expect(ok.status).toBe(200);
    const stored = await t.deps.db.selectFrom('member_values').selectAll().where('field_id', '=', f.id).where('member_id', '=', m1.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ value_text: null, value_num: 12 });
    const g = (await admin.post('/api/1/fields/new', field({ name: 'huomio', label: 'Huomio', type: 'text' }))).body;
    await memberWithValue(g.id, 'ei numero', null);
    await memberWithValue(g.id, '7', null);
    const refused = await admin.post(`/api/1/fields/${g.id}`, field({ name: 'huomio', label: 'Huomio', type: 'integer' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: { type: ['fields_type_change_not_convertible'] }, params: { count: 1, examples: ['ei numero'] } });
    const unchanged = await t.deps.db.selectFrom('member_values').select('value_text').where('field_id', '=', g.id).orderBy('member_id').execute();
    expect(unchanged.map((v) => v.value_text)).toEqual(['ei numero', '7']);
  });

  it('asks what to do when a removed dropdown option is in use, then keeps it in history or clears', async () => {
    const opts = [
      { value: 'a', label: 'Aikuinen' },
      { value: 'n', label: 'Nuori' },
      { value: 'k', label: 'Kunnia' },
    ];
    const f = (await admin.post('/api/1/fields/new', field({ name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', options: opts }))).body;
    const young = await memberWithValue(f.id, 'n', null);
    await memberWithValue(f.id, 'a', null);
    const remove = field({ name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', options: [opts[0], { ...opts[1], remove: true }, opts[2]] });
    const ask = await admin.post(`/api/1/fields/${f.id}`, remove);
    expect(ask.status).toBe(400);
    expect(ask.body).toEqual({ errors: { options: ['fields_option_in_use'] }, params: { count: 1, options: ['Nuori'] } });
    const keep = await admin.post(`/api/1/fields/${f.id}`, { ...remove, option_removal: 'keep_in_history' });
    expect(keep.status).toBe(200);
    expect(keep.body.options).toEqual([opts[0], opts[2]]);
    const hist = await t.deps.db.selectFrom('member_history').selectAll().where('member_id', '=', young.id).execute();
    expect(hist).toHaveLength(1);
    expect(JSON.parse(hist[0]!.data)).toEqual([{ field: 'jasenlaji', label: 'Jäsenlaji', old: 'Nuori', new: null }]);
    const left = await t.deps.db.selectFrom('member_values').select('value_text').where('field_id', '=', f.id).execute();
    expect(left.map((v) => v.value_text)).toEqual(['a']);
    // Removing an option nobody uses needs no question.
    const unused = await admin.post(`/api/1/fields/${f.id}`, field({ name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', options: [opts[0]] }));
    expect(unused.status).toBe(200);
  });

  it('asks for confirmation before deleting a field with values, and logs the values', async () => {
    const f = (await admin.post('/api/1/fields/new', field({ name: 'kengankoko', label: 'Kengänkoko', type: 'integer' }))).body;
    const m = await memberWithValue(f.id, null, 42);
    const detail = await admin.get(`/api/1/fields/${f.id}`);
    expect(detail.body.value_count_).toBe(1);
    const ask = await admin.delete(`/api/1/fields/${f.id}`);
    expect(ask.status).toBe(400);
    expect(ask.body).toEqual({ errors: { general: ['fields_delete_confirm'] }, params: { count: 1 } });
    const del = await admin.delete(`/api/1/fields/${f.id}?confirmed=1`);
    expect(del.status).toBe(200);
    expect((await admin.get(`/api/1/fields/${f.id}`)).status).toBe(404);
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'field_deleted').execute();
    const data = JSON.parse(log.at(-1)!.data);
    expect(data[1]).toEqual({ field: 'values', old: [{ member_id: m.id, value: '42' }] });
    const values = await t.deps.db.selectFrom('member_values').selectAll().where('field_id', '=', f.id).execute();
    expect(values).toEqual([]);
  });

  it('logs field changes with old and new values', async () => {
    const f = (await admin.post('/api/1/fields/new', field({ name: 'seura', label: 'Seura', type: 'text' }))).body;
    await admin.post(`/api/1/fields/${f.id}`, field({ name: 'seura', label: 'Kotiseura', type: 'text', help_text: 'Mistä seurasta tulet' }));
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'field_updated').execute();
    expect(JSON.parse(log.at(-1)!.data)).toEqual([
      { field: 'label', old: 'Seura', new: 'Kotiseura' },
      { field: 'help_text', old: '', new: 'Mistä seurasta tulet' },
    ]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await admin.get('/api/1/fields/999999')).status).toBe(404);
    expect((await admin.get('/api/1/fields/abc')).status).toBe(404);
  });

  it('lets members read the field list but only site admins change it', async () => {
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await c.get('/api/1/fields/all')).status).toBe(200);
      expect((await c.post('/api/1/fields/new', field({ name: 'x' }))).status).toBe(403);
      const someId = (await admin.get('/api/1/fields/all')).body[0].id;
      expect((await c.get(`/api/1/fields/${someId}`)).status).toBe(403);
      expect((await c.post(`/api/1/fields/${someId}`, field())).status).toBe(403);
      expect((await c.delete(`/api/1/fields/${someId}`)).status).toBe(403);
      expect((await c.post('/api/1/fields/reorder', { order: [someId] })).status).toBe(403);
    }
  });
});
