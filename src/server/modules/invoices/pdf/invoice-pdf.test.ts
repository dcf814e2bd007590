import { describe, expect, it } from 'vitest';
import { decodeBarcode, pageToPng, pdfPageCount, pdfWords, type PdfWord } from '../../pdf/poppler';
import { virtualBarcode } from '../../../../shared/finnish/barcode';
import { createReference } from '../../../../shared/finnish/reference';
import { createRfReference } from '../../../../shared/finnish/rf-reference';
import { renderInvoicePdf } from './invoice-pdf';
import { FORM_TOP } from './slip';
import { SAMPLE_IBAN, sampleInvoice } from './sample';

// The printed invoice read back as a bank customer's app or a scanner would: the slip's
// text by pdftotext, the barcode and the QR code from a 300 dpi raster by zbarimg.

/** Lines of text (words joined by a space) of page 1, in or above the transfer form. */
async function lines(pdf: Buffer, where: 'slip' | 'above'): Promise<string[]> {
  const words = (await pdfWords(pdf)).filter((w) => w.page === 1 && (where === 'slip' ? w.yMin >= FORM_TOP : w.yMin < FORM_TOP));
  const rows: PdfWord[][] = [];
  for (const w of [...words].sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin)) {
    const row = rows.find((r) => Math.abs(r[0]!.yMin - w.yMin) < 2);
    if (row) row.push(w);
    else rows.push([w]);
  }
  return rows.map((r) => r.sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join(' '));
}

/** 300 dpi: A4 is 3508 px high. */
const page1 = (pdf: Buffer): Promise<Buffer> => pageToPng(pdf, 1, 3508);

describe('invoice PDF', () => {
  const reference = createReference('2026104212');

  it('prints the reference grouped in fives, the IBAN, the due date and the amount on the transfer form', async () => {
    const { pdf, pages } = await renderInvoicePdf(sampleInvoice({ reference }));
    const slip = (await lines(pdf, 'slip')).join('\n');
    expect(reference).toBe('20261042120');
    expect(slip).toContain('Viitenro');
    expect(slip).toContain('2 02610 42120');
    expect(slip).toContain('FI21 1234 5600 0007 85');
    expect(slip).toContain('NDEAFIHH');
    expect(slip).toContain('8.12.2026');
    expect(slip).toContain('90,40');
    expect(slip).toContain('Maija Meikäläinen');
    expect(slip).toContain('Saajan');
    // Page 1 and the description's two pages (split at <hr>).
    expect(pages).toBe(3);
    expect(await pdfPageCount(pdf)).toBe(3);
  });

  it("the Code 128 barcode decodes to the instance's virtual barcode, and the QR code to the EPC payload with the reference unstructured", async () => {
    const { pdf } = await renderInvoicePdf(sampleInvoice({ reference }));
    const png = await page1(pdf);
    expect(await decodeBarcode(png, 'code128')).toBe(virtualBarcode({ iban: SAMPLE_IBAN, amountCents: 9040, reference, dueDate: '2026-12-08' }));
    expect(await decodeBarcode(png, 'code128')).toBe('421123456000007850000904000000000000020261042120261208');
    expect((await decodeBarcode(png, 'qrcode')).split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'NDEAFIHH', 'Kotiseutuyhdistys Pihlaja ry', 'FI2112345600000785', 'EUR90.40', '', '', '20261042120']);
  });

  it('an RF reference: version 5 barcode, the reference grouped in fours, and the structured EPC field', async () => {
    const rf = createRfReference(reference);
    const { pdf } = await renderInvoicePdf(sampleInvoice({ reference: rf, rows: [{ title: 'Jäsenmaksu', amount_c: 123456, vat_percent: 0 }], total_c: 123456 }));
    const png = await page1(pdf);
    const code = await decodeBarcode(png, 'code128');
    expect(code).toBe(virtualBarcode({ iban: SAMPLE_IBAN, amountCents: 123456, reference: rf, dueDate: '2026-12-08' }));
    expect(code.startsWith('5')).toBe(true);
    expect((await decodeBarcode(png, 'qrcode')).split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'NDEAFIHH', 'Kotiseutuyhdistys Pihlaja ry', 'FI2112345600000785', 'EUR1234.56', '', rf, '']);
    const slip = (await lines(pdf, 'slip')).join('\n');
    expect(slip).toContain(rf.replace(/(.{4})(?=.)/g, '$1 '));
    expect(slip).toMatch(/1\s234,56$/m);
  });

  it('VAT-obliged: net, VAT % and gross per row and the breakdown per rate; not obliged: the note and no breakdown', async () => {
    const base = sampleInvoice();
    const vat = (await lines((await renderInvoicePdf(base)).pdf, 'above')).join('\n');
    expect(vat).toContain('Kevätretki (bussi ja ruokailu) 40,09 € 13,5 % 45,50 €');
    expect(vat).toContain('Arvonlisäverot');
    expect(vat).toContain('13,5 % 40,09 € 5,41 € 45,50 €');
    expect(vat).toContain('25,5 % 15,86 € 4,04 € 19,90 €');
    expect(vat).toContain('Yhteensä 90,40 €');
    expect(vat).toContain('ALV-tunniste FI01120389');
    expect(vat).toContain('Maksuehto 14 päivää netto');
    expect(vat).toContain('Viivästyskorko korkolain mukaan');

    const free = (await lines((await renderInvoicePdf({ ...base, seller: { ...base.seller, vatObliged: false } })).pdf, 'above')).join('\n');
    expect(free).toContain('ALV 0 %, ei arvonlisäverovelvollinen');
    expect(free).not.toContain('Arvonlisäverot');
    expect(free).not.toContain('ALV-tunniste');
    expect(free).toContain('Kevätretki (bussi ja ruokailu) 45,50 €');
  });

  it('a reminder asks for the open amount by the new due date and names the original due date', async () => {
    const { pdf } = await renderInvoicePdf(
      sampleInvoice({ kind: 'reminder', reference, dueDate: '2027-01-15', reminder: { date: '2026-12-20', originalDueDate: '2026-12-08', paid_c: 4000, open_c: 5040 } }),
    );
    const above = (await lines(pdf, 'above')).join('\n');
    expect(above).toContain('MAKSUMUISTUTUS');
    expect(above).toContain('Alkuperäinen eräpäivä 8.12.2026');
    expect(above).toContain('Uusi eräpäivä 15.1.2027');
    expect(above).toContain('Maksettu 40,00 €');
    expect(above).toMatch(/Avoinna, maksettava viimeistään 15\.1\.2027 50,40 €/);
    const slip = (await lines(pdf, 'slip')).join('\n');
    expect(slip).toContain('15.1.2027 50,40');
    expect(slip).toContain('2 02610 42120');
    expect(await decodeBarcode(await page1(pdf), 'code128')).toBe(virtualBarcode({ iban: SAMPLE_IBAN, amountCents: 5040, reference, dueDate: '2027-01-15' }));
  });

  it('a credit invoice is titled Hyvityslasku, names the invoice it credits and has no transfer form', async () => {
    const { pdf, pages } = await renderInvoicePdf(
      sampleInvoice({ kind: 'credit', invoiceNumber: 1050, description: '', rows: [{ title: 'Jäsenmaksu 2027', amount_c: -2500, vat_percent: 0 }], total_c: -2500, credit: { creditedNumber: 1042, creditedDate: '2026-11-24' } }),
    );
    expect(pages).toBe(1);
    const all = (await lines(pdf, 'above')).join('\n');
    expect(all).toContain('HYVITYSLASKU');
    expect(all).toContain('Hyvittää laskun nro 1042 (24.11.2026)');
    expect(all).toContain('Jäsenmaksu 2027 −25,00 € 0 % −25,00 €');
    expect(all).not.toContain('Viitenro');
    expect(all).not.toContain('Saajan');
    // zbarimg finds no bar code and exits non-zero.
    await expect(decodeBarcode(await page1(pdf), 'code128')).rejects.toThrow(/zbarimg failed/);
  });
});
