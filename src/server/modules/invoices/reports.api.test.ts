import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { adminClient, makeTenant, testDialect } from '../../test/harness';
import { invoiceSettings, sentInvoice, type SentInvoice } from '../../test/factories/invoice';
import { bookAction, bookCredit } from '../../test/factories/invoice-actions';
import { getRaw } from '../../test/factories/receipt';
import { invoiceAggregates } from '../../../shared/schemas/invoices';

// The invoice reports over real sent invoices: every call and download, the period defaults,
// the cut-off, and that every total reconciles with the invoice pages' aggregates to the cent.

const ctx = adminContext({ at: '2026-03-10T10:00:00Z', name: 'Raporttiseura ry' });
const { t, admin } = ctx;

async function xlsxRows(url: string): Promise<unknown[][][]> {
  const res = await getRaw(t.app, admin, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  });
}

async function pdfText(url: string): Promise<string> {
  const res = await getRaw(t.app, admin, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  // Amounts use a no-break space as the thousands separator; plain spaces read easier in asserts.
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8').replace(/\u00a0|\u202f/g, ' ').replace(/\u2212/g, '-');
}

const euro = (c: number) => c / 100;
/** The organisation scope as the settings page posts it. */
const pick = (s: Record<string, unknown>) => ({
  scope_: 'organisation',
  name_: s.name_,
  reply_to_email: s.reply_to_email,
  business_id: s.business_id,
  bank_account: s.bank_account,
  vat_obliged: s.vat_obliged,
  porg_enabled: s.porg_enabled,
  invoice_rf_reference: s.invoice_rf_reference,
});
const INVOICE_AGGREGATE_KEYS = Object.keys(invoiceAggregates.shape) as (keyof typeof invoiceAggregates.shape)[];

describe(`invoice reports (${testDialect})`, () => {
  let a: SentInvoice; // 3 members, 25,00 € at 0 % + 12,40 € at 25,5 %
  let b: SentInvoice; // 2 members, 10,00 € at 13,5 %
  let creditId: number;

  beforeAll(async () => {
    // A VAT-registered association: its invoices carry the rows' rates.
    await invoiceSettings(ctx);
    const s = (await admin.get('/api/1/settings')).body;
    const saved = await admin.post('/api/1/settings/save', { ...pick(s), vat_obliged: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    a = await sentInvoice(ctx, {
      members: 3,
      rows: [
        { title: 'Jäsenmaksu', amount_with_vat: '25,00', vat_percent: 0 },
        { title: 'Lehti', amount_with_vat: '12,40', vat_percent: 25.5 },
      ],
    });
    b = await sentInvoice(ctx, { members: 2, rows: [{ title: 'Kurssi', amount_with_vat: '10,00', vat_percent: 13.5 }] });
    // A: paid in full from the bank, paid in part, credited in part. B: overpaid, cancelled.
    await bookAction(ctx, a.instanceIds[0]!, { action_type: 'sync_payment', amount_c: 3740, pay_date: '2026-03-10' });
    await bookAction(ctx, a.instanceIds[1]!, { action_type: 'sync_payment', amount_c: 1000, pay_date: '2026-03-10' });
    creditId = await bookCredit(ctx, a.instanceIds[2]!, 1240, 25.5);
    await bookAction(ctx, b.instanceIds[0]!, { action_type: 'sync_payment', amount_c: 1500, pay_date: '2026-03-10' });
    await bookAction(ctx, b.instanceIds[1]!, { action_type: 'mark_cancelled' });
  });

  async function aggregatesOf(id: number) {
    const r = await admin.get(`/api/1/invoices/${id}`);
    expect(r.status).toBe(200);
    return Object.fromEntries(INVOICE_AGGREGATE_KEYS.map((k) => [k, r.body[k] as number]));
  }

  it('reports each invoice of the period with the aggregates of its page, and totals that reconcile to the cent', async () => {
    const r = await admin.post('/api/1/invoices/report', { criteria: { from: '2026-01-01', to: '2026-12-31' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.invoices.map((i: { id: number }) => i.id)).toEqual([a.invoiceId, b.invoiceId]);
    const pageA = await aggregatesOf(a.invoiceId);
    const pageB = await aggregatesOf(b.invoiceId);
    expect(r.body.invoices[0]).toMatchObject(pageA);
    expect(r.body.invoices[1]).toMatchObject(pageB);
    for (const k of INVOICE_AGGREGATE_KEYS) expect(r.body.totals[k], k).toBe(pageA[k]! + pageB[k]!);
    // The figures themselves: 3 × 37,40 + 2 × 10,00; paid 37,40 + 10,00 + 15,00; credited 12,40; cancelled 10,00; open 27,40 + 25,00.
    expect(r.body.totals).toMatchObject({
      count_total_c: 5,
      amount_total_c: 13220,
      amount_paid_c: 6240,
      amount_credited_c: 1240,
      amount_cancelled_c: 1000,
      amount_pending_c: 5240,
      count_paid_c: 2,
    });
    // VAT: each document's breakdown as printed on it, summed per rate.
    expect(r.body.vat_breakdown).toEqual([
      { vat_percent: 0, net_c: 7500, vat_c: 0, gross_c: 7500 },
      { vat_percent: 13.5, net_c: 1762, vat_c: 238, gross_c: 2000 },
      { vat_percent: 25.5, net_c: 2964, vat_c: 756, gross_c: 3720 },
    ]);
    const only = await admin.post('/api/1/invoices/report', { criteria: { from: '2026-01-01', to: '2026-12-31', invoice_id: [b.invoiceId] } });
    expect(only.body.invoices.map((i: { id: number }) => i.id)).toEqual([b.invoiceId]);
    expect(only.body.totals).toMatchObject(pageB);
  });

  it('checks the period and answers unknown invoices as not found', async () => {
    const reversed = await admin.post('/api/1/invoices/report', { criteria: { from: '2026-02-01', to: '2026-01-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.to).toEqual(['invoice_report_period_reversed']);
    const impossible = await admin.post('/api/1/invoices/report', { criteria: { from: '2026-02-30', to: '2026-03-01' } });
    expect(impossible.body.errors.from).toEqual(['_validation_date_invalid']);
    expect((await admin.post('/api/1/invoices/report', { criteria: { from: '2026-01-01', to: '2026-12-31', invoice_id: [999999] } })).status).toBe(404);
    const empty = await admin.post('/api/1/invoices/report', { criteria: { from: '2025-01-01', to: '2025-12-31' } });
    expect(empty.body).toMatchObject({ invoices: [], totals: { count_total_c: 0, amount_total_c: 0 }, vat_breakdown: [] });
  });

  it('downloads the invoice report as xlsx (euro number cells, a totals row) and as PDF', async () => {
    const [main, vat] = await xlsxRows(`/invoice_report/xls?from=2026-01-01&to=2026-12-31&invoice_id=${a.invoiceId},${b.invoiceId}`);
    expect(main![0]![0]).toBe('Laskuraportti 1.1.2026–31.12.2026');
    expect(main![1]).toContain('Laskutettu');
    const totals = main!.at(-1)!;
    expect(totals[0]).toBe('Yhteensä');
    const header = main![1]!;
    const col = (name: string) => totals[header.indexOf(name)];
    expect(col('Laskutettu')).toBe(132.2);
    expect(col('Maksettu')).toBe(62.4);
    expect(col('Avoinna')).toBe(52.4);
    expect(col('Laskuja')).toBe(5);
    expect(main![2]![header.indexOf('Luotu')]).toBeInstanceOf(Date);
    expect(vat!.at(-1)).toEqual(['Yhteensä', euro(12226), euro(994), euro(13220)]);

    const text = await pdfText('/invoice_report/pdf?from=2026-01-01&to=2026-12-31');
    for (const s of ['Laskuraportti', '1.1.2026–31.12.2026', 'Jäsenmaksu', 'Laskuja', 'Erääntyneitä', 'Yhteensä', '132,20 €', '62,40 €', '52,40 €', 'ALV-erittely', '25,5 %', '7,56 €']) expect(text).toContain(s);
    expect((await getRaw(t.app, admin, '/invoice_report/xls?from=2026-13-01')).statusCode).toBe(400);
    expect((await getRaw(t.app, admin, '/invoice_report/pdf?invoice_id=abc')).statusCode).toBe(400);
  });

  it('lists the references of the period (the year by default) and downloads them', async () => {
    const r = await admin.post('/api/1/invoices/refs', {});
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(5);
    const inst = await admin.get(`/api/1/invoices/${a.invoiceId}`);
    const first = inst.body.instances[0];
    expect(r.body.rows[0]).toEqual({ reference: first.reference, invoice_number: first.invoice_number, name: first.name, amount_c: 3740, date: '2026-03-10', invoice_id: a.invoiceId });
    expect((await admin.post('/api/1/invoices/refs', { from: '2026-03-11', to: '2026-03-31' })).body).toEqual({ rows: [], count: 0 });
    const [sheet] = await xlsxRows('/invoice_report/refs?from=2026-03-01&to=2026-03-31');
    expect(sheet!).toHaveLength(2 + 5 + 1);
    expect(String(sheet![2]![0]).replace(/\s/g, '')).toBe(first.reference);
    expect(sheet!.at(-1)![3]).toBe(euro(3 * 3740 + 2 * 1000));
  });

  it('lists sales invoices and credit invoices of today by default, with VAT, and downloads them', async () => {
    const r = await admin.post('/api/1/invoices/sales_invoice_list', {});
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(6);
    const credit = r.body.rows.find((x: { instance_id: number }) => x.instance_id === creditId);
    expect(credit).toMatchObject({ kind: 'credit', amount_c: -1240, vat_breakdown: [{ vat_percent: 25.5, net_c: -988, vat_c: -252, gross_c: -1240 }] });
    // Invoiced less credited: the sales total matches the invoice pages' sums.
    const pages = [await aggregatesOf(a.invoiceId), await aggregatesOf(b.invoiceId)];
    expect(r.body.total_c).toBe(pages.reduce((s, p) => s + p.amount_total_c! - p.amount_credited_c!, 0));
    expect(r.body.vat_breakdown.reduce((s: number, v: { gross_c: number }) => s + v.gross_c, 0)).toBe(r.body.total_c);
    expect((await admin.post('/api/1/invoices/sales_invoice_list', { from: '2026-03-11', to: '2026-12-31' })).body.count).toBe(0);

    const [sheet] = await xlsxRows('/invoice_report/sales_invoice_list.xlsx?from=2026-03-10&to=2026-03-10');
    expect(sheet![0]![0]).toBe('Myyntilaskuluettelo 10.3.2026–10.3.2026');
    expect(sheet!.map((row) => row[1])).toContain('Hyvityslasku');
    expect(sheet!.at(-1)![8]).toBe(euro(r.body.total_c));
    const text = await pdfText('/invoice_report/sales_invoice_list.pdf');
    for (const s of ['Myyntilaskuluettelo', '10.3.2026–10.3.2026', 'Hyvityslasku', '-12,40 €', '119,80 €']) expect(text).toContain(s);
  });

  it('pages the sales list by 100 with totals over the whole period', async () => {
    const big = await sentInvoice(ctx, { members: 101, rows: [{ title: 'Iso', amount_with_vat: '1,00', vat_percent: 0 }] });
    const p0 = await admin.post('/api/1/invoices/sales_invoice_list', { page: 0 });
    const p1 = await admin.post('/api/1/invoices/sales_invoice_list', { page: 1 });
    expect(p0.body.rows).toHaveLength(100);
    expect(p1.body.rows).toHaveLength(7);
    expect(p0.body.count).toBe(107);
    expect(p1.body.total_c).toBe(p0.body.total_c);
    const receivable = await admin.post('/api/1/invoices/accounts_receivable', { page: 1 });
    expect(receivable.body.rows.length + 100).toBe(receivable.body.count);
    await bookAction(ctx, big.instanceIds[0]!, { action_type: 'mark_cancelled' });
  });

  it('shows receivables on a date from the actions made by then; on today they equal the pages\' open sums', async () => {
    const all = await admin.get('/api/1/invoices/all');
    const pending = all.body.results.reduce((s: number, i: { amount_pending_c: number }) => s + i.amount_pending_c, 0);
    const now = await admin.post('/api/1/invoices/accounts_receivable', {});
    expect(now.status).toBe(200);
    expect(now.body.date).toBe('2026-03-10');
    expect(now.body.total_open_c).toBe(pending);

    // Three weeks on: a late payment on A's partly paid invoice, booked with its own payment day.
    t.clock.set('2026-03-31T09:00:00Z');
    await admin.login(ctx.tenant.admin.email!); // three weeks idle ended the session
    await bookAction(ctx, a.instanceIds[1]!, { action_type: 'sync_payment', amount_c: 2740, pay_date: '2026-03-30' });
    const before = await admin.post('/api/1/invoices/accounts_receivable', { to: '2026-03-29' });
    const row = before.body.rows.find((x: { instance_id: number }) => x.instance_id === a.instanceIds[1]);
    expect(row).toMatchObject({ amount_c: 3740, amount_open_c: 2740, days_overdue: 5 });
    const after = await admin.post('/api/1/invoices/accounts_receivable', { to: '2026-03-30' });
    expect(after.body.rows.map((x: { instance_id: number }) => x.instance_id)).not.toContain(a.instanceIds[1]);
    expect(after.body.total_open_c).toBe(before.body.total_open_c - 2740);
    // Before anything was invoiced nothing was open.
    expect((await admin.post('/api/1/invoices/accounts_receivable', { to: '2026-03-09' })).body).toMatchObject({ rows: [], count: 0, total_open_c: 0 });
    const today = await admin.post('/api/1/invoices/accounts_receivable', {});
    const pendingNow = (await admin.get('/api/1/invoices/all')).body.results.reduce((s: number, i: { amount_pending_c: number }) => s + i.amount_pending_c, 0);
    expect(today.body.total_open_c).toBe(pendingNow);

    const [sheet] = await xlsxRows('/invoice_report/accounts_receivable.xlsx?to=2026-03-29');
    expect(sheet![0]![0]).toBe('Myyntisaamiset Avoinna 29.3.2026');
    expect(sheet!.at(-1)![5]).toBe(euro(before.body.total_open_c));
    const text = await pdfText('/invoice_report/accounts_receivable.pdf?to=2026-03-29');
    for (const s of ['Myyntisaamiset', 'Avoinna 29.3.2026', 'Päiviä myöhässä', '27,40 €']) expect(text).toContain(s);
    t.clock.set('2026-03-10T12:00:00Z');
  });

  it('leaves out invoices created before 5.12.2023', async () => {
    const old = await sentInvoice(ctx, { members: 1 });
    const edge = await sentInvoice(ctx, { members: 1 });
    const db = t.deps.db;
    const move = async (inv: SentInvoice, at: string) => {
      await db.updateTable('invoices').set({ created_at: at }).where('id', '=', inv.invoiceId).execute();
      await db.updateTable('invoice_instances').set({ created_at: at }).where('invoice_id', '=', inv.invoiceId).execute();
    };
    await move(old, '2023-12-04T12:00:00Z');
    await move(edge, '2023-12-04T22:30:00Z'); // 5.12.2023 00.30 in Helsinki
    const r = await admin.post('/api/1/invoices/report', { criteria: { from: '2023-01-01', to: '2023-12-31' } });
    expect(r.body.invoices.map((i: { id: number }) => i.id)).toEqual([edge.invoiceId]);
    const refs = await admin.post('/api/1/invoices/refs', { from: '2023-12-01', to: '2023-12-31' });
    expect(refs.body.rows.map((x: { invoice_id: number }) => x.invoice_id)).toEqual([edge.invoiceId]);
    const sales = await admin.post('/api/1/invoices/sales_invoice_list', { from: '2023-12-04', to: '2023-12-05' });
    expect(sales.body.rows.map((x: { invoice_id: number }) => x.invoice_id)).toEqual([edge.invoiceId]);
    const recv = await admin.post('/api/1/invoices/accounts_receivable', { to: '2023-12-31' });
    expect(recv.body.rows.map((x: { invoice_id: number }) => x.invoice_id)).toEqual([edge.invoiceId]);
  });

  it("answers another association's invoice as not found, and nobody signed out gets a download", async () => {
    const c = await makeTenant(t.deps, 'Muu ry');
    const other = await adminClient(t, c);
    expect((await other.post('/api/1/invoices/report', { criteria: { from: '2026-01-01', to: '2026-12-31', invoice_id: [a.invoiceId] } })).status).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/invoice_report/xls', headers: { host: ctx.tenant.tenant.hostname! } });
    expect(anon.statusCode).toBe(401);
  });
});
