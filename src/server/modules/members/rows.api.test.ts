import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import type { FieldType } from '../../../shared/fields/types';
import { seed } from '../../../../scripts/seed';
import { LIST_CHUNKS } from './list-repo';
import { getResults } from './service';
import type { Tenant } from '../../db/schema';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../shared/constants';

// Get_results builds rows from indexed value and group lists. This guards that
// refactor: each row gets its own custom values and groups even when the stored values and
// group links of different members interleave (written in reverse order, some missing).

describe(`get_results rows with custom fields and groups (${testDialect})`, () => {
  const { admin } = adminContext();
  const N = 12;
  const ids: number[] = [];

  beforeAll(async () => {
    const f = (name: string, type: FieldType) => makeField(admin, { name, type });
    await f('vuosi', 'integer');
    await f('huom', 'text');
    await f('maksettu', 'checkbox');
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    await admin.post('/api/1/groups/new', { name: 'soittajat', label: 'Soittajat' });
    for (let i = 1; i <= N; i++) {
      const r = await admin.post('/api/1/members/new', { firstname: 'Nimi', lastname: `Rivi${String(i).padStart(2, '0')}`, email: `rivi${i}@example.fi` });
      expect(r.status).toBe(200);
      ids.push(r.body.id);
    }
    // Reverse order, one field or group at a time: rows of different members interleave in storage.
    for (let i = N; i >= 1; i--) if (i % 2 === 0) await admin.post(`/api/1/members/${ids[i - 1]}`, { vuosi: 2000 + i });
    for (let i = N; i >= 1; i--) if (i % 3 === 0) await admin.post(`/api/1/members/${ids[i - 1]}`, { huom: `huom ${i}`, kuoro: true });
    for (let i = 1; i <= N; i++) if (i % 4 === 1) await admin.post(`/api/1/members/${ids[i - 1]}`, { maksettu: true, soittajat: true });
  });

  const expected = (i: number) => ({
    id: ids[i - 1],
    firstname: 'Nimi',
    lastname: `Rivi${String(i).padStart(2, '0')}`,
    fullname_: `Nimi Rivi${String(i).padStart(2, '0')}`,
    email: `rivi${i}@example.fi`,
    vuosi: i % 2 === 0 ? 2000 + i : null,
    huom: i % 3 === 0 ? `huom ${i}` : null,
    maksettu: i % 4 === 1,
    kuoro: i % 3 === 0,
    soittajat: i % 4 === 1,
  });
  const body = { filter: [{ field: 'lastname', verb: 'starts', value: 'rivi' }], columns: ['email', 'vuosi', 'huom', 'maksettu', 'kuoro', 'soittajat'] };

  it('gives every member its own values and groups', async () => {
    const r = await admin.post('/api/1/members/get_results', body);
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual(Array.from({ length: N }, (_, k) => expected(k + 1)));
    expect(r.body.stats.result_count).toBe(N);
  });

  it('does the same for a chunk from an offset', async () => {
    const r = await admin.post('/api/1/members/get_results', { ...body, offset: 5, limit: 4 });
    expect(r.body.results).toEqual([6, 7, 8, 9].map(expected));
  });
  it('serves "everyone" (page_size 100 000) in the requested order, read in chunks', async () => {
    const r = await admin.post('/api/1/members/get_results', { ...body, page_size: 100000, sort: { field: 'vuosi', dir: 'desc' } });
    expect(r.status).toBe(200);
    // Numbers high to low, then the empty ones by name.
    const order = [12, 10, 8, 6, 4, 2, 1, 3, 5, 7, 9, 11];
    expect(r.body.results).toEqual(order.map(expected));
    expect(r.body.stats.result_count).toBe(N);
  });
});

describe(`get_results "everyone" across row chunks (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();
  beforeAll(async () => {
    await seed(t.deps.db, a.tenant.id, 1300, 7, { fields: true, groups: 3 });
  });

  it('gives the same rows as pages of 1 000, in the same order', async () => {
    const body = { sort: { field: 'jasenlaji', dir: 'asc' }, columns: ['email', 'jasenlaji', 'liittymisvuosi', 'ryhma_1', 'ryhma_2'] };
    const all = await admin.post('/api/1/members/get_results', { ...body, page_size: 100000 });
    const first = await admin.post('/api/1/members/get_results', { ...body, offset: 0, limit: 1000 });
    const rest = await admin.post('/api/1/members/get_results', { ...body, offset: 1000, limit: 1000 });
    expect(all.body.results).toHaveLength(1301);
    expect(all.body.results).toEqual([...first.body.results, ...rest.body.results]);
    expect(all.body.stats.result_count).toBe(1301);
  });
});

describe(`get_results "everyone" by name, read in keyset pieces (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();
  const saved = { ...LIST_CHUNKS };
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = a.tenant;
    // Seeded names repeat, so pieces also end inside a run of equal names.
    await seed(t.deps.db, a.tenant.id, 1300, 11);
    Object.assign(LIST_CHUNKS, { ids: 97, rows: 50, rowsPostgres: 50 });
  });
  afterAll(() => {
    Object.assign(LIST_CHUNKS, saved);
  });

  it.each([
    ['lastname', 'asc'],
    ['lastname', 'desc'],
    ['firstname', 'asc'],
    ['fullname_', 'desc'],
  ])('sorted by %s %s, gives the rows of pages of 1 000 in the same order', async (field, dir) => {
    const body = { sort: { field, dir }, columns: ['email'] };
    const all = await admin.post('/api/1/members/get_results', { ...body, page_size: 100000 });
    const first = await admin.post('/api/1/members/get_results', { ...body, offset: 0, limit: 1000 });
    const rest = await admin.post('/api/1/members/get_results', { ...body, offset: 1000, limit: 1000 });
    expect(all.body.results).toHaveLength(1301);
    expect(all.body.results.map((r: { id: number }) => r.id)).toEqual([...first.body.results, ...rest.body.results].map((r: { id: number }) => r.id));
  });

  it('sends a long page as a stream of pieces, a short one in one go, both as JSON', async () => {
    const body = { sort: { field: 'lastname', dir: 'asc' }, columns: ['email'] };
    const long = await admin.post('/api/1/members/get_results', { ...body, page_size: 100000 });
    expect(long.headers['content-type']).toBe('application/json; charset=utf-8');
    // A stream has no length up front; the text is the JSON.stringify of the reply (json-pieces.test.ts).
    expect(long.headers['content-length']).toBeUndefined();
    expect(long.body.stats).toEqual({ result_count: 1301, result_application_count: 0 });
    // With text columns, byte for byte what the whole page as one JSON.stringify would be (a stored number may differ in form: row-json.api.test.ts).
    await admin.get('/api/1/health');
    const cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const raw = await t.app.inject({ method: 'POST', url: '/api/1/members/get_results', payload: { ...body, page_size: 100000 }, headers: { host: admin.host, cookie, [CSRF_HEADER]: admin.jar.get(CSRF_COOKIE)! } });
    const whole = await getResults(t.deps, tenant, { filter: [], deleted: false, pending: false, sort: { field: 'lastname', dir: 'asc' }, offset: 0, limit: 100000, columns: ['email'] });
    expect(raw.body).toBe(JSON.stringify(whole));
    const short = await admin.post('/api/1/members/get_results', { ...body, page_size: 100 });
    expect(short.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(short.headers['content-length'])).toBeGreaterThan(0);
  });
});
