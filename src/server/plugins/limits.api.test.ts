import { describe, expect, it } from 'vitest';
import { adminClient, makeTenant, memberClient, testDialect, Client, type Reply } from '../test/harness';
import { adminContext } from '../test/adminContext';
import { countSince, recordAt } from '../db/rateCounts';
import { iso } from '../lib/clock';
import { uploadFile } from '../test/factories/upload';
import {
  APPLY_MAX_PER_ASSOCIATION,
  FILTER_MAX_CONDITIONS,
  FILTER_VALUE_MAX_CHARS,
  GROUP_MAIL_REQUESTS_MAX_PER_ASSOCIATION,
  GROUP_MAIL_REQUESTS_MAX_PER_MEMBER,
  PERSISTENT_DATA_MAX_KEYS,
  RATE_RETENTION_MS,
  UPLOADS_MAX_PER_MEMBER,
} from '../../shared/constants';

// Resource limits: one association must never stall the others.

const cond = (i: number) => ({ field: 'lastname', verb: 'contains', value: `x${i}` });

const upload = (c: Client, name: string, bytes: Buffer): Promise<Reply> => uploadFile(c, name, bytes, 'text/csv');

describe(`resource limits (${testDialect})`, () => {
  const { t, tenant: a, admin } = adminContext();

  it('refuses a filter of more than 50 conditions, OR-groups and their conditions counted, on every call that takes one', async () => {
    const ok = Array.from({ length: FILTER_MAX_CONDITIONS }, (_, i) => cond(i));
    expect((await admin.post('/api/1/members/get_results', { filter: ok })).status).toBe(200);
    const flat = [...ok, cond(99)];
    // 30 plain + one OR-group of 20 = 51
    const grouped = [...ok.slice(0, 30), { field: 'FILTER_OR', verb: 'or', value: ok.slice(0, 20) }];
    for (const filter of [flat, grouped]) {
      for (const [url, body] of [
        ['/api/1/members/get_results', { filter }],
        ['/api/1/members/get_stats', { filter }],
        ['/api/1/members/bulkupdate', { filter, data: { lastname: 'X' } }],
        ['/api/1/members/bulkremove', { filter }],
        ['/api/1/members/export_token', { filter, columns: ['email'], format: 'csv' }],
        ['/api/1/saved_filters/new', { name: 'Iso', filter }],
      ] as const) {
        const r = await admin.post(url, body);
        expect(r.status, url).toBe(400);
        expect(r.body.errors.filter, url).toEqual(['filter_too_many_conditions']);
      }
    }
  });

  it('refuses a condition value longer than 500 characters and a filter nested too deep', async () => {
    const long = [{ field: 'lastname', verb: 'contains', value: 'a'.repeat(FILTER_VALUE_MAX_CHARS + 1) }];
    const r = await admin.post('/api/1/members/get_results', { filter: long });
    expect(r.status).toBe(400);
    expect(r.body.errors.filter).toEqual(['filter_value_too_long']);
    const fine = [{ field: 'lastname', verb: 'contains', value: 'a'.repeat(FILTER_VALUE_MAX_CHARS) }];
    expect((await admin.post('/api/1/members/get_stats', { filter: fine })).status).toBe(200);
    let deep: unknown = [cond(1)];
    for (let i = 0; i < 4; i++) deep = [{ field: 'FILTER_OR', verb: 'or', value: deep }];
    const d = await admin.post('/api/1/members/get_stats', { filter: deep });
    expect(d.status).toBe(400);
    expect(d.body.errors.filter).toEqual(['filter_too_deep']);
  });

  it('get_results takes only the allowed page sizes and bounded limit/offset/page', async () => {
    for (const page_size of [20, 50, 100, 100000]) expect((await admin.post('/api/1/members/get_results', { page_size })).status).toBe(200);
    for (const body of [{ page_size: 30 }, { page_size: 1_000_000 }, { limit: 5000 }, { offset: 1e12 }, { page: 1e9, page_size: 100000 }]) {
      const r = await admin.post('/api/1/members/get_results', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    // The web's "everyone" chunks (offset + limit 100) keep working.
    expect((await admin.post('/api/1/members/get_results', { page_size: 100000, offset: 100, limit: 100 })).status).toBe(200);
  });

  it('set_persistent_data keeps at most 100 keys per member; existing keys may still change', async () => {
    const c = await memberClient(t, a);
    for (let i = 0; i < PERSISTENT_DATA_MAX_KEYS; i++) expect((await c.post('/api/1/session/set_persistent_data', { key: `k${i}`, val: i })).status).toBe(200);
    const over = await c.post('/api/1/session/set_persistent_data', { key: 'yksi_liikaa', val: 1 });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ key: ['persistent_data_too_many_keys'] });
    expect((await c.post('/api/1/session/set_persistent_data', { key: 'k1', val: 'uusi' })).status).toBe(200);
    expect((await c.post('/api/1/session/set_persistent_data', { key: 'x'.repeat(10), val: 'a'.repeat(20_000) })).status).toBe(400);
  });

  it('answers very deep or huge JSON bodies with 400, never 500', async () => {
    const depth = 100_000;
    const deep = '{"filter":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
    for (const url of ['/api/1/members/get_results', '/api/1/session/set_persistent_data', '/api/1/members/new']) {
      const r = await admin.request('POST', url, deep, { 'content-type': 'application/json' });
      expect(r.status, url).toBe(400);
    }
    const objDeep = '{"key":"a","val":' + '{"a":'.repeat(5000) + '1' + '}'.repeat(5000) + '}';
    expect((await admin.request('POST', '/api/1/session/set_persistent_data', objDeep, { 'content-type': 'application/json' })).status).toBe(400);
    const huge = JSON.stringify({ filter: [{ field: 'lastname', verb: 'contains', value: 'a'.repeat(3 * 1024 * 1024) }] });
    const h = await admin.request('POST', '/api/1/members/get_results', huge, { 'content-type': 'application/json' });
    expect(h.status).toBe(400);
  });

  it('limits group-mail access requests per member and per association (429)', async () => {
    const c = await memberClient(t, a);
    for (let i = 0; i < GROUP_MAIL_REQUESTS_MAX_PER_MEMBER; i++) {
      expect((await c.post('/api/1/groups/request_group_mail_access', { email: `r${i}@kuoro.fi` })).status).toBe(200);
    }
    const r = await c.post('/api/1/groups/request_group_mail_access', { email: 'lisaa@kuoro.fi' });
    expect(r.status).toBe(429);
    expect(r.body.errors.general).toEqual(['groups_mail_access_rate_limited']);
    // Others in the association share its hourly budget.
    let refused = 0;
    for (let i = 0; i < GROUP_MAIL_REQUESTS_MAX_PER_ASSOCIATION; i++) {
      const other = await memberClient(t, a);
      if ((await other.post('/api/1/groups/request_group_mail_access', { email: 'x@kuoro.fi' })).status === 429) refused += 1;
    }
    expect(refused).toBe(GROUP_MAIL_REQUESTS_MAX_PER_MEMBER);
    // An hour later the member may ask again.
    t.clock.advance(61 * 60 * 1000);
    expect((await c.post('/api/1/groups/request_group_mail_access', { email: 'uusi@kuoro.fi' })).status).toBe(200);
  });

  it('does not let parallel requests pass a rate limit together', async () => {
    const b = await makeTenant(t.deps, 'Kilpaseura ry');
    const racer = await memberClient(t, b);
    const replies = await Promise.all(Array.from({ length: 12 }, () => racer.post('/api/1/groups/request_group_mail_access', { email: 'kilpa@kuoro.fi' })));
    const ok = replies.filter((x) => x.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThanOrEqual(GROUP_MAIL_REQUESTS_MAX_PER_MEMBER);
    expect(replies.filter((x) => x.status === 429).length).toBe(12 - ok);
  });

  it('limits public applications per association per hour, whatever the address', async () => {
    const b = await makeTenant(t.deps, 'Hakemusseura ry');
    const form = (i: number) => ({ firstname: 'Hakija', lastname: `N${i}`, email: `hakija${i}@x.fi`, hp_website: '', form_started_at: t.clock.now().getTime() - 60_000 });
    for (let i = 0; i < APPLY_MAX_PER_ASSOCIATION; i++) {
      const v = new Client(t.app, b.tenant.hostname!, { ip: `10.99.${Math.floor(i / 250)}.${i % 250}`, csrf: false });
      expect((await v.post('/api/1/members/apply', form(i))).status).toBe(200);
    }
    const v = new Client(t.app, b.tenant.hostname!, { ip: '10.98.0.1', csrf: false });
    const r = await v.post('/api/1/members/apply', form(999));
    expect(r.status).toBe(429);
    expect(r.body.errors.general).toEqual(['members_apply_rate_limited']);
    // Another association is not affected.
    const other = new Client(t.app, a.tenant.hostname!, { ip: '10.98.0.1', csrf: false });
    expect((await other.post('/api/1/members/apply', form(1000))).status).toBe(200);
  });

  it('limits importer uploads per admin per hour', async () => {
    const c = await adminClient(t, await makeTenant(t.deps, 'Tuontiseura ry'));
    const csv = Buffer.from('Etunimi;Sukunimi\nMaija;Meikäläinen\n');
    for (let i = 0; i < UPLOADS_MAX_PER_MEMBER; i++) expect((await upload(c, 'a.csv', csv)).status).toBe(200);
    const r = await upload(c, 'a.csv', csv);
    expect(r.status).toBe(429);
    expect(r.body.errors.general).toEqual(['importer_upload_rate_limited']);
  });

  it('prunes rate-limit rows older than the longest window when new ones are written', async () => {
    const old = iso(new Date(t.clock.now().getTime() - 2 * RATE_RETENTION_MS));
    await recordAt(t.deps.db, 'rate_events', a.tenant.id, 'apply', '10.5.5.5', old);
    await recordAt(t.deps.db, 'login_failures', a.tenant.id, 'ip', '10.5.5.5', old);
    t.clock.advance(RATE_RETENTION_MS + 60 * 60 * 1000);
    const v = new Client(t.app, a.tenant.hostname!, { ip: '10.5.5.6', csrf: false });
    expect((await v.post('/api/1/members/apply', { firstname: 'P', lastname: 'Q', email: 'pq@x.fi', hp_website: 'bot' })).status).toBe(200);
    const epoch = '1970-01-01T00:00:00.000Z';
    expect(await countSince(t.deps.db, 'rate_events', a.tenant.id, 'apply', '10.5.5.5', epoch)).toBe(0);
    expect(await countSince(t.deps.db, 'login_failures', a.tenant.id, 'ip', '10.5.5.5', epoch)).toBe(0);
  });
});
