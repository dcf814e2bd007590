import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { EXIF_SECRET, jpegWithMetadata, plainPng, PNG_SCRIPT, pngWithScript, uploadCardImage, XMP_SECRET } from '../../test/factories/card-images';
import { MEMBERCARD_BGIMAGE_MAX_PX, MEMBERCARD_IMAGE_MAX_BYTES, MEMBERCARD_LOGO_MAX_PX, UPLOADS_MAX_PER_MEMBER } from '../../../shared/constants';
import type { CreatedTenant } from '../tenants/service';

// Member card images: every upload is decoded and encoded anew, so no metadata, text chunk or
// script of the sent file reaches the card page; only PNG, JPEG and WebP are read at all.

describe(`member card images (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let admin: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    admin = await adminClient(t, a);
  });
  afterAll(() => t.close());

  const stored = (id: number) => t.deps.db.selectFrom('tenant_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('re-encodes a JPEG background: turned upright, EXIF and XMP gone, logged', async () => {
    const sent = await jpegWithMetadata(40, 20);
    expect(sent.includes(EXIF_SECRET) && sent.includes(XMP_SECRET)).toBe(true);
    const r = await uploadCardImage(admin, 'bgimage', sent, 'tausta.jpg', 'image/jpeg');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Orientation 6 turns the 40 × 20 pixels upright into 20 × 40.
    expect(r.body).toEqual({ id: expect.any(Number), url: `/api/1/membercard/image/${r.body.id}`, width: 20, height: 40 });
    const row = await stored(r.body.id);
    expect(row).toMatchObject({ tenant_id: a.tenant.id, purpose: 'membercard_bgimage', mime: 'image/jpeg', width: 20, height: 40 });
    const data = Buffer.from(row.data);
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.exif, meta.xmp, meta.icc, meta.iptc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(data.includes(EXIF_SECRET)).toBe(false);
    expect(data.includes(XMP_SECRET)).toBe(false);
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'membercard_image_uploaded').execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.data)).toEqual(expect.arrayContaining([{ field: 'kind', new: 'bgimage' }, { field: 'image', new: r.body.id }]));
  });

  it('re-encodes a PNG logo so its text chunk with a script is gone', async () => {
    const sent = await pngWithScript();
    expect((await sharp(sent).metadata()).comments).toHaveLength(1);
    const r = await uploadCardImage(admin, 'logo', sent, 'logo.png', 'image/png');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await stored(r.body.id);
    expect(row.mime).toBe('image/png');
    const data = Buffer.from(row.data);
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('png');
    expect(meta.comments).toBeUndefined();
    expect(data.includes(PNG_SCRIPT)).toBe(false);
    expect(data.includes('<script')).toBe(false);
    expect(data.includes('tEXt')).toBe(false);
  });

  it('scales large images down to the long side limit and reads WebP', async () => {
    const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#336699' } }).webp().toBuffer();
    const logo = await uploadCardImage(admin, 'logo', big, 'iso.webp');
    expect(logo.body).toMatchObject({ width: MEMBERCARD_LOGO_MAX_PX, height: MEMBERCARD_LOGO_MAX_PX / 2 });
    const bg = await uploadCardImage(admin, 'bgimage', big, 'iso.webp');
    expect(bg.body).toMatchObject({ width: MEMBERCARD_BGIMAGE_MAX_PX, height: MEMBERCARD_BGIMAGE_MAX_PX / 2 });
    expect((await stored(logo.body.id)).mime).toBe('image/png');
    expect((await stored(bg.body.id)).mime).toBe('image/jpeg');
  });

  it('refuses SVG, GIF, HTML, PDF, garbage and a broken PNG with parse_failed under the file', async () => {
    const png = await plainPng();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    const files: [string, Buffer | string][] = [
      ['kuva.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'],
      ['kuva.gif', gif],
      ['kuva.html', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
      ['kuva.pdf', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'],
      ['kuva.png', 'ei kuva ollenkaan'],
      ['rikki.png', png.subarray(0, 60)],
      ['tyhja.png', Buffer.alloc(0)],
    ];
    for (const [name, bytes] of files) {
      const r = await uploadCardImage(admin, 'logo', bytes, name, 'image/png');
      expect(r.status, name).toBe(400);
      expect(r.body.errors, name).toEqual({ file: ['membercard_image_parse_failed'] });
    }
  });

  it('refuses a file over 2 MB with too_large', async () => {
    const png = await plainPng();
    const huge = Buffer.concat([png, Buffer.alloc(MEMBERCARD_IMAGE_MAX_BYTES + 1 - png.length, 7)]);
    const r = await uploadCardImage(admin, 'bgimage', huge, 'iso.png');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ file: ['membercard_image_too_large'] });
  });

  it('lets only site admins upload, and knows only logo and bgimage', async () => {
    const member = await memberClient(t, a);
    expect((await uploadCardImage(member, 'logo', await plainPng())).status).toBe(403);
    const board = await memberClient(t, a, 'board');
    expect((await uploadCardImage(board, 'logo', await plainPng())).status).toBe(403);
    const anon = new Client(t.app, a.tenant.hostname!, { ip: '10.5.5.5' });
    expect((await uploadCardImage(anon, 'logo', await plainPng())).status).toBe(401);
    const other = await uploadCardImage(admin, 'favicon', await plainPng());
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ kind: ['_validation_invalid_choice'] });
  });

  it('serves an image without login, immutable and sandboxed; another host gets 404', async () => {
    const up = await uploadCardImage(admin, 'logo', await plainPng());
    const anon = new Client(t.app, a.tenant.hostname!, { ip: '10.5.5.6' });
    const r = await anon.get(up.body.url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBe("default-src 'none'");
    const onB = new Client(t.app, b.tenant.hostname!, { ip: '10.5.5.7' });
    expect((await onB.get(up.body.url)).status).toBe(404);
    expect((await anon.get('/api/1/membercard/image/999999')).status).toBe(404);
    expect((await anon.get('/api/1/membercard/image/abc')).status).toBe(404);
  });

  it('keeps the ten newest unused images of a purpose and every image the design uses', async () => {
    const c = await makeTenant(t.deps, 'Gamma ry');
    const asC = await adminClient(t, c);
    const group = await asC.post('/api/1/groups/new', { name: 'kortti', label: 'Kortti' });
    const first = await uploadCardImage(asC, 'logo', await plainPng(10, 10));
    const saved = await asC.post('/api/1/settings/save', { scope_: 'membercard', membercard_groups: [group.body.id], membercard_logo: first.body.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await uploadCardImage(asC, 'logo', await plainPng(10 + i, 10))).body.id as number);
    const bg = await uploadCardImage(asC, 'bgimage', await plainPng(10, 10));
    const left = (await t.deps.db.selectFrom('tenant_images').select(['id', 'purpose']).where('tenant_id', '=', c.tenant.id).orderBy('id').execute()).map((r) => r.id);
    expect(left).toEqual([first.body.id, ...ids.slice(2), bg.body.id]);
  });

  it('counts uploads per admin before reading them, like the other uploads', async () => {
    const d = await makeTenant(t.deps, 'Delta ry');
    const asD = await adminClient(t, d);
    for (let i = 0; i < UPLOADS_MAX_PER_MEMBER; i++) expect((await uploadCardImage(asD, 'logo', 'ei kuva')).status).toBe(400);
    const r = await uploadCardImage(asD, 'logo', await plainPng());
    expect(r.status).toBe(429);
    expect(r.body.errors).toEqual({ general: ['membercard_upload_rate_limited'] });
  });
});
