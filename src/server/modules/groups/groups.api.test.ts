import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSmtp, type SmtpCapture } from '../../test/smtp';
import { adminClient, memberClient, makeTenant, testApp, testDialect, type Client, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import { createMailer } from '../mail/mailer';
import { makeMember } from '../../test/factories';

describe(`groups API (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let smtp: SmtpCapture;
  let mails: SmtpCapture['mails'];

  beforeAll(async () => {
    smtp = await captureSmtp();
    mails = smtp.mails;
    t = await testApp({ mailer: createMailer({ smtpUrl: smtp.url, dataDir: '/tmp' }) });
    a = await makeTenant(t.deps);
    admin = await adminClient(t, a);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const addMembers = async (n: number, groupId: number | null, board = false) => {
    for (let i = 0; i < n; i++) {
      const m = await makeMember(t.deps, a, { firstname: 'G', lastname: String(i), email: null, board: board ? 1 : 0 });
      if (groupId) await t.deps.db.insertInto('member_groups').values({ tenant_id: a.tenant.id, group_id: groupId, member_id: m.id }).execute();
    }
  };

  it('has the built-in everyone and board groups, everyone only on request', async () => {
    const plain = await admin.get('/api/1/groups/all');
    expect(plain.body.map((g: { name: string }) => g.name)).toEqual(['board']);
    const all = await admin.get('/api/1/groups/all?get_details=1&get_everyone_group=1');
    expect(all.body).toEqual([
      expect.objectContaining({ name: 'everyone', builtin: 'everyone', member_count: 1, allowed_senders: 'admins_and_board' }),
      expect.objectContaining({ name: 'board', builtin: 'board', member_count: 1 }),
    ]);
  });

  it('creates, renames and counts a group', async () => {
    const r = await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro', email: 'Kuoro@Example.fi' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'kuoro', label: 'Kuoro', email: 'kuoro@example.fi', allowed_senders: 'GroupMembers', member_count: 0 });
    await addMembers(3, r.body.id);
    const renamed = await admin.post(`/api/1/groups/${r.body.id}`, { name: 'sekakuoro', label: 'Sekakuoro', allowed_senders: 'admins_and_board' });
    expect(renamed.body).toMatchObject({ name: 'sekakuoro', label: 'Sekakuoro', email: null, allowed_senders: 'admins_and_board', member_count: 3 });
    const log = await t.deps.db.selectFrom('activity_log').select('data').where('tenant_id', '=', a.tenant.id).where('event', '=', 'group_updated').execute();
    expect(JSON.parse(log.at(-1)!.data)).toEqual([
      { field: 'name', old: 'kuoro', new: 'sekakuoro' },
      { field: 'label', old: 'Kuoro', new: 'Sekakuoro' },
      { field: 'email', old: 'kuoro@example.fi', new: null },
      { field: 'allowed_senders', old: 'GroupMembers', new: 'admins_and_board' },
    ]);
  });

  it('validates names, labels and emails', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '_x', label: 'X' }, { name: ['fields_name_underscore'] }],
      [{ name: 'board', label: 'X' }, { name: ['groups_duplicate_name'] }],
      [{ name: 'sekakuoro', label: 'X' }, { name: ['groups_duplicate_name'] }],
      [{ name: 'firstname', label: 'X' }, { name: ['groups_duplicate_name'] }],
      [{ name: 'ok', label: '' }, { label: ['_validation_field_required'] }],
      [{ name: 'ok', label: 'X', email: 'ei-osoite' }, { email: ['_validation_invalid_email'] }],
      [{ name: 'ok', label: 'X', allowed_senders: 'kaikki' }, { allowed_senders: ['_validation_invalid_choice'] }],
    ];
    for (const [body, errors] of cases) {
      const r = await admin.post('/api/1/groups/new', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors, JSON.stringify(body)).toEqual(errors);
    }
  });

  it('refuses to rename or delete built-in groups', async () => {
    const board = (await admin.get('/api/1/groups/all')).body.find((g: { name: string }) => g.name === 'board');
    const rename = await admin.post(`/api/1/groups/${board.id}`, { name: 'johtokunta', label: 'Johtokunta' });
    expect(rename.body.errors).toEqual({ name: ['groups_builtin_cannot_rename'] });
    const relabel = await admin.post(`/api/1/groups/${board.id}`, { name: 'board', label: 'Johtokunta' });
    expect(relabel.body.label).toBe('Johtokunta');
    const del = await admin.delete(`/api/1/groups/${board.id}`);
    expect(del.body.errors).toEqual({ general: ['groups_builtin_cannot_delete'] });
  });

  it('asks for confirmation before deleting a group with members, and logs who was in it', async () => {
    const g = (await admin.post('/api/1/groups/new', { name: 'nuoret', label: 'Nuoret' })).body;
    await addMembers(2, g.id);
    const ask = await admin.delete(`/api/1/groups/${g.id}`);
    expect(ask.body).toEqual({ errors: { general: ['groups_delete_confirm'] }, params: { count: 2 } });
    expect((await admin.delete(`/api/1/groups/${g.id}?confirmed=true`)).status).toBe(200);
    expect((await admin.get(`/api/1/groups/${g.id}`)).status).toBe(404);
    const left = await t.deps.db.selectFrom('member_groups').selectAll().where('group_id', '=', g.id).execute();
    expect(left).toEqual([]);
    const log = await t.deps.db.selectFrom('activity_log').select('data').where('event', '=', 'group_deleted').execute();
    expect(JSON.parse(log.at(-1)!.data)[1].old).toHaveLength(2);
    const empty = (await admin.post('/api/1/groups/new', { name: 'tyhja', label: 'Tyhjä' })).body;
    expect((await admin.delete(`/api/1/groups/${empty.id}`)).status).toBe(200);
  });

  it('reorders groups', async () => {
    const all = (await admin.get('/api/1/groups/all?get_everyone_group=1')).body as { id: number }[];
    const order = all.map((g) => g.id).reverse();
    const r = await admin.post('/api/1/groups/reorder', { order });
    expect(r.body.map((g: { id: number }) => g.id)).toEqual(order);
  });

  it('counts board members in the board group', async () => {
    await addMembers(2, null, true);
    const board = (await admin.get('/api/1/groups/all?get_details=1')).body.find((g: { name: string }) => g.name === 'board');
    expect(board.member_count).toBe(3);
  });

  it('keeps its counts only until members or their groups change (a count kept per list version)', async () => {
    const group = (await admin.post('/api/1/groups/new', { name: 'soittajat', label: 'Soittajat' })).body as { id: number };
    const countOf = async (name: string) =>
      ((await admin.get('/api/1/groups/all?get_details=1&get_everyone_group=1')).body as { name: string; member_count: number }[]).find((g) => g.name === name)!.member_count;
    expect(await countOf('soittajat')).toBe(0);
    const everyone = await countOf('everyone');
    expect(await countOf('soittajat')).toBe(0); // asked again, from the kept counts
    await addMembers(2, group.id);
    expect(await countOf('soittajat')).toBe(2);
    expect(await countOf('everyone')).toBe(everyone + 2);
    // Removed through the API: out of the counts at once, and one group's own count agrees.
    const ids = await t.deps.db.selectFrom('member_groups').select('member_id').where('tenant_id', '=', a.tenant.id).where('group_id', '=', group.id).execute();
    expect((await admin.delete(`/api/1/members/${ids[0]!.member_id}`)).status).toBe(200);
    expect(await countOf('soittajat')).toBe(1);
    expect((await admin.get(`/api/1/groups/${group.id}`)).body.member_count).toBe(1);
    expect(await countOf('everyone')).toBe(everyone + 1);
  });

  it('emails the site admins when a member asks for group mail access', async () => {
    const c = await memberClient(t, a);
    const r = await c.post('/api/1/groups/request_group_mail_access', { email: 'Sihteeri@Kuoro.fi' });
    expect(r.status).toBe(200);
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0]!.to).toEqual([a.admin.email]);
    expect(mails[0]!.raw).toContain('sihteeri@kuoro.fi');
    const bad = await c.post('/api/1/groups/request_group_mail_access', { email: '' });
    expect(bad.body.errors).toEqual({ email: ['_validation_field_required'] });
  });

  it('lets only site admins change groups', async () => {
    const g = (await admin.post('/api/1/groups/new', { name: 'soittajat', label: 'Soittajat' })).body;
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await c.get('/api/1/groups/all')).status).toBe(200);
      expect((await c.post('/api/1/groups/new', { name: 'x', label: 'X' })).status).toBe(403);
      expect((await c.get(`/api/1/groups/${g.id}`)).status).toBe(403);
      expect((await c.post(`/api/1/groups/${g.id}`, { name: 'x', label: 'X' })).status).toBe(403);
      expect((await c.delete(`/api/1/groups/${g.id}`)).status).toBe(403);
      expect((await c.post('/api/1/groups/reorder', { order: [g.id] })).status).toBe(403);
    }
  });
});
