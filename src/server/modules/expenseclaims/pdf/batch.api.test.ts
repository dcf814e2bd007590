import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminClient, memberClient, testApp, testDialect, type Client, type TestApp } from '../../../test/harness';
import { enableClaims, IBAN_COMPACT, receiptItem, uploadReceipt } from '../../../test/factories/expenseclaims';
import { decodeBarcode, pageToPng, pdfPageCount, pdfWords } from '../../pdf/poppler';
import { virtualBarcode } from '../../../../shared/finnish/barcode';
import { makeTenant } from '../../../test/harness';

// The printout of a payment batch made through the API as the treasurer does it: a member's
// receipt claim accepted and paid; the batch's printout has the claim, its receipt photo on a
// page of its own and the barcode of the claimant's account and the batch total.

describe(`expense claims batch printout through the API (${testDialect})`, () => {
  let t: TestApp;
  let admin: Client;
  let member: Client;

  beforeAll(async () => {
    t = await testApp();
    t.clock.set('2026-06-15T09:00:00Z');
    const a = await makeTenant(t.deps, 'Maksuseura ry');
    admin = await adminClient(t, a);
    member = await memberClient(t, a);
    await enableClaims(admin, { eclaim_notify: false });
  });
  afterAll(() => t.close());

  async function get(url: string) {
    return t.app.inject({ method: 'GET', url, headers: { host: admin.host, cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  }

  it('mark_paid gives the batch whose printout lists the claims, their receipts and the barcode of the total', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#cce' } }).jpeg().toBuffer();
    const ids: number[] = [];
    let personId = 0;
    for (const [amount, description] of [['12,50', 'Kahvit'], ['7,25', 'Bussiliput']] as const) {
      const up = await uploadReceipt(member, jpeg);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const r = await member.post('/api/1/expenseclaim/save', { description: `Retki ${amount}`, account_number: IBAN_COMPACT, items: [receiptItem(up.body.id as number, { amount, description })] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as number);
      personId = r.body.person_id as number;
    }
    for (const id of ids) expect((await admin.post('/api/1/expenseclaim/update_status', { id, status: 'accepted', comment: '' })).status).toBe(200);

    // Before paying: the accepted ones' printout.
    const before = await get(`/claim_download_pdf/${String(personId)}/${IBAN_COMPACT}/accepted/1`);
    expect(before.statusCode).toBe(200);
    expect(await decodeBarcode(await pageToPng(before.rawPayload, 1, 3508), 'code128')).toBe(virtualBarcode({ iban: IBAN_COMPACT, amountCents: 1975, reference: '', dueDate: null }));

    const paid = await admin.post('/api/1/expenseclaim/mark_paid', { person_id: personId, account_number: IBAN_COMPACT });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ count: 2, amount_c: 1975 });
    const batch = paid.body.batch as string;
    expect(batch).toMatch(/^\d{14}$/);

    const res = await get(`/claim_download_pdf/${String(personId)}/${IBAN_COMPACT}/paid/${batch}`);
    expect(res.statusCode).toBe(200);
    const text = (await pdfWords(res.rawPayload)).map((w) => w.text).join(' ');
    expect(text).toContain('Maksuseura ry');
    expect(text).toContain('Retki 12,50');
    expect(text).toContain('Bussiliput');
    expect(text).toContain('Kahvit');
    expect(text).toContain('19,75');
    // Page 1 and one page for each claim's receipt photo.
    expect(await pdfPageCount(res.rawPayload)).toBe(3);
    expect(await decodeBarcode(await pageToPng(res.rawPayload, 1, 3508), 'code128')).toBe(virtualBarcode({ iban: IBAN_COMPACT, amountCents: 1975, reference: '', dueDate: null }));
    // The accepted ones are paid now: nothing accepted to print.
    expect((await get(`/claim_download_pdf/${String(personId)}/${IBAN_COMPACT}/accepted/2`)).statusCode).toBe(404);
  });
});
