import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import type { CreatedTenant } from '../tenants/service';
import { pdfPageCount, pdfWords } from '../pdf/poppler';
import { insertMessage } from '../../test/factories/sent-message';
import { clearPreviewCache, PNG_MAX_PX } from './letter-preview';

// GET /api/1/messages/{id} and the letter previews under /msg/letter-preview/ (site admins of
// the message's association only).

let t: TestApp;

/** The raw bytes of a file reply (the client helper decodes bodies as text). */
async function pdfOf(c: Client, url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: c.host, cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res.rawPayload;
}

describe(`message views for admins (${testDialect})`, () => {
  let a: CreatedTenant;
  let webRoot: string;
  let b: CreatedTenant;
  let asA: Client;

  beforeAll(async () => {
    // A built web app is present, so a /msg/ path that fell through would get index.html.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SPA</title>');
    t = await testApp({ webRoot });
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    asA = await adminClient(t, a);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  describe('GET /api/1/messages/{id}', () => {
    it('gives the message with its deliveries counted per status, every status present', async () => {
      const m = await insertMessage(t.deps, a.tenant.id, {
        media: 'email',
        status: 'sent',
        subject: 'Syyskokous',
        deliveries: [
          { memberId: null, address: 'a@x.fi', status: 'sent' },
          { memberId: null, address: 'b@x.fi', status: 'sent' },
          { memberId: null, address: 'c@x.fi', status: 'read' },
          { memberId: null, address: 'd@x.fi', status: 'bounced' },
          { memberId: null, address: 'e@x.fi', status: 'queued' },
        ],
      });
      const r = await asA.get(`/api/1/messages/${String(m.id)}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        id: m.id,
        kind: 'announcement',
        subject: 'Syyskokous',
        content: '<p>Tervetuloa kevätkokoukseen!</p>',
        msg_media: 'email',
        status: 'sent',
        recipient_count: 5,
        msg_statuses: { queued: 1, sending: 0, sent: 2, unknown: 0, read: 1, bounced: 1, cancelled: 0, confirmed: 0 },
      });
    });

    it('is for site admins only, and another association’s or an unknown id is not found', async () => {
      const m = await insertMessage(t.deps, a.tenant.id, { media: 'email' });
      expect((await new Client(t.app, a.tenant.hostname!).get(`/api/1/messages/${String(m.id)}`)).status).toBe(401);
      expect((await (await memberClient(t, a, 'board')).get(`/api/1/messages/${String(m.id)}`)).status).toBe(403);
      const other = await insertMessage(t.deps, b.tenant.id, { media: 'email' });
      expect((await asA.get(`/api/1/messages/${String(other.id)}`)).body).toEqual({ error: 'not_found' });
      expect((await asA.get('/api/1/messages/99999999')).status).toBe(404);
      expect((await asA.get('/api/1/messages/abc')).status).toBe(404);
    });
  });

  describe('letter previews', () => {
    it('a draft shows the letter to its first recipient a letter reaches', async () => {
      const noAddress = await makeMember(t.deps, a, { firstname: 'Ilman', lastname: 'Osoitetta' });
      const reached = await makeMember(t.deps, a, { firstname: 'Åke', lastname: 'Öhman', address_street: 'Strandvägen 3', address_zip: '65100', address_city: 'Vasa' });
      const m = await insertMessage(t.deps, a.tenant.id, { media: 'letter', addrecips: [noAddress.id, reached.id], content: '<h2>Årsmöte</h2><p>Välkommen!</p>' });
      const pdf = await pdfOf(asA, `/msg/letter-preview/${String(m.id)}.pdf`);
      expect(await pdfPageCount(pdf)).toBe(1);
      const text = (await pdfWords(pdf)).map((w) => w.text).join(' ');
      expect(text).toContain('Alfa ry');
      expect(text).toContain('Åke Öhman Strandvägen 3 65100 Vasa');
      expect(text).toContain('Årsmöte Välkommen!');
      expect(text).not.toContain('Osoitetta');
    });

    it('a draft found by its filter uses the first member A–Ö; with nobody, a sample address', async () => {
      await makeMember(t.deps, a, { firstname: 'Suodatin', lastname: 'Bertta', address_street: 'Katu 2', address_zip: '00200', address_city: 'Helsinki' });
      await makeMember(t.deps, a, { firstname: 'Suodatin', lastname: 'Aalto', address_street: 'Katu 1', address_zip: '00100', address_city: 'Helsinki' });
      const filtered = await insertMessage(t.deps, a.tenant.id, { media: 'pdf', filter: [{ field: 'firstname', verb: 'eq', value: 'Suodatin' }] });
      const text = (await pdfWords(await pdfOf(asA, `/msg/letter-preview/${String(filtered.id)}.pdf`))).map((w) => w.text).join(' ');
      expect(text).toContain('Suodatin Aalto Katu 1 00100 Helsinki');
      const empty = await insertMessage(t.deps, a.tenant.id, { media: 'letter' });
      const sample = (await pdfWords(await pdfOf(asA, `/msg/letter-preview/${String(empty.id)}.pdf`))).map((w) => w.text).join(' ');
      expect(sample).toContain('Maija Esimerkki Esimerkkikatu 1 A 2 00100 Helsinki');
    });

    it('a sent message is the whole file of every letter, each starting on its own sheet; cancelled ones are left out', async () => {
      const m = await insertMessage(t.deps, a.tenant.id, {
        media: 'pdf',
        status: 'sent',
        deliveries: [
          { memberId: null, address: 'Matti Meikäläinen\nKotikatu 1\n00100 Helsinki', status: 'sent' },
          { memberId: null, address: 'Peruttu Vastaanottaja\nKatu 9\n00900 Helsinki', status: 'cancelled' },
          { memberId: null, address: 'Åsa Öberg\nStrandgatan 5\n65100 Vaasa', status: 'sent' },
        ],
      });
      const pdf = await pdfOf(asA, `/msg/letter-preview/${String(m.id)}.pdf`);
      expect(await pdfPageCount(pdf)).toBe(4);
      const words = await pdfWords(pdf);
      expect(words.find((w) => w.text === 'Meikäläinen')?.page).toBe(1);
      expect(words.find((w) => w.text === 'Öberg')?.page).toBe(3);
      expect(words.some((w) => w.text === 'Peruttu')).toBe(false);
    });

    it('page images are real PNGs of capped size, cached per message version', async () => {
      clearPreviewCache();
      const long = Array.from({ length: 14 }, () => `<p>${'Kirjeen tekstiä riviksi ja toiseksi. '.repeat(8)}</p>`).join('');
      const m = await insertMessage(t.deps, a.tenant.id, { media: 'letter', content: long });
      const url = (p: number) => `/msg/letter-preview/${String(m.id)}/${String(p)}.png`;
      const png = await pdfOf(asA, url(2));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(20)).toBe(PNG_MAX_PX); // height: the longer side of A4
      expect(png.readUInt32BE(16)).toBeLessThan(PNG_MAX_PX);
      expect((await asA.get(url(3))).status).toBe(404);
      expect((await asA.get(url(0))).status).toBe(404);
      expect((await asA.get(`/msg/letter-preview/${String(m.id)}/x.png`)).status).toBe(404);
      // Cached: pdftoppm is not needed again for the same version…
      const savedPath = process.env.PATH;
      process.env.PATH = '/nonexistent';
      try {
        expect((await pdfOf(asA, url(2))).equals(png)).toBe(true);
        // …but an edited draft is a new version, and without pdftoppm the answer says why.
        await t.deps.db.updateTable('messages').set({ content: '<p>Lyhyt</p>', updated_at: new Date(Date.now() + 1000).toISOString() }).where('id', '=', m.id).execute();
        const r = await asA.get(url(1));
        expect(r.status).toBe(503);
        expect(String(r.body)).toContain('pdftoppm');
      } finally {
        process.env.PATH = savedPath;
      }
      expect((await asA.get(url(2))).status).toBe(404); // the edited letter has one page
      expect((await pdfOf(asA, url(1))).equals(png)).toBe(false);
    });

    it('is for site admins of the message’s association only; other ids and media are not found', async () => {
      const m = await insertMessage(t.deps, a.tenant.id, { media: 'letter' });
      const pdfUrl = `/msg/letter-preview/${String(m.id)}.pdf`;
      const pngUrl = `/msg/letter-preview/${String(m.id)}/1.png`;
      const anon = new Client(t.app, a.tenant.hostname!);
      for (const u of [pdfUrl, pngUrl]) {
        const r = await anon.request('GET', u, undefined, { accept: 'text/html' });
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ error: 'A4SessionError' });
      }
      const member = await memberClient(t, a);
      expect((await member.get(pdfUrl)).status).toBe(403);
      expect((await member.get(pngUrl)).status).toBe(403);
      // B's admin on B's host, and A's admin asking for B's message: not found.
      const asB = await adminClient(t, b);
      expect((await asB.get(pdfUrl)).status).toBe(404);
      expect((await asB.get(pngUrl)).status).toBe(404);
      const bMsg = await insertMessage(t.deps, b.tenant.id, { media: 'letter' });
      expect((await asA.get(`/msg/letter-preview/${String(bMsg.id)}.pdf`)).status).toBe(404);
      expect((await asA.get(`/msg/letter-preview/${String(bMsg.id)}/1.png`)).status).toBe(404);
      // A's session cookie does not carry over to B's host.
      const stolen = new Client(t.app, b.tenant.hostname!);
      for (const [k, v] of asA.jar) stolen.jar.set(k, v);
      expect((await stolen.get(`/msg/letter-preview/${String(bMsg.id)}.pdf`)).status).toBe(401);
      // An email message has no letter.
      const email = await insertMessage(t.deps, a.tenant.id, { media: 'email' });
      expect((await asA.get(`/msg/letter-preview/${String(email.id)}.pdf`)).status).toBe(404);
      expect((await asA.get('/msg/letter-preview/abc.pdf')).status).toBe(404);
    });

    it('is not swallowed by the single-page app', async () => {
      const anon = new Client(t.app, a.tenant.hostname!);
      const r = await anon.request('GET', '/msg/letter-preview/1.pdf', undefined, { accept: 'text/html' });
      expect(String(r.headers['content-type'])).not.toContain('text/html');
      const cut = await anon.request('GET', '/msg/show/email', undefined, { accept: 'text/html' });
      expect(cut.status).toBe(404);
      expect(String(cut.body)).toContain('Viestiä ei löytynyt');
      expect(String(cut.body)).not.toContain('SPA');
      // Client-side routes still get the app.
      expect(String((await anon.request('GET', '/members', undefined, { accept: 'text/html' })).body)).toContain('SPA');
    });
  });
});
