import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { merchantOf, settle, testBankQuery } from './online';
import { attemptByStamp } from './online-repo';

// A paid balance purchase is read back through the replies the web shows it with: its row
// ("balance") is not a message price row, and the reply contracts must still hold (the
// transactions list and the payment item itself answered 500 when they did not).

describe(`a balance purchase in the lists (${testDialect})`, () => {
  let t: TestApp;
  let c: Client;
  let mid = '';

  beforeAll(async () => {
    t = await testApp();
    const a = await makeTenant(t.deps, 'Alfa ry');
    c = await adminClient(t, a);
    mid = (await c.post('/api/1/balance/buy', { amount: '50' })).body.mooney_id as string;
    const charged = await c.post('/api/1/mooney/charge', { mid });
    const stamp = new URL(charged.body.href as string, 'http://localhost').searchParams.get('stamp')!;
    const attempt = (await attemptByStamp(t.deps.db, a.tenant.id, stamp))!;
    await settle(t.deps, a.tenant, testBankQuery(merchantOf(t.deps.config).secret, attempt, 'ok'));
  });
  afterAll(() => t.close());

  it('shows in log/all transactions with its balance row, and its receipt beside it', async () => {
    const log = await c.post('/api/1/log/all', { page: 0, limit: 20, transactions: true });
    expect(log.status).toBe(200);
    expect(log.body.transaction_results).toEqual([
      expect.objectContaining({ id: mid, amount: 5000, method: 'online', price_rows: [expect.objectContaining({ type: 'balance', total_cents: 5000 })] }),
    ]);
    expect(log.body.receipt_results).toEqual([expect.objectContaining({ payment_id: mid, amount_cents: 5000 })]);
  });

  it('answers as a payment item (paid)', async () => {
    const item = await c.get(`/api/1/mooney/${mid}`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({ paid: true, price_rows: [expect.objectContaining({ type: 'balance' })] });
  });
});
