import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { adminClient, Client, makeTenant, memberClient, testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { decodeBarcode, pageToPng, pdfPageCount, pdfWords } from '../pdf/poppler';
import { virtualBarcode } from '../../../shared/finnish/barcode';
import { formatReference } from '../../../shared/finnish/reference';
import { ALL_PDF_MAX } from './pdf-routes';

// The invoice PDF downloads: one instance (an admin of its association only; another
// association's id is not found) and every invoice of a round in one file.

describe(`invoice PDF downloads (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Pdfseura ry' });
  const { t, tenant, admin } = ctx;

  async function get(c: Client, url: string) {
    const headers: Record<string, string> = { host: c.host };
    if (c.jar.size > 0) headers.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.inject({ method: 'GET', url, headers });
  }

  it("one instance's invoice: inline lasku-{number}.pdf whose slip and barcode are that instance's", async () => {
    const sent = await sentInvoice(ctx, { rows: [{ title: 'Jäsenmaksu', amount_with_vat: '30,00', vat_percent: 0 }, { title: 'Lehti', amount_with_vat: '12,50', vat_percent: 10 }] });
    const inst = await t.deps.db.selectFrom('invoice_instances').selectAll().where('id', '=', sent.instanceIds[1]!).executeTakeFirstOrThrow();
    const res = await get(admin, `/invoices/download_pdf/${String(inst.id)}.pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="lasku-${String(inst.invoice_number)}.pdf"`);
    const pdf = res.rawPayload;
    expect(await pdfPageCount(pdf)).toBe(2);
    const text = (await pdfWords(pdf)).map((w) => w.text).join(' ');
    expect(text).toContain(formatReference(inst.reference));
    expect(text).toContain(inst.recipient_name);
    expect(text).toContain('42,50');
    const iban = (await admin.get('/api/1/settings')).body.bank_account as string;
    expect(await decodeBarcode(await pageToPng(pdf, 1, 3508), 'code128')).toBe(virtualBarcode({ iban, amountCents: 4250, reference: inst.reference, dueDate: inst.date_due }));
  });

  it("another association's instance or invoice is not found; members and the signed-out are refused", async () => {
    const sent = await sentInvoice(ctx, { members: 1 });
    const other = await makeTenant(t.deps, 'Toinen ry');
    const otherAdmin = await adminClient(t, other);
    expect((await get(otherAdmin, `/invoices/download_pdf/${String(sent.instanceIds[0]!)}.pdf`)).statusCode).toBe(404);
    expect((await get(otherAdmin, `/invoices/download_pdf/all/${String(sent.invoiceId)}.pdf`)).statusCode).toBe(404);
    expect((await get(admin, '/invoices/download_pdf/999999.pdf')).statusCode).toBe(404);
    expect((await get(admin, '/invoices/download_pdf/abc.pdf')).statusCode).toBe(404);
    const member = await memberClient(t, tenant);
    expect((await get(member, `/invoices/download_pdf/${String(sent.instanceIds[0]!)}.pdf`)).statusCode).toBe(403);
    expect((await get(new Client(t.app, admin.host), `/invoices/download_pdf/${String(sent.instanceIds[0]!)}.pdf`)).statusCode).toBe(401);
  });

  it('the file of all: every invoice of the round in number order, each starting with its own page 1', async () => {
    const sent = await sentInvoice(ctx, { members: 3, media: 'pdf' });
    const res = await get(admin, `/invoices/download_pdf/all/${String(sent.invoiceId)}.pdf`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="laskut-${String(sent.invoiceId)}.pdf"`);
    expect(res.headers['x-seura-next-page']).toBeUndefined();
    const pdf = res.rawPayload;
    // Each invoice: page 1 and one description page.
    expect(await pdfPageCount(pdf)).toBe(6);
    const rows = await t.deps.db.selectFrom('invoice_instances').selectAll().where('invoice_id', '=', sent.invoiceId).orderBy('invoice_number').execute();
    const words = await pdfWords(pdf);
    rows.forEach((r, i) => {
      const lastname = r.recipient_name.split(' ').at(-1)!;
      expect(words.filter((w) => w.text === lastname).map((w) => w.page)[0]).toBe(1 + 2 * i);
    });
    expect(ALL_PDF_MAX).toBeGreaterThanOrEqual(100);
  });
});
