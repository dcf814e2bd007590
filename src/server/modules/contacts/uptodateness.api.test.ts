import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories';
import { makeTenant } from '../../test/harness';
import { recordOutcome } from './repo';
import type { Member } from '../../db/schema';

// Up-to-dateness from the outcomes messaging recorded (contact_states): in the member
// reply, list rows (short pages and the streamed page of everyone) and as filter fields.

describe(`up-to-dateness from recorded outcomes (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const at = '2026-03-05T12:05:00.000Z';
  let bounced: Member;
  let moved: Member;
  let foreign: Member;
  let confirmed: Member;
  let plain: Member;

  beforeAll(async () => {
    const tid = tenant.tenant.id;
    const db = t.deps.db;
    bounced = await makeMember(t.deps, tenant, { lastname: 'Ajan1', email: 'pomppu@example.fi', phone: '+358401110001' });
    moved = await makeMember(t.deps, tenant, { lastname: 'Ajan2', email: 'uusi@example.fi', phone: '+358401110002' });
    foreign = await makeMember(t.deps, tenant, { lastname: 'Ajan3', email: null, phone: '+46701234567' });
    confirmed = await makeMember(t.deps, tenant, { lastname: 'Ajan4', email: 'vahva@example.fi', phone: null });
    plain = await makeMember(t.deps, tenant, { lastname: 'Ajan5', email: 'tavallinen@example.fi', phone: '+358401110005' });
    await recordOutcome(db, tid, { member_id: bounced.id, medium: 'email', address: 'pomppu@example.fi', outcome: 'bounced', at });
    await recordOutcome(db, tid, { member_id: bounced.id, medium: 'sms', address: '+358401110001', outcome: 'sent', at });
    // About the member's previous address and number: no longer counts.
    await recordOutcome(db, tid, { member_id: moved.id, medium: 'email', address: 'vanha@example.fi', outcome: 'bounced', at });
    await recordOutcome(db, tid, { member_id: moved.id, medium: 'sms', address: '+358401119999', outcome: 'bounced', at });
    // A foreign number stays unsupported whatever was recorded.
    await recordOutcome(db, tid, { member_id: foreign.id, medium: 'sms', address: '+46701234567', outcome: 'sent', at });
    // Addresses compare without case.
    await recordOutcome(db, tid, { member_id: confirmed.id, medium: 'email', address: 'Vahva@Example.FI', outcome: 'confirmed', at });
    // Another association's row about this member must not count here (every lookup is tenant-scoped).
    const other = await makeTenant(t.deps, 'Toinen ry');
    await recordOutcome(db, other.tenant.id, { member_id: plain.id, medium: 'email', address: 'tavallinen@example.fi', outcome: 'bounced', at });
  });

  it('gives the recorded state, its time and address in the member reply', async () => {
    const r = await admin.get(`/api/1/members/${String(bounced.id)}`);
    expect(r.status).toBe(200);
    expect(r.body.uptodate_).toEqual({ email: 'bounced', email_at: at, email_address: 'pomppu@example.fi', sms: 'sent', sms_at: at, sms_address: '+358401110001' });
    expect((await admin.get(`/api/1/members/${String(moved.id)}`)).body.uptodate_).toEqual({ email: 'unused', sms: 'unused' });
    expect((await admin.get(`/api/1/members/${String(foreign.id)}`)).body.uptodate_).toEqual({ email: 'missing', sms: 'unsupported' });
    expect((await admin.get(`/api/1/members/${String(confirmed.id)}`)).body.uptodate_).toMatchObject({ email: 'confirmed', sms: 'missing' });
    expect((await admin.get(`/api/1/members/${String(plain.id)}`)).body.uptodate_).toEqual({ email: 'unused', sms: 'unused' });
  });

  it('starts from unused again when the address changes', async () => {
    const other = await makeMember(t.deps, tenant, { lastname: 'Ajan6', email: 'vaihtuva@example.fi' });
    await recordOutcome(t.deps.db, tenant.tenant.id, { member_id: other.id, medium: 'email', address: 'vaihtuva@example.fi', outcome: 'bounced', at });
    expect((await admin.get(`/api/1/members/${String(other.id)}`)).body.uptodate_).toMatchObject({ email: 'bounced' });
    const saved = await admin.post(`/api/1/members/${String(other.id)}`, { email: 'korjattu@example.fi' });
    expect(saved.status).toBe(200);
    expect(saved.body.uptodate_).toMatchObject({ email: 'unused' });
    await admin.delete(`/api/1/members/${String(other.id)}`);
  });

  const names = { field: 'lastname', verb: 'starts', value: 'Ajan' };
  const expected = () => [
    { id: bounced.id, uptodate_email: 'bounced', uptodate_sms: 'sent' },
    { id: moved.id, uptodate_email: 'unused', uptodate_sms: 'unused' },
    { id: foreign.id, uptodate_email: 'missing', uptodate_sms: 'unsupported' },
    { id: confirmed.id, uptodate_email: 'confirmed', uptodate_sms: 'missing' },
    { id: plain.id, uptodate_email: 'unused', uptodate_sms: 'unused' },
  ];

  it('shows both media as list columns, on a short page and on the streamed page of everyone', async () => {
    for (const page_size of [20, 100_000]) {
      const r = await admin.post('/api/1/members/get_results', { filter: [names], page_size, columns: ['uptodate_email', 'uptodate_sms', 'uptodate_'] });
      expect(r.status, String(page_size)).toBe(200);
      expect(r.body.results, String(page_size)).toMatchObject(expected());
      expect(r.body.results[0].uptodate_, String(page_size)).toMatchObject({ email: 'bounced', email_at: at });
    }
    // Columns not asked for are not in the rows.
    const plainPage = await admin.post('/api/1/members/get_results', { filter: [names], columns: ['email'] });
    expect(plainPage.body.results[0]).not.toHaveProperty('uptodate_email');
  });

  const idsWhere = async (field: string, verb: string, value: string): Promise<number[]> => {
    const r = await admin.post('/api/1/members/get_results', { filter: [names, { field, verb, value }], columns: [] });
    expect(r.status).toBe(200);
    return (r.body.results as { id: number }[]).map((m) => m.id);
  };

  it('filters by email up-to-dateness, the same as the reply says', async () => {
    for (const state of ['unused', 'sent', 'confirmed', 'bounced', 'missing', 'unsupported']) {
      const want = expected().filter((e) => e.uptodate_email === state).map((e) => e.id);
      expect(await idsWhere('uptodate_email', 'eq', state), state).toEqual(want);
      const rest = expected().filter((e) => e.uptodate_email !== state).map((e) => e.id);
      expect(await idsWhere('uptodate_email', 'neq', state), `not ${state}`).toEqual(rest);
    }
  });

  it('filters by SMS up-to-dateness: unsupported is a phone that is not a Finnish mobile', async () => {
    for (const state of ['unused', 'sent', 'confirmed', 'bounced', 'missing', 'unsupported']) {
      const want = expected().filter((e) => e.uptodate_sms === state).map((e) => e.id);
      expect(await idsWhere('uptodate_sms', 'eq', state), state).toEqual(want);
    }
    const stats = await admin.post('/api/1/members/get_stats', { filter: [names, { field: 'uptodate_sms', verb: 'eq', value: 'unused' }] });
    expect(stats.body.stats.result_count).toBe(2);
  });

  it('sorts the list by a medium in the order unused, sent, confirmed, bounced, missing, unsupported', async () => {
    const sorted = async (field: string, dir: 'asc' | 'desc') =>
      ((await admin.post('/api/1/members/get_results', { filter: [names], sort: { field, dir }, columns: [field] })).body.results as { id: number }[]).map((m) => m.id);
    // Ties A–Ö by name (Ajan2 before Ajan5).
    expect(await sorted('uptodate_email', 'asc')).toEqual([moved.id, plain.id, confirmed.id, bounced.id, foreign.id]);
    expect(await sorted('uptodate_sms', 'desc')).toEqual([foreign.id, confirmed.id, bounced.id, moved.id, plain.id]);
  });

  it('ignores a condition with an unknown state, like other unusable conditions', async () => {
    expect(await idsWhere('uptodate_email', 'eq', 'kadonnut')).toHaveLength(5);
  });
});
