import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, memberClient, makeTenant, testApp, testDialect, type Client, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import * as settingsRepo from './repo';

describe(`settings API (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let admin: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    admin = await adminClient(t, a);
  });
  afterAll(() => t.close());

  const org = (over: Record<string, unknown> = {}) => ({ scope_: 'organisation', name_: 'Alfa ry', ...over });

  it('returns defaults with the computed missing flags', async () => {
    const r = await admin.get('/api/1/settings');
    expect(r.body).toMatchObject({
      name_: 'Alfa ry',
      bank_account: '',
      business_id: '',
      vat_obliged: false,
      porg_enabled: false,
      vat_id_missing_: true,
      email_missing_: true,
      eclaim_enabled: false,
      disable_: {},
    });
  });

  it('saves organisation settings, normalising IBAN and business id', async () => {
    const r = await admin.post('/api/1/settings/save', org({ reply_to_email: 'Hallitus@Alfa.fi', bank_account: 'fi2112345600000785', business_id: '112038-9', vat_obliged: true }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      reply_to_email: 'hallitus@alfa.fi',
      bank_account: 'FI21 1234 5600 0007 85',
      bic_: 'NDEAFIHH',
      business_id: '0112038-9',
      vat_id_: 'FI01120389',
      vat_obliged: true,
      vat_id_missing_: false,
      email_missing_: false,
    });
    expect((await admin.get('/api/1/settings')).body.bank_account).toBe('FI21 1234 5600 0007 85');
  });

  it('renames the association everywhere', async () => {
    await admin.post('/api/1/settings/save', org({ name_: 'Alfa-kuoro ry', bank_account: 'FI21 1234 5600 0007 85', business_id: '0112038-9', reply_to_email: 'hallitus@alfa.fi', vat_obliged: true }));
    expect((await admin.get('/api/1/session/get')).body.customer_name).toBe('Alfa-kuoro ry');
  });

  it('gives each IBAN and business id problem its own key', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [org({ bank_account: 'FI21 1234 5600 0007' }), { bank_account: ['settings_iban_wrong_length'] }],
      [org({ bank_account: 'XX21 1234 5600 0007 85' }), { bank_account: ['settings_iban_unknown_country'] }],
      [org({ bank_account: 'FI22 1234 5600 0007 85' }), { bank_account: ['settings_iban_invalid_checksum'] }],
      [org({ business_id: '0112038-8' }), { business_id: ['settings_business_id_invalid'] }],
      [org({ name_: '' }), { name_: ['_validation_field_required'] }],
      [org({ reply_to_email: 'ei' }), { reply_to_email: ['_validation_invalid_email'] }],
      [{ scope_: 'kaikki' }, { scope_: ['_validation_invalid_choice'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await admin.post('/api/1/settings/save', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it("refuses a bank account another register uses, without saying whose", async () => {
    const asB = await adminClient(t, b);
    const r = await asB.post('/api/1/settings/save', { scope_: 'organisation', name_: 'Beeta ry', bank_account: 'FI2112345600000785' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { bank_account: ['settings_iban_in_use'] } });
    // Saving one's own account again is fine.
    const own = await admin.post('/api/1/settings/save', org({ name_: 'Alfa-kuoro ry', bank_account: 'FI2112345600000785', business_id: '0112038-9', reply_to_email: 'hallitus@alfa.fi', vat_obliged: true }));
    expect(own.status).toBe(200);
  });

  it('saves e-claim settings', async () => {
    const r = await admin.post('/api/1/settings/save', { scope_: 'eclaim', eclaim_enabled: true, eclaim_notify: true, eclaim_km_help: 'Kirjaa reitti.' });
    expect(r.body).toMatchObject({ eclaim_enabled: true, eclaim_notify: true, eclaim_km_help: 'Kirjaa reitti.', eclaim_per_diem_help: '' });
  });

  it('logs every settings change with old and new values', async () => {
    await admin.post('/api/1/settings/save', { scope_: 'eclaim', eclaim_enabled: false, eclaim_notify: true, eclaim_km_help: 'Kirjaa reitti.' });
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'settings_changed').orderBy('id').execute();
    expect(log.at(-1)!.context).toBe('eclaim');
    expect(JSON.parse(log.at(-1)!.data)).toEqual([{ field: 'eclaim_enabled', old: true, new: false }]);
    const first = JSON.parse(log[0]!.data) as { field: string; old: unknown; new: unknown }[];
    expect(first).toContainEqual({ field: 'bank_account', old: '', new: 'FI21 1234 5600 0007 85' });
  });

  it('shows guardian email fields only when porg is enabled', async () => {
    const names = async () => (await admin.get('/api/1/fields/all')).body.map((f: { name: string }) => f.name);
    expect(await names()).not.toContain('email_porg1');
    await admin.post('/api/1/settings/save', org({ name_: 'Alfa-kuoro ry', bank_account: 'FI2112345600000785', business_id: '0112038-9', reply_to_email: 'hallitus@alfa.fi', vat_obliged: true, porg_enabled: true }));
    expect(await names()).toEqual(expect.arrayContaining(['email_porg1', 'email_porg2']));
  });

  it('refuses changes to a disabled setting', async () => {
    await settingsRepo.set(t.deps.db, a.tenant.id, 'disable_', { bank_account: 'Tilinumero tulee liiton rekisteristä.' });
    const r = await admin.post('/api/1/settings/save', org({ name_: 'Alfa-kuoro ry', bank_account: 'FI37 1590 3000 0007 76', business_id: '0112038-9', reply_to_email: 'hallitus@alfa.fi', vat_obliged: true, porg_enabled: true }));
    expect(r.body).toEqual({ errors: { bank_account: ['settings_field_disabled'] } });
    expect((await admin.get('/api/1/settings')).body.disable_).toEqual({ bank_account: 'Tilinumero tulee liiton rekisteristä.' });
  });

  it('lets members read settings but only site admins save', async () => {
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await c.get('/api/1/settings')).status).toBe(200);
      expect((await c.post('/api/1/settings/save', { scope_: 'eclaim', eclaim_enabled: true })).status).toBe(403);
    }
  });
});
