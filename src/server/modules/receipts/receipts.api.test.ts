import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, memberClient, testApp, testDialect, type Client, type TestApp } from '../../test/harness';
import { getRaw, makeReceipt } from '../../test/factories/receipt';
import { createMailer, type OutgoingMail } from '../mail/mailer';
import * as settings from '../settings/repo';
import type { CreatedTenant } from '../tenants/service';
import { receiptSchema } from '../../../shared/schemas/payments';

describe(`receipts and the transaction log (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  const sent: OutgoingMail[] = [];
  const at = '2026-03-05T10:00:00.000Z';
  const message = {
    kind: 'message' as const,
    method: 'balance' as const,
    amountCents: 1255,
    rows: [{ title: 'Sähköposti', count: 10, unit_cents: 100, total_cents: 1000 }, { title: 'Tekstiviesti', count: 3, unit_cents: 85, total_cents: 255 }],
    at,
  };

  beforeAll(async () => {
    const files = createMailer({ smtpUrl: null, dataDir: '/tmp' });
    t = await testApp({ mailer: { send: async (m) => (sent.push(m), { messageId: 'x' }), close: () => files.close() } });
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    await settings.set(t.deps.db, a.tenant.id, 'business_id', '1234567-1');
  });
  afterAll(() => t.close());

  it('gives a receipt to site admins only; an unknown id is not found', async () => {
    const r = await makeReceipt(t.deps, a.tenant, { ...message, paymentId: 'pay-msg' });
    const got = await admin.get(`/api/1/log/get_receipt?id=${r.id}`);
    expect(got.status).toBe(200);
    const receipt = receiptSchema.parse(got.body);
    expect(receipt).toMatchObject({ number: r.number, kind: 'message', method: 'balance', payment_id: 'pay-msg', amount_cents: 1255 });
    expect(receipt.buyer).toMatchObject({ name: 'Alfa ry', business_id: '1234567-1' });
    expect(receipt.vat).toEqual([{ vat_percent: 25.5, net_cents: 1000, vat_cents: 255, gross_cents: 1255 }]);
    expect((await admin.get('/api/1/log/get_receipt?id=999999')).status).toBe(404);
    expect((await admin.get('/api/1/log/get_receipt?id=abc')).status).toBe(400);
    for (const role of ['member', 'board'] as const) {
      const c = await memberClient(t, a, role);
      expect((await c.get(`/api/1/log/get_receipt?id=${r.id}`)).status).toBe(403);
      expect((await getRaw(t.app, c, `/api/1/log/receipt_pdf?id=${r.id}`)).statusCode).toBe(403);
      expect((await getRaw(t.app, c, '/api/1/log/transaction_report_xls?year=2026')).statusCode).toBe(403);
      expect((await c.post('/api/1/balance/send_email', { receipt_id: r.id })).status).toBe(403);
    }
  });

  it('renders the receipt as a PDF with seller, buyer, rows and VAT', async () => {
    const r = await makeReceipt(t.deps, a.tenant, message);
    const res = await getRaw(t.app, admin, `/api/1/log/receipt_pdf?id=${r.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8');
    for (const s of [`Kuitin numero: ${r.number}`, 'Päivämäärä: 5.3.2026', 'Myyjä', 'Seura-palvelu', 'Ostaja', 'Alfa ry', 'Y-tunnus 1234567-1', 'Sähköposti', 'Tekstiviesti', '12,55 €', 'ALV-erittely', '25,5 %', '2,55 €', '10,00 €']) {
      expect(text).toContain(s);
    }
  });

  it('lists receipts in the log 20 a page, newest first, with the paid items', async () => {
    const c = await makeTenant(t.deps, 'Gamma ry');
    const gamma = await adminClient(t, c);
    const empty = await gamma.post('/api/1/log/all', { transactions: true });
    expect(empty.body).toMatchObject({ receipt_results: [], receipt_count: 0 });
    for (let i = 0; i < 23; i++) await makeReceipt(t.deps, c.tenant, { at: `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00.000Z` });
    const first = await gamma.post('/api/1/log/all', { transactions: true });
    expect(first.body.receipt_count).toBe(23);
    expect(first.body.receipt_results).toHaveLength(20);
    expect(first.body.receipt_results[0].number).toBe(23);
    const second = await gamma.post('/api/1/log/all', { transactions: true, page: 1 });
    expect(second.body.receipt_results.map((x: { number: number }) => x.number)).toEqual([3, 2, 1]);
    // Without transactions: true the lists stay empty.
    expect((await gamma.post('/api/1/log/all', {})).body).toMatchObject({ receipt_results: [], receipt_count: 0 });
  });

  it("downloads the year's transactions as xlsx, one row per payment with VAT per rate", async () => {
    const c = await makeTenant(t.deps, 'Delta ry');
    const delta = await adminClient(t, c);
    const old = await makeReceipt(t.deps, c.tenant, { ...message, at: '2024-08-15T09:00:00.000Z' });
    const r1 = await makeReceipt(t.deps, c.tenant, { ...message, at: '2024-12-31T22:30:00.000Z' }); // 1.1.2025 at 0.30 in Helsinki
    const r2 = await makeReceipt(t.deps, c.tenant, { amountCents: 5000, at: '2025-06-01T12:00:00.000Z', method: 'online' });
    const res = await getRaw(t.app, delta, '/api/1/log/transaction_report_xls?year=2025');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('tapahtumat-2025.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Päivämäärä', 'Kuitin numero', 'Mitä', 'Maksutapa', 'Summa', 'Veroton 25,5 %', 'ALV 25,5 %']);
    expect(ws.rowCount).toBe(3);
    const row2 = ws.getRow(2).values as unknown[];
    expect(row2.slice(2)).toEqual([r1.number, 'Viestien lähetys, Sähköposti × 10, Tekstiviesti × 3', 'Saldo', 12.55, 10, 2.55]);
    expect((row2[1] as Date).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect((ws.getRow(3).values as unknown[]).slice(2)).toEqual([r2.number, 'Saldon osto, Saldon lisäys × 1', 'Verkkomaksu', 50, 39.84, 10.16]);
    // 2024's report has the old payment at the rate of its day (24 %).
    const res2024 = await getRaw(t.app, delta, '/api/1/log/transaction_report_xls?year=2024');
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(res2024.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.getRow(1).values).toContain('ALV 24 %');
    expect(wb2.worksheets[0]!.getRow(2).getCell(2).value).toBe(old.number);
    expect((await delta.get('/api/1/log/transaction_report_xls?year=1999')).status).toBe(400);
  });

  it('mails a receipt with its PDF to the reply-to address, and says clearly when there is none', async () => {
    const r = await makeReceipt(t.deps, a.tenant, message);
    const none = await admin.post('/api/1/balance/send_email', { receipt_id: r.id });
    expect(none.status).toBe(400);
    expect(none.body.errors.general).toEqual(['receipt_email_no_reply_to']);
    expect(sent).toHaveLength(0);
    await settings.set(t.deps.db, a.tenant.id, 'reply_to_email', 'hallitus@alfa.fi');
    const ok = await admin.post('/api/1/balance/send_email', { receipt_id: r.id });
    expect(ok.body).toEqual({ sent_to: 'hallitus@alfa.fi' });
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.to).toBe('hallitus@alfa.fi');
    expect(mail.subject).toContain(`Kuitti ${r.number}`);
    expect(mail.text).toContain('Yhteensä: 12,55');
    expect(mail.attachments?.[0]).toMatchObject({ filename: `kuitti-${r.number}.pdf`, contentType: 'application/pdf' });
    expect(mail.attachments![0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.post('/api/1/balance/send_email', { receipt_id: 999999 })).status).toBe(404);
  });
});
