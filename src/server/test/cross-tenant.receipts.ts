import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase } from './cross-tenant.world';
import { getRaw, makeReceipt } from './factories/receipt';
import * as settings from '../modules/settings/repo';

// Cross-tenant cases of receipts and the transaction report: B's receipt id through A's host
// is not found, and A's lists and report hold only A's payments.

export const receiptCases: CrossTenantCase[] = [
  {
    method: 'GET',
    url: '/api/1/log/get_receipt',
    async run(w) {
      const b = await makeReceipt(w.t.deps, w.b.tenant);
      const r = await w.asA.get(`/api/1/log/get_receipt?id=${b.id}`);
      expectNotFound(r);
      expectNoLeak(r, w);
      const own = await makeReceipt(w.t.deps, w.a.tenant);
      expect((await w.asA.get(`/api/1/log/get_receipt?id=${own.id}`)).body.buyer.name).toBe(w.a.tenant.name);
      // A's log lists only A's receipts.
      const log = await w.asA.post('/api/1/log/all', { transactions: true });
      expect(log.body.receipt_results.map((x: { id: number }) => x.id)).not.toContain(b.id);
      // (The activity entries may mention B's addresses typed into A's register by earlier cases.)
      expectNoLeak({ ...log, body: { receipts: log.body.receipt_results, transactions: log.body.transaction_results } }, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/log/receipt_pdf',
    async run(w) {
      const b = await makeReceipt(w.t.deps, w.b.tenant);
      expectNotFound(await w.asA.get(`/api/1/log/receipt_pdf?id=${b.id}`));
    },
  },
  {
    method: 'GET',
    url: '/api/1/log/transaction_report_xls',
    async run(w) {
      const b = await makeReceipt(w.t.deps, w.b.tenant, { amountCents: 777, rows: [{ title: 'Beetan osto', count: 1, unit_cents: 777, total_cents: 777 }] });
      const r = await getRaw(w.t.app, w.asA, `/api/1/log/transaction_report_xls?year=${new Date().getUTCFullYear()}`);
      expect(r.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const cells = JSON.stringify(wb.worksheets[0]!.getSheetValues());
      expect(cells).not.toContain('Beetan osto');
      expect(b.number).toBeGreaterThan(0);
    },
  },
  {
    method: 'POST',
    url: '/api/1/balance/send_email',
    async run(w) {
      await settings.set(w.t.deps.db, w.b.tenant.id, 'reply_to_email', 'b@beeta.fi');
      const b = await makeReceipt(w.t.deps, w.b.tenant);
      expectNotFound(await w.asA.post('/api/1/balance/send_email', { receipt_id: b.id }));
    },
  },
];
