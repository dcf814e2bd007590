import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { EXIF_SECRET, jpegWithMetadata, pngWithScript, PNG_SCRIPT } from '../../test/factories/card-images';
import { enableClaims, receiptPdf, uploadReceipt } from '../../test/factories/expenseclaims';
import { EXPENSE_RECEIPT_MAX_BYTES, EXPENSE_RECEIPT_MAX_PX, EXPENSE_UNATTACHED_FILE_TTL_MS, UPLOADS_MAX_PER_MEMBER } from '../../../shared/constants';
import { cleanupUploads } from '../importer/cleanup';
import { pdfHasActiveContent } from './files';
import type { CreatedTenant } from '../tenants/service';

// Receipt files: images are re-encoded (no metadata survives), PDFs are read by poppler and
// refused when they carry scripts; a receipt is served only to its uploader and the site admins.

describe(`expense claim receipts (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let anna: Client;
  let ben: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    anna = await memberClient(t, a);
    ben = await memberClient(t, a);
    await enableClaims(admin);
  });
  afterAll(() => t.close());

  const stored = (id: number) => t.deps.db.selectFrom('expense_claim_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('re-encodes a photo as JPEG: turned upright, EXIF gone, scaled down', async () => {
    const sent = await jpegWithMetadata(40, 20);
    const r = await uploadReceipt(anna, sent, 'kuitti.jpg', 'image/jpeg');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number), url: `/api/1/expenseclaim/receipt/${r.body.id}`, mime: 'image/jpeg', pages: null, filename: 'kuitti.jpg' });
    const row = await stored(r.body.id);
    const data = Buffer.from(row.data);
    const meta = await sharp(data).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(['jpeg', 20, 40, undefined, undefined]);
    expect(data.includes(EXIF_SECRET)).toBe(false);
    expect(row).toMatchObject({ tenant_id: a.tenant.id, claim_id: null, width: 20, height: 40, bytes: data.length });

    const png = await uploadReceipt(anna, await pngWithScript());
    expect((await stored(png.body.id)).mime).toBe('image/jpeg');
    expect(Buffer.from((await stored(png.body.id)).data).includes(PNG_SCRIPT)).toBe(false);
    const big = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#fff' } }).webp().toBuffer();
    const scaled = await stored((await uploadReceipt(anna, big, 'iso.webp')).body.id);
    expect([scaled.width, scaled.height]).toEqual([EXPENSE_RECEIPT_MAX_PX, EXPENSE_RECEIPT_MAX_PX / 2]);
  });

  it('keeps a real PDF with its page count and refuses one with JavaScript', async () => {
    const ok = await uploadReceipt(anna, await receiptPdf(), 'kuitti.pdf', 'application/pdf');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ mime: 'application/pdf', pages: 1 });
    const js = await receiptPdf({ javascript: true });
    expect(pdfHasActiveContent(js)).toBe(true);
    const bad = await uploadReceipt(anna, js, 'paha.pdf', 'application/pdf');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ file: ['expense_receipt_parse_failed'] });
    // A name spelt with #xx escapes is the same name.
    expect(pdfHasActiveContent(Buffer.from('%PDF-1.4\n1 0 obj<</S/J#61vaScript>>endobj'))).toBe(true);
    // A script hidden in a compressed object stream is found too; a plain content stream is not read as one.
    const objStm = (type: string) => Buffer.concat([Buffer.from(`%PDF-1.5\n5 0 obj<</Type/${type}/N 1/First 4/Filter/FlateDecode>>stream\n`, 'latin1'), zlib.deflateSync(Buffer.from('7 0 <</S/JavaScript/JS(app.alert(1))>>')), Buffer.from('\nendstream\nendobj\n')]);
    expect(pdfHasActiveContent(objStm('ObjStm'))).toBe(true);
    expect(pdfHasActiveContent(objStm('XObject'))).toBe(false);
  });

  it('refuses a broken PDF, HTML, SVG, garbage and an oversize file under the field', async () => {
    for (const [name, bytes] of [
      ['rikki.pdf', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'],
      ['sivu.html', '<!doctype html><script>alert(1)</script>'],
      ['kuva.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['roska.jpg', Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3])],
    ] as const) {
      const r = await uploadReceipt(anna, bytes, name);
      expect([name, r.status, r.body.errors]).toEqual([name, 400, { file: ['expense_receipt_parse_failed'] }]);
    }
    const huge = await uploadReceipt(anna, Buffer.alloc(EXPENSE_RECEIPT_MAX_BYTES + 1, 1), 'iso.jpg');
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ errors: { file: ['expense_receipt_too_large'] }, params: { max: '10' } });
  });

  it('serves a receipt to its uploader and a site admin only, inline, not sniffable, no scripts', async () => {
    const up = await uploadReceipt(anna, await receiptPdf(), 'kuitti.pdf');
    const own = await anna.get(up.body.url);
    expect(own.status).toBe(200);
    expect(own.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'" });
    expect(String(own.headers['content-disposition'])).toMatch(/^inline/);
    expect((await admin.get(up.body.url)).status).toBe(200);
    expect((await ben.get(up.body.url)).status).toBe(404);
    expect((await new Client(t.app, a.tenant.hostname!).get(up.body.url)).status).toBe(401);
  });

  it('deletes unattached uploads older than a day in the upload cleanup, keeping attached ones', async () => {
    const loose = await uploadReceipt(ben, await jpegWithMetadata(8, 8));
    const kept = await uploadReceipt(ben, await jpegWithMetadata(8, 8));
    await t.deps.db.updateTable('expense_claim_files').set({ claim_id: 12345 }).where('id', '=', kept.body.id).execute();
    t.clock.advance(EXPENSE_UNATTACHED_FILE_TTL_MS + 60_000);
    await cleanupUploads(t.deps);
    const left = await t.deps.db.selectFrom('expense_claim_files').select('id').where('id', 'in', [loose.body.id, kept.body.id]).execute();
    expect(left.map((r) => r.id)).toEqual([kept.body.id]);
  });

  it('counts uploads per member: past the limit a banner, before the file is read', async () => {
    const carl = await memberClient(t, a);
    for (let i = 0; i < UPLOADS_MAX_PER_MEMBER; i++) expect((await uploadReceipt(carl, 'ei kuva')).status).toBe(400);
    const r = await uploadReceipt(carl, await jpegWithMetadata(8, 8));
    expect(r.status).toBe(429);
    expect(r.body.errors).toEqual({ general: ['expense_upload_rate_limited'] });
  });
});
