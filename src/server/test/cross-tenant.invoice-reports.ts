import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { Client } from './harness';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { sentInvoice, type SentInvoice } from './factories/invoice';
import { getRaw } from './factories/receipt';

// Cross-tenant cases of the invoice reports: B's invoice id in A's report is not found, and
// A's lists and downloads hold none of B's invoices.

const bInvoices = new WeakMap<World, Promise<SentInvoice & { names: string[] }>>();

/** A sent invoice of B's (made once per world), with its recipients' names. */
function bInvoice(w: World): Promise<SentInvoice & { names: string[] }> {
  let p = bInvoices.get(w);
  if (!p) {
    p = (async () => {
      const asB = new Client(w.t.app, w.b.tenant.hostname!, { ip: '10.8.8.11' });
      await asB.login(w.b.admin.email!);
      const inv = await sentInvoice({ t: w.t, tenant: w.b, admin: asB }, { members: 1, rows: [{ title: 'Beetan maksu', amount_with_vat: '77,70', vat_percent: 0 }] });
      const rows = await w.t.deps.db.selectFrom('invoice_instances').select('recipient_name').where('invoice_id', '=', inv.invoiceId).execute();
      return { ...inv, names: rows.map((r) => r.recipient_name) };
    })();
    bInvoices.set(w, p);
  }
  return p;
}

function expectNone(text: string, b: SentInvoice & { names: string[] }): void {
  for (const n of b.names) expect(text).not.toContain(n);
  expect(text).not.toContain('77,7');
  expect(text).not.toContain('7770');
}

async function xlsxText(w: World, url: string): Promise<string> {
  const r = await getRaw(w.t.app, w.asA, url);
  expect(r.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
  return JSON.stringify(wb.worksheets.map((ws) => ws.getSheetValues()));
}

const year = () => new Date().getUTCFullYear();

export const invoiceReportCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/invoices/report',
    async run(w) {
      const b = await bInvoice(w);
      const criteria = { from: `${year() - 1}-01-01`, to: `${year() + 1}-12-31` };
      const r = await w.asA.post('/api/1/invoices/report', { criteria: { ...criteria, invoice_id: [b.invoiceId] } });
      expectNotFound(r);
      const own = await w.asA.post('/api/1/invoices/report', { criteria });
      expect(own.status).toBe(200);
      expect(own.body.invoices.map((i: { id: number }) => i.id)).not.toContain(b.invoiceId);
      expectNoLeak(own, w);
      for (const format of ['xls', 'pdf']) {
        const file = await getRaw(w.t.app, w.asA, `/invoice_report/${format}?invoice_id=${b.invoiceId}`);
        expect(file.statusCode).toBe(404);
        expect(file.json()).toEqual({ error: 'not_found' });
      }
      expectNone(await xlsxText(w, '/invoice_report/xls'), b);
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/refs',
    async run(w) {
      const b = await bInvoice(w);
      const r = await w.asA.post('/api/1/invoices/refs', {});
      expect(r.status).toBe(200);
      expect(r.body.rows.map((x: { invoice_id: number }) => x.invoice_id)).not.toContain(b.invoiceId);
      expectNone(JSON.stringify(r.body), b);
      expectNone(await xlsxText(w, '/invoice_report/refs'), b);
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/sales_invoice_list',
    async run(w) {
      const b = await bInvoice(w);
      const r = await w.asA.post('/api/1/invoices/sales_invoice_list', {});
      expect(r.status).toBe(200);
      expect(r.body.rows.map((x: { invoice_id: number }) => x.invoice_id)).not.toContain(b.invoiceId);
      expectNone(JSON.stringify(r.body), b);
      expectNone(await xlsxText(w, '/invoice_report/sales_invoice_list.xlsx'), b);
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/accounts_receivable',
    async run(w) {
      const b = await bInvoice(w);
      const r = await w.asA.post('/api/1/invoices/accounts_receivable', {});
      expect(r.status).toBe(200);
      expect(r.body.rows.map((x: { invoice_id: number }) => x.invoice_id)).not.toContain(b.invoiceId);
      expectNone(JSON.stringify(r.body), b);
      expectNone(await xlsxText(w, '/invoice_report/accounts_receivable.xlsx'), b);
    },
  },
];
