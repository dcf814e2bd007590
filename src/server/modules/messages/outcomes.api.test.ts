import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { recordOutcome } from '../contacts/repo';
import { addressOf } from './dispatch';
import { withOutcomes } from './outcomes';
import { recipients } from './recipients-repo';
import { loadModel } from '../members/model';

describe(`recipients and their recorded outcomes (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it('counts an outcome only for the current address, read by id or by one scan alike, and never across associations', async () => {
    const a = await makeTenant(t.deps, 'Alfa ry');
    const b = await makeTenant(t.deps, 'Beeta ry');
    const at = '2026-01-01T00:00:00.000Z';
    const same = await makeMember(t.deps, a, { lastname: 'Sama', email: 'sama@example.fi', phone: '+358401000001' });
    const moved = await makeMember(t.deps, a, { lastname: 'Muuttanut', email: 'uusi@example.fi', phone: '+358401000002' });
    const none = await makeMember(t.deps, a, { lastname: 'Ei', email: 'ei@example.fi', phone: null });
    const other = await makeMember(t.deps, b, { lastname: 'Beeta', email: 'beeta@example.fi' });
    await recordOutcome(t.deps.db, a.tenant.id, { member_id: same.id, medium: 'email', address: 'sama@example.fi', outcome: 'bounced', at });
    await recordOutcome(t.deps.db, a.tenant.id, { member_id: same.id, medium: 'sms', address: '+358401000001', outcome: 'sent', at });
    await recordOutcome(t.deps.db, a.tenant.id, { member_id: moved.id, medium: 'email', address: 'vanha@example.fi', outcome: 'bounced', at });
    await recordOutcome(t.deps.db, b.tenant.id, { member_id: other.id, medium: 'email', address: 'beeta@example.fi', outcome: 'bounced', at });

    const model = await loadModel(t.deps.db, a.tenant.id);
    const rows = () => recipients({ db: t.deps.db, dialect: t.deps.dialect, tenantId: a.tenant.id, model, filter: [], addrecips: [other.id] });
    const ids = (await rows()).map((r) => r.id);
    expect(ids).toContain(same.id);
    expect(ids).not.toContain(other.id);
    for (const byIdMax of [10_000, 0]) {
      const email = await withOutcomes(t.deps.db, a.tenant.id, await rows(), 'email', byIdMax);
      const last = (id: number) => email.find((r) => r.id === id)!.last_email ?? null;
      expect([last(same.id), last(moved.id), last(none.id)], `byIdMax ${byIdMax}`).toEqual(['bounced', null, null]);
      const sms = await withOutcomes(t.deps.db, a.tenant.id, await rows(), 'sms', byIdMax);
      expect(sms.find((r) => r.id === same.id)!.last_sms).toBe('sent');
      expect(sms.find((r) => r.id === same.id)!.last_email).toBeUndefined();
    }
  });

  it('writes each medium’s delivery address as sent: email lower-case, SMS E.164, letter lines', () => {
    const r = { id: 1, firstname: 'Matti', lastname: 'Meikäläinen', email: ' Matti@Example.FI ', phone: '+358401234567', address_street: 'Kotikatu 1 A 2', address_zip: '00100', address_city: 'Helsinki' };
    expect(addressOf(r, 'email')).toBe('matti@example.fi');
    expect(addressOf(r, 'sms')).toBe('+358401234567');
    expect(addressOf(r, 'letter')).toBe('Matti Meikäläinen\nKotikatu 1 A 2\n00100 Helsinki');
    expect(addressOf(r, 'pdf')).toBe(addressOf(r, 'letter'));
  });
});
