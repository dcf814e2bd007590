import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { iso } from '../../lib/clock';
import { HttpError } from '../../lib/errors';
import type { CreatedTenant } from '../tenants/service';
import { chargeFee, creditByOperator, currentBalance, InsufficientBalance } from './balance';
import * as ledger from './ledger-repo';
import { settingsGetReply, memberSettingsReply } from '../../../shared/schemas/settings';

describe(`balance ledger (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  const at = () => iso(t.clock.now());
  const fee = (cents: number, note = 'Viesti') => ({ cents, paymentId: null, note, authorId: null, at: at() });
  const rowCount = async (tenantId: number) => (await ledger.rowsOf(t.deps.db, tenantId, { limit: 1000, offset: 0 })).length;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
  });
  afterAll(() => t.close());

  it('is the sum of the rows, 0 with none; rows come newest first', async () => {
    const c = await makeTenant(t.deps, 'Gamma ry');
    expect(await currentBalance(t.deps.db, c.tenant.id)).toBe(0);
    await ledger.addRow(t.deps.db, c.tenant.id, { at: '2026-01-01T10:00:00.000Z', kind: 'purchase', amountCents: 5000 });
    await ledger.addRow(t.deps.db, c.tenant.id, { at: '2026-01-02T10:00:00.000Z', kind: 'referral', amountCents: 1000, freeCents: 1000 });
    await ledger.addRow(t.deps.db, c.tenant.id, { at: '2026-01-03T10:00:00.000Z', kind: 'fee', amountCents: -1234, paymentId: 'p1' });
    expect(await ledger.balanceOf(t.deps.db, c.tenant.id)).toBe(4766);
    const rows = await ledger.rowsOf(t.deps.db, c.tenant.id, { limit: 2, offset: 0 });
    expect(rows.map((r) => [r.kind, r.amount_cents, r.free_cents, r.payment_id])).toEqual([
      ['fee', -1234, 0, 'p1'],
      ['referral', 1000, 1000, null],
    ]);
    expect((await ledger.rowsOf(t.deps.db, c.tenant.id, { limit: 2, offset: 2 })).map((r) => r.kind)).toEqual(['purchase']);
  });

  it('credits by operator with a log line, positive amounts only', async () => {
    expect(await creditByOperator(t.deps, a.tenant.id, 10_000, 'Ylläpidon lisäys')).toBe(10_000);
    const line = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'balance_credited').executeTakeFirstOrThrow();
    expect(line.author_id).toBeNull();
    expect(JSON.parse(line.data)).toEqual([{ field: 'balance_', old: 0, new: 10_000 }]);
    await expect(creditByOperator(t.deps, a.tenant.id, 0, 'x')).rejects.toBeInstanceOf(HttpError);
    await expect(creditByOperator(t.deps, a.tenant.id, -5, 'x')).rejects.toBeInstanceOf(HttpError);
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(10_000);
  });

  it("never shows one association's credit in another's balance", async () => {
    expect(await currentBalance(t.deps.db, b.tenant.id)).toBe(0);
    expect(await rowCount(b.tenant.id)).toBe(0);
    // Nor can another association's fee spend it.
    await expect(chargeFee(t.deps.db, b.tenant.id, fee(100))).rejects.toBeInstanceOf(InsufficientBalance);
  });

  it('refuses a fee beyond the balance with the message key and writes nothing', async () => {
    const rowsBefore = await rowCount(a.tenant.id);
    const refused = await chargeFee(t.deps.db, a.tenant.id, fee(10_001)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InsufficientBalance);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).body).toEqual({ errors: { general: ['insufficient_balance'] } });
    expect(await rowCount(a.tenant.id)).toBe(rowsBefore);
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(10_000);
  });

  it("charges inside the caller's transaction, and a rollback takes the fee back", async () => {
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        expect(await chargeFee(trx, a.tenant.id, fee(2500))).toBe(7500);
        throw new Error('queuing failed');
      }),
    ).rejects.toThrow('queuing failed');
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(10_000);
  });

  it('lets exactly 3 of 10 parallel 30 € fees through a 100 € balance', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => chargeFee(t.deps.db, a.tenant.id, fee(3000, `Viesti ${i}`))));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused.every((r) => r.reason instanceof InsufficientBalance)).toBe(true);
    expect(await currentBalance(t.deps.db, a.tenant.id)).toBe(1000);
  });

  it('shows the balance in the settings reply to admins only', async () => {
    const admin = await adminClient(t, a);
    const r = await admin.get('/api/1/settings');
    expect(r.status).toBe(200);
    expect(r.body.balance_).toBe(1000);
    const member = await memberClient(t, a);
    const m = await member.get('/api/1/settings');
    expect(m.status).toBe(200);
    expect(m.body).not.toHaveProperty('balance_');
    const board = await memberClient(t, a, 'board');
    expect((await board.get('/api/1/settings')).body).not.toHaveProperty('balance_');
    expect((await (await adminClient(t, b)).get('/api/1/settings')).body.balance_).toBe(0);
    // The contract: the admins' reply carries it, the strict member reply refuses it.
    expect(settingsGetReply.safeParse(r.body).success).toBe(true);
    expect(memberSettingsReply.strict().safeParse(m.body).success).toBe(true);
    expect(memberSettingsReply.strict().safeParse({ ...m.body, balance_: 1000 }).success).toBe(false);
    expect(settingsGetReply.safeParse({ ...r.body, balance_: 10.5 }).success).toBe(false);
  });
});
