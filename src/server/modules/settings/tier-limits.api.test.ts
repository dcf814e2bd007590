import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { setTier } from '../tenants/tier';
import type { CreatedTenant } from '../tenants/service';

describe(`settings: the tier's limits (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
  });
  afterAll(() => t.close());

  it("carries the tier's limits for site admins, following a tier change", async () => {
    const admin = await adminClient(t, a);
    const free = await admin.get('/api/1/settings');
    expect(free.body.tier_limits_).toEqual({ tier: 'Free', message_discount_percent: 0, updreq_email_free: false, group_mail_max_members: 50, expense_claims_per_year: 10 });
    await setTier(t.deps, a.tenant.id, 'Premium');
    const premium = await admin.get('/api/1/settings');
    expect(premium.body.tier).toBe('Premium');
    expect(premium.body.tier_limits_).toEqual({ tier: 'Premium', message_discount_percent: 30, updreq_email_free: true, group_mail_max_members: 5000, expense_claims_per_year: null });
    // Members see the tier but not the operator's limits.
    const member = await memberClient(t, a);
    const mine = await member.get('/api/1/settings');
    expect(mine.body.tier).toBe('Premium');
    expect(mine.body.tier_limits_).toBeUndefined();
  });
});
