import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import type { CreatedTenant } from '../tenants/service';
import * as settings from '../settings/repo';
import { issueReceipt, type IssueReceiptInput } from './issue';
import * as repo from './repo';

describe(`issueReceipt (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  const input = (over: Partial<IssueReceiptInput> = {}): IssueReceiptInput => ({
    paymentId: 'pay-1',
    kind: 'message',
    method: 'online',
    amountCents: 1255,
    rows: [{ title: 'Sähköposti', count: 10, unit_cents: 100, total_cents: 1000 }, { title: 'Tekstiviesti', count: 3, unit_cents: 85, total_cents: 255 }],
    at: '2026-03-02T10:00:00.000Z',
    ...over,
  });

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    await settings.set(t.deps.db, a.tenant.id, 'business_id', '1234567-1');
    await settings.set(t.deps.db, a.tenant.id, 'reply_to_email', 'hallitus@alfa.fi');
  });
  afterAll(() => t.close());

  it('stores the buyer, the seller, rows and VAT at the rate of the payment day', async () => {
    const { id, number } = await t.deps.db.transaction().execute((trx) => issueReceipt(trx, a.tenant, input()));
    expect(number).toBe(1);
    const row = (await repo.findById(t.deps.db, a.tenant.id, id))!;
    expect(JSON.parse(row.buyer)).toEqual({ name: 'Alfa ry', business_id: '1234567-1', address: '', email: 'hallitus@alfa.fi' });
    expect(JSON.parse(row.seller).name).toBe('Seura-palvelu');
    expect(JSON.parse(row.rows)[0]).toEqual({ title: 'Sähköposti', count: 10, unit_cents: 100, total_cents: 1000, vat_percent: 25.5 });
    // 12,55 € incl. 25,5 % VAT: VAT 2,55 €, net 10,00 €.
    expect(JSON.parse(row.vat)).toEqual([{ vat_percent: 25.5, net_cents: 1000, vat_cents: 255, gross_cents: 1255 }]);
    // Before 1.9.2024 (Helsinki day) the general rate was 24 %.
    const old = await t.deps.db.transaction().execute((trx) => issueReceipt(trx, a.tenant, input({ at: '2024-08-31T20:59:00.000Z' })));
    expect(JSON.parse((await repo.findById(t.deps.db, a.tenant.id, old.id))!.vat)[0].vat_percent).toBe(24);
    const next = await t.deps.db.transaction().execute((trx) => issueReceipt(trx, a.tenant, input({ at: '2024-08-31T21:01:00.000Z' })));
    expect(JSON.parse((await repo.findById(t.deps.db, a.tenant.id, next.id))!.vat)[0].vat_percent).toBe(25.5);
  });

  it('numbers per association without gaps, also in parallel and after a rollback', async () => {
    const first = await t.deps.db.transaction().execute((trx) => issueReceipt(trx, b.tenant, input()));
    expect(first.number).toBe(1);
    // A payment that fails after its receipt gives the number back.
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await issueReceipt(trx, b.tenant, input());
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    const parallel = await Promise.all(Array.from({ length: 12 }, (_, i) => t.deps.db.transaction().execute((trx) => issueReceipt(trx, b.tenant, input({ paymentId: `p${i}` })))));
    expect(parallel.map((r) => r.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
    expect(await repo.count(t.deps.db, b.tenant.id)).toBe(13);
    // Parallel first receipts of an association whose counter does not exist yet.
    const c = await makeTenant(t.deps, 'Gamma ry');
    const firsts = await Promise.all(Array.from({ length: 8 }, () => t.deps.db.transaction().execute((trx) => issueReceipt(trx, c.tenant, input()))));
    expect(firsts.map((r) => r.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Alfa's numbers are its own.
    const alfa = await t.deps.db.transaction().execute((trx) => issueReceipt(trx, a.tenant, input()));
    expect(alfa.number).toBe(4);
  });
});
