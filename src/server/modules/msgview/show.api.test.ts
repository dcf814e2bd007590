import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import type { CreatedTenant } from '../tenants/service';
import { deliveryToken } from '../outbox/tokens';
import { insertMessage } from '../../test/factories/sent-message';

// The public web view of a delivery: /msg/show/{media}/{token}.

describe(`message web view (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let anon: Client;
  const token = (id: number) => deliveryToken(t.deps.config.sessionSecret, 'show', id);
  const delivery = (id: number) => t.deps.db.selectFrom('deliveries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa & Omega ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    anon = new Client(t.app, a.tenant.hostname!);
  });
  afterAll(() => t.close());

  it('shows the message as the recipient sees it, without login, on a small Finnish page with a strict CSP', async () => {
    const m = await insertMessage(t.deps, a.tenant.id, {
      media: 'email',
      status: 'sent',
      subject: 'Kokous <b>tänään</b>',
      content: '<h2>Tervetuloa</h2><p onclick="steal()">Lue <a href="https://seura.fi/x">lisää</a> <a href="javascript:alert(1)">tästä</a></p><script>alert("x")</script><img src="https://track.example/p.gif"><iframe src="https://evil.example"></iframe>',
      deliveries: [{ memberId: null, address: 'a@x.fi', status: 'sent' }],
    });
    const r = await anon.get(`/msg/show/email/${token(m.deliveryIds[0]!)}`);
    expect(r.status).toBe(200);
    expect(String(r.headers['content-type'])).toBe('text/html; charset=utf-8');
    const html = String(r.body);
    expect(html).toMatch(/^<!doctype html>\n<html lang="fi">/);
    expect(html).toContain('<title>Kokous &lt;b&gt;tänään&lt;/b&gt; – Alfa &amp; Omega ry</title>');
    expect(html).toContain('<h1>Kokous &lt;b&gt;tänään&lt;/b&gt;</h1>');
    expect(html).toContain('<h2>Tervetuloa</h2>');
    expect(html).toContain('<a href="https://seura.fi/x" target="_blank" rel="noopener noreferrer">lisää</a>');
    expect(html).not.toMatch(/<script>alert|onclick|javascript:|<img|<iframe|track\.example/);
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('marks the delivery read once (from sent or unknown), and confirms the member’s current address', async () => {
    const member = await makeMember(t.deps, a, { email: 'lukija@example.fi' });
    const m = await insertMessage(t.deps, a.tenant.id, {
      media: 'email',
      status: 'sent',
      deliveries: [
        { memberId: member.id, address: 'lukija@example.fi', status: 'sent' },
        { memberId: null, address: 'u@x.fi', status: 'unknown' },
        { memberId: null, address: 'b@x.fi', status: 'bounced' },
        { memberId: null, address: 'q@x.fi', status: 'queued' },
      ],
    });
    const [sent, unknown, bounced, queued] = m.deliveryIds as [number, number, number, number];
    // A link checker's HEAD request is not a reader.
    expect((await anon.request('HEAD', `/msg/show/email/${token(sent)}`)).status).toBe(200);
    expect((await delivery(sent)).status).toBe('sent');
    t.clock.set('2026-11-24T10:00:00.000Z');
    expect((await anon.get(`/msg/show/email/${token(sent)}`)).status).toBe(200);
    const first = await delivery(sent);
    expect(first.status).toBe('read');
    expect(first.status_at).toBe('2026-11-24T10:00:00.000Z');
    const state = await t.deps.db.selectFrom('contact_states').selectAll().where('member_id', '=', member.id).executeTakeFirstOrThrow();
    expect(state).toMatchObject({ medium: 'email', address: 'lukija@example.fi', outcome: 'confirmed', at: '2026-11-24T10:00:00.000Z' });
    // Opening it again changes nothing.
    t.clock.set('2026-11-25T10:00:00.000Z');
    expect((await anon.get(`/msg/show/email/${token(sent)}`)).status).toBe(200);
    expect(await delivery(sent)).toEqual(first);
    expect((await t.deps.db.selectFrom('contact_states').select('at').where('member_id', '=', member.id).executeTakeFirstOrThrow()).at).toBe('2026-11-24T10:00:00.000Z');
    await anon.get(`/msg/show/email/${token(unknown)}`);
    expect((await delivery(unknown)).status).toBe('read');
    // A bounced or still queued delivery shows the message but keeps its status.
    expect((await anon.get(`/msg/show/email/${token(bounced)}`)).status).toBe(200);
    expect((await delivery(bounced)).status).toBe('bounced');
    await anon.get(`/msg/show/email/${token(queued)}`);
    expect((await delivery(queued)).status).toBe('queued');
  });

  it('does not confirm an address the member no longer has', async () => {
    const member = await makeMember(t.deps, a, { email: 'uusi@example.fi' });
    const m = await insertMessage(t.deps, a.tenant.id, { media: 'email', status: 'sent', deliveries: [{ memberId: member.id, address: 'vanha@example.fi', status: 'sent' }] });
    await anon.get(`/msg/show/email/${token(m.deliveryIds[0]!)}`);
    expect((await delivery(m.deliveryIds[0]!)).status).toBe('read');
    expect(await t.deps.db.selectFrom('contact_states').selectAll().where('member_id', '=', member.id).execute()).toEqual([]);
  });

  it('shows an SMS as escaped plain text with its line breaks', async () => {
    const m = await insertMessage(t.deps, a.tenant.id, { media: 'sms', status: 'sent', subject: '', content: 'Hei <script>x</script>\nToinen rivi & loppu', deliveries: [{ memberId: null, address: '+358401234567', status: 'sent' }] });
    const html = String((await anon.get(`/msg/show/sms/${token(m.deliveryIds[0]!)}`)).body);
    expect(html).toContain('<p>Hei &lt;script&gt;x&lt;/script&gt;<br>Toinen rivi &amp; loppu</p>');
    expect(html).toContain('<title>Viesti – Alfa &amp; Omega ry</title>');
  });

  it('answers a bad, foreign or mismatched link with a Finnish 404 page and changes nothing', async () => {
    const m = await insertMessage(t.deps, a.tenant.id, { media: 'email', status: 'sent', deliveries: [{ memberId: null, address: 'a@x.fi', status: 'sent' }] });
    const id = m.deliveryIds[0]!;
    const good = token(id);
    const bMsg = await insertMessage(t.deps, b.tenant.id, { media: 'email', status: 'sent', deliveries: [{ memberId: null, address: 'b@x.fi', status: 'sent' }] });
    const cancelled = await insertMessage(t.deps, a.tenant.id, { media: 'email', status: 'cancelled', deliveries: [{ memberId: null, address: 'c@x.fi', status: 'cancelled' }] });
    const urls = [
      `/msg/show/email/${String(id)}.AAAAAAAAAAAAAA`, // forged tag
      `/msg/show/email/${String(id + 1)}.${good.split('.')[1]!}`, // another id with this tag
      `/msg/show/email/${deliveryToken(t.deps.config.sessionSecret, 'verp', id)}`, // a token for another purpose
      `/msg/show/email/${deliveryToken('another-secret', 'show', id)}`,
      `/msg/show/email/roskaa`,
      `/msg/show/sms/${good}`, // right delivery, wrong medium
      `/msg/show/fax/${good}`,
      `/msg/show/email/${token(bMsg.deliveryIds[0]!)}`, // B's delivery on A's host
      `/msg/show/email/${token(cancelled.deliveryIds[0]!)}`,
    ];
    for (const url of urls) {
      const r = await anon.request('GET', url, undefined, { accept: 'text/html' });
      expect(r.status, url).toBe(404);
      const html = String(r.body);
      expect(html).toContain('<html lang="fi">');
      expect(html).toContain('<title>Viestiä ei löytynyt</title>');
      expect(html).not.toContain('Kevätkokous');
    }
    expect((await delivery(id)).status).toBe('sent');
    expect((await delivery(bMsg.deliveryIds[0]!)).status).toBe('sent');
    // On B's own host the B link works.
    expect((await new Client(t.app, b.tenant.hostname!).get(`/msg/show/email/${token(bMsg.deliveryIds[0]!)}`)).status).toBe(200);
  });
});
