import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_PRICES } from '../../../shared/messages/prices';
import { adminClient, Client, memberClient, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';

// An ordinary member sees fields shown to members, groups without their mail
// addresses or sizes, and settings without the organisation's configuration. Admins keep all.
describe(`what ordinary members see (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let member: Client;
  let board: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    member = await memberClient(t, a);
    board = await memberClient(t, a, 'board');
    const field = (name: string, visibility: number) => admin.post('/api/1/fields/new', { name, label: name, type: 'text', visibility, on_apply_form: true });
    expect((await field('salainen', 0)).status).toBe(200);
    expect((await admin.post('/api/1/fields/new', { name: 'sisainen_otsikko', label: 'Sisäinen', type: 'heading', visibility: 0 })).status).toBe(200);
    expect((await field('nakyva', 1)).status).toBe(200);
    expect((await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro', email: 'kuoro@alfa.fi' })).status).toBe(200);
    const org = { scope_: 'organisation', name_: 'Alfa ry', reply_to_email: 'hallitus@alfa.fi', bank_account: 'FI21 1234 5600 0007 85', business_id: '0112038-9' };
    expect((await admin.post('/api/1/settings/save', org)).status).toBe(200);
  });
  afterAll(() => t.close());

  type F = Record<string, unknown> & { name: string };

  it('lists only fields with visibility ≥ 1 to a member, without the editor settings', async () => {
    for (const url of ['/api/1/fields/all', '/api/1/fields/all?all_headings=1']) {
      const fields = (await member.get(url)).body as F[];
      const names = fields.map((f) => f.name);
      expect(names).toContain('nakyva');
      expect(names).not.toContain('salainen');
      expect(names).not.toContain('sisainen_otsikko');
      expect(fields.find((f) => f.name === 'nakyva')!.group).toBeNull();
      for (const f of fields) {
        expect(f.visibility as number).toBeGreaterThanOrEqual(1);
        expect(f).not.toHaveProperty('visibility_options');
        expect(f).not.toHaveProperty('on_apply_form');
      }
    }
    const own = (await member.post('/api/1/updreqs/edit_me_s')).body as { fields: F[] };
    for (const f of own.fields) expect(f).not.toHaveProperty('on_apply_form');
  });

  it('lists every field to the board but no editor settings; everything to admins', async () => {
    const boardFields = (await board.get('/api/1/fields/all')).body as F[];
    expect(boardFields.map((f) => f.name)).toContain('salainen');
    for (const f of boardFields) expect(f).not.toHaveProperty('visibility_options');
    const adminFields = (await admin.get('/api/1/fields/all')).body as F[];
    expect(adminFields.find((f) => f.name === 'salainen')).toMatchObject({ visibility: 0, visibility_options: [0, 1, 2, 3], on_apply_form: true });
  });

  it('keeps the field editor settings off the public application form', async () => {
    const form = (await new Client(t.app, a.tenant.hostname!).get('/api/1/members/apply_form')).body as { fields: F[] };
    expect(form.fields.length).toBeGreaterThan(0);
    for (const f of form.fields) expect(f).not.toHaveProperty('visibility_options');
  });

  it('lists groups to a member without email addresses or member counts', async () => {
    for (const url of ['/api/1/groups/all', '/api/1/groups/all?get_details=1&get_everyone_group=1']) {
      const groups = (await member.get(url)).body as F[];
      expect(groups.map((g) => g.name)).toContain('kuoro');
      for (const g of groups) {
        expect(g).not.toHaveProperty('email');
        expect(g).not.toHaveProperty('member_count');
      }
    }
    const adminGroups = (await admin.get('/api/1/groups/all?get_details=1')).body as F[];
    expect(adminGroups.find((g) => g.name === 'kuoro')).toMatchObject({ email: 'kuoro@alfa.fi', member_count: 0 });
    const boardGroups = (await board.get('/api/1/groups/all?get_details=1')).body as F[];
    expect(boardGroups.find((g) => g.name === 'kuoro')).toMatchObject({ email: 'kuoro@alfa.fi', member_count: 0 });
  });

  it('gives members and the board the settings without bank, tax, mail or security configuration', async () => {
    for (const c of [member, board]) {
      const s = (await c.get('/api/1/settings')).body as Record<string, unknown>;
      expect(s).toMatchObject({ name_: 'Alfa ry', trust_status: 'OK', porg_enabled: false });
      for (const k of ['bank_account', 'bic_', 'business_id', 'vat_id_', 'vat_obliged', 'reply_to_email', 'email_missing_', 'vat_id_missing_', 'eclaim_notify', 'mfa_enabled_for', 'balance_']) {
        expect(s, k).not.toHaveProperty(k);
      }
    }
    expect((await admin.get('/api/1/settings')).body).toMatchObject({ bank_account: 'FI21 1234 5600 0007 85', reply_to_email: 'hallitus@alfa.fi', mfa_enabled_for: 'disabled', balance_: 0 });
  });

  it('gives site admins the message prices and SMS limits the composer prices with', async () => {
    const s = (await admin.get('/api/1/settings')).body as Record<string, unknown>;
    expect(s.prices_).toEqual(DEFAULT_MESSAGE_PRICES);
    expect(s.sms_).toEqual({ max_number_of_messages: 6, max_chars_per_message: 160 });
    for (const c of [member, board]) expect((await c.get('/api/1/settings')).body).not.toHaveProperty('prices_');
  });
});
