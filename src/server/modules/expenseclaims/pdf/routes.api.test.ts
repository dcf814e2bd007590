import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminContext } from '../../../test/adminContext';
import { adminClient, Client, makeTenant, memberClient, testDialect } from '../../../test/harness';
import { decodeBarcode, pageToPng, pdfPageCount, pdfWords, type PdfWord } from '../../pdf/poppler';
import { createDocument, addA4Page, toBuffer } from '../../pdf/document';
import { virtualBarcode } from '../../../../shared/finnish/barcode';
import type { Db } from '../../../db/kysely';
import type { ExpenseClaimStatus } from '../../../db/schema';

// The expense claims printout read back as the treasurer's bank app would: the text by
// pdftotext, the reference-less virtual barcode from a 300 dpi raster by zbarimg.

const IBAN = 'FI2112345600000785';
const NOW = '2026-11-20T10:00:00.000Z';

async function receiptPdf(): Promise<Buffer> {
  const doc = createDocument({ title: 'kuitti' });
  for (const t of ['Kuittisivu yksi', 'Kuittisivu kaksi']) {
    addA4Page(doc);
    doc.fontSize(20).text(t, 50, 50);
  }
  return toBuffer(doc);
}

async function file(db: Db, tenantId: number, mime: string, data: Buffer): Promise<number> {
  const r = await db
    .insertInto('expense_claim_files')
    .values({ tenant_id: tenantId, member_id: 1, mime, data, bytes: data.length, sha256: 'x', created_at: NOW, filename: 'kuitti' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

interface Seed {
  status: ExpenseClaimStatus;
  account?: string;
  batch?: string;
  items: { type: 'receipt' | 'km' | 'per_diem'; amount_c: number; date: string; description?: string; receipt_id?: number; km?: string; km_price_c?: number; location?: string; vehicle?: string; rate_year?: number; started_at?: string; returned_at?: string; per_diem_full?: number; per_diem_partial?: number }[];
}

async function claim(db: Db, tenantId: number, personId: number, s: Seed): Promise<number> {
  const amount = s.items.reduce((a, i) => a + i.amount_c, 0);
  const c = await db
    .insertInto('expense_claims')
    .values({
      tenant_id: tenantId,
      person_id: personId,
      person_name: 'Kalle Kuluttaja',
      person_account_number: s.account ?? IBAN,
      status: s.status,
      description: `Syksyn talkoot ${s.status}`,
      amount_c: amount,
      item_count: s.items.length,
      date_min: s.items[0]!.date,
      date_max: s.items[0]!.date,
      author_id: personId,
      created_at: NOW,
      updated_at: NOW,
      date_accepted: s.status === 'pending' ? null : NOW,
      date_rejected: null,
      rejection_reason: null,
      date_paid: s.batch ? NOW : null,
      paid_batch: s.batch ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let position = 0;
  for (const i of s.items) {
    await db
      .insertInto('expense_claim_items')
      .values({ tenant_id: tenantId, claim_id: c.id, position: position++, description: i.description ?? '', ...i, receipt_id: i.receipt_id ?? null })
      .execute();
  }
  return c.id;
}

describe(`expense claims printout (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Kulukerho ry' });
  const { t, tenant, admin } = ctx;

  async function get(c: Client, url: string) {
    const headers: Record<string, string> = { host: c.host };
    if (c.jar.size > 0) headers.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return t.app.inject({ method: 'GET', url, headers });
  }
  /** The text as lines (words of a row joined by a space), page by page. */
  async function text(pdf: Buffer): Promise<string> {
    const rows: PdfWord[][] = [];
    for (const w of (await pdfWords(pdf)).sort((a, b) => a.page - b.page || a.yMin - b.yMin || a.xMin - b.xMin)) {
      const row = rows.find((r) => r[0]!.page === w.page && Math.abs(r[0]!.yMin - w.yMin) < 2);
      if (row) row.push(w);
      else rows.push([w]);
    }
    return rows.map((r) => r.sort((a, b) => a.xMin - b.xMin).map((w) => w.text).join(' ')).join('\n');
  }

  it('a payment batch: the claims and items, totals, rate sources, the barcode of the account and total, then the receipts', async () => {
    const db = t.deps.db;
    const png = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#dddddd' } }).png().toBuffer();
    const image = await file(db, tenant.tenant.id, 'image/png', png);
    const pdfReceipt = await file(db, tenant.tenant.id, 'application/pdf', await receiptPdf());
    const broken = await file(db, tenant.tenant.id, 'application/pdf', Buffer.from('%PDF-1.4 not really'));
    const batch = '20261120120000';
    await claim(db, tenant.tenant.id, 501, {
      status: 'paid',
      batch,
      items: [
        { type: 'receipt', amount_c: 1250, date: '2026-11-02', description: 'Kahvit talkoisiin', receipt_id: image },
        { type: 'km', amount_c: 6787, date: '2026-11-03', location: 'Helsinki–Tampere', vehicle: 'Oma auto', km: '123.4', km_price_c: 55, rate_year: 2026 },
      ],
    });
    await claim(db, tenant.tenant.id, 501, {
      status: 'paid',
      batch,
      items: [
        { type: 'per_diem', amount_c: 7900, date: '2026-11-05', location: 'Turku', started_at: '2026-11-05T08:00', returned_at: '2026-11-06T18:00', per_diem_full: 1, per_diem_partial: 1, rate_year: 2026 },
        { type: 'receipt', amount_c: 2000, date: '2026-11-05', description: 'Junaliput', receipt_id: pdfReceipt },
        { type: 'receipt', amount_c: 500, date: '2026-11-05', description: 'Pysäköinti', receipt_id: broken },
      ],
    });
    // Not in this batch: another batch, and an accepted claim.
    await claim(db, tenant.tenant.id, 501, { status: 'paid', batch: '20261101090000', items: [{ type: 'receipt', amount_c: 99999, date: '2026-10-01', description: 'Toinen erä' }] });
    await claim(db, tenant.tenant.id, 501, { status: 'accepted', items: [{ type: 'receipt', amount_c: 4321, date: '2026-11-10', description: 'Hyväksytty kulu' }] });

    const res = await get(admin, `/claim_download_pdf/501/${IBAN}/paid/${batch}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    const words = await text(pdf);
    for (const s of [
      'Kulukerho ry',
      'Kulukorvaukset',
      'Kalle Kuluttaja',
      'FI21 1234 5600 0007 85',
      'BIC NDEAFIHH',
      'Maksuerä 20.11.2026 (20261120120000)',
      '2.11.2026 Kuitti Kahvit talkoisiin 12,50 €',
      'Helsinki–Tampere, Oma auto · 123,4 km × 0,55 € 67,87 €',
      '3.11.2026 Kilometrikorvaus',
      '67,87 €',
      'Päiväraha Turku · 5.11.2026 klo 08.00 – 6.11.2026 klo 18.00 · 79,00 €',
      '1 × kokopäiväraha, 1 × osapäiväraha',
      'Kilometrikorvaus',
      'Hakemus yhteensä 80,37 €',
      'Hakemus yhteensä 104,00 €',
      'Yhteensä maksettavaa 184,37 €',
      'Verohallinnon päätös verovapaista matkakustannusten korvauksista vuonna 2026',
      'Kuitti, hakemus 1, 2.11.2026: Kahvit talkoisiin',
      'Junaliput (sivu 2/2)',
      'Kuitti on liitteenä rekisterissä',
    ]) expect(words, words).toContain(s);
    expect(words).not.toContain('Toinen erä');
    expect(words).not.toContain('Hyväksytty kulu');
    // Page 1, the image, the PDF receipt's two pages (the second rendered from an image: no text), the broken one's note.
    expect(await pdfPageCount(pdf)).toBe(5);
    const code = virtualBarcode({ iban: IBAN, amountCents: 18437, reference: '', dueDate: null });
    expect(code).toBe('421123456000007850001843700000000000000000000000000000');
    expect(await decodeBarcode(await pageToPng(pdf, 1, 3508), 'code128')).toBe(code);
    expect(words).toContain(code);
  });

  it("accepted: that claimant-account's accepted claims; a foreign IBAN gets no barcode but the IBAN and amount", async () => {
    const db = t.deps.db;
    await claim(db, tenant.tenant.id, 502, { status: 'accepted', items: [{ type: 'receipt', amount_c: 1000, date: '2026-11-10', description: 'Tulosteet' }] });
    await claim(db, tenant.tenant.id, 502, { status: 'pending', items: [{ type: 'receipt', amount_c: 2000, date: '2026-11-10', description: 'Odottaa vielä' }] });
    const se = 'SE4550000000058398257466';
    await claim(db, tenant.tenant.id, 502, { status: 'accepted', account: se, items: [{ type: 'receipt', amount_c: 3000, date: '2026-11-11', description: 'Ruotsin tilille' }] });

    const res = await get(admin, `/claim_download_pdf/502/${IBAN}/accepted/1732100000.pdf`);
    expect(res.statusCode).toBe(200);
    const words = await text(res.rawPayload);
    expect(words).toContain('Hyväksytyt, maksua odottavat');
    expect(words).toContain('Tulosteet');
    expect(words).not.toContain('Odottaa vielä');
    expect(words).not.toContain('Ruotsin tilille');
    expect(await decodeBarcode(await pageToPng(res.rawPayload, 1, 3508), 'code128')).toBe(virtualBarcode({ iban: IBAN, amountCents: 1000, reference: '', dueDate: null }));

    const foreign = await get(admin, `/claim_download_pdf/502/${se}/accepted/1`);
    expect(foreign.statusCode).toBe(200);
    const fw = (await text(foreign.rawPayload)).replace(/\s+/g, ' ');
    expect(fw).toContain('Ruotsin tilille');
    expect(fw).toContain('Tili SE45 5000 0000 0583 9825 7466');
    expect(fw).toContain('30,00 €');
    expect(fw).not.toContain('Virtuaaliviivakoodi');
    await expect(decodeBarcode(await pageToPng(foreign.rawPayload, 1, 3508), 'code128')).rejects.toThrow();
  });

  it("another association's claims, nothing found or bad parts are 404; members and the signed-out are refused", async () => {
    const db = t.deps.db;
    await claim(db, tenant.tenant.id, 503, { status: 'accepted', items: [{ type: 'receipt', amount_c: 1000, date: '2026-11-10', description: 'Oma' }] });
    const url = `/claim_download_pdf/503/${IBAN}/accepted/1`;
    expect((await get(admin, url)).statusCode).toBe(200);
    const other = await makeTenant(t.deps, 'Toinen kerho ry');
    expect((await get(await adminClient(t, other), url)).statusCode).toBe(404);
    expect((await get(admin, `/claim_download_pdf/503/${IBAN}/pending/1`)).statusCode).toBe(404);
    expect((await get(admin, `/claim_download_pdf/503/${IBAN}/paid/20261120120000`)).statusCode).toBe(404);
    expect((await get(admin, `/claim_download_pdf/503/${IBAN}/bogus/1`)).statusCode).toBe(404);
    expect((await get(admin, `/claim_download_pdf/abc/${IBAN}/accepted/1`)).statusCode).toBe(404);
    expect((await get(await memberClient(t, tenant), url)).statusCode).toBe(403);
    expect((await get(new Client(t.app, admin.host), url)).statusCode).toBe(401);
  });
});
