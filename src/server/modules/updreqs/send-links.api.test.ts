import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import * as settings from '../settings/repo';
import type { CreatedTenant } from '../tenants/service';
import { EDIT_LINK_ORDERS_MAX_PER_ASSOCIATION, EDIT_LINK_ORDERS_MAX_PER_EMAIL, EDIT_LINK_ORDERS_MAX_PER_IP } from '../../../shared/constants';

// Ordering fresh links (send_edit_links): the same answer for any address, one mail listing
// a link per person the address reaches (children too, through guardian emails), rate limited
// per IP, per typed address and per association.

describe(`ordering edit links (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    send(mail) {
      sent.push(mail);
      return Promise.resolve({ messageId: String(sent.length) });
    },
    close: () => {},
  };
  let n = 0;

  beforeAll(async () => {
    t = await testApp({ mailer, config: { publicUrl: 'https://jasenet.example.fi' } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(new Date('2026-11-20T10:00:00.000Z'));
    a = await makeTenant(t.deps, 'Kuoro Laulu ry');
    sent.length = 0;
  });

  const client = () => new Client(t.app, a.tenant.hostname!, { ip: `10.8.${Math.floor(++n / 250)}.${(n % 250) + 1}` });
  const order = (email: string, c = client()) => c.post('/api/1/updreqs/send_edit_links', { email });
  /** The mail goes out after the reply. */
  async function mailTo(email: string): Promise<OutgoingMail> {
    for (let i = 0; i < 100; i++) {
      const mail = sent.find((m) => m.to === email);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail to ${email}`);
  }
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const tokensIn = (mail: OutgoingMail) => [...mail.text.matchAll(/\/edit_me_h\/([A-Za-z0-9_-]{43})\s/g)].map((x) => x[1]!);
  const links = () => t.deps.db.selectFrom('edit_links').selectAll().where('tenant_id', '=', a.tenant.id).orderBy('id').execute();

  it("asks for the address under the field: 'members_fill_email'", async () => {
    const r = await order('  ');
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { email: ['members_fill_email'] } });
  });

  it('answers the same for known and unknown addresses; only a known one gets a working 24-hour link', async () => {
    const m = await makeMember(t.deps, a, { firstname: 'Maija', lastname: 'Laulaja', email: 'maija@example.fi' });
    const known = await order('  Maija@Example.FI ');
    const unknown = await order('ei-ole@example.fi');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ sent: true });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailTo('maija@example.fi');
    await settle();
    expect(sent).toHaveLength(1);
    expect(mail.subject).toBe('Linkki omien tietojen muokkaamiseen – Kuoro Laulu ry');
    expect(mail.text).toContain('Maija Laulaja:');
    expect(mail.text).toMatch(new RegExp(`https://${a.tenant.hostname!.replace(/\./g, '\\.')}/edit_me_h/[A-Za-z0-9_-]{43}\\s`));
    const [token] = tokensIn(mail);
    expect(await links()).toEqual([expect.objectContaining({ member_id: m.id, source: 'ordered', sent_to: 'maija@example.fi', expires_at: '2026-11-21T10:00:00.000Z' })]);
    expect((await links())[0]!.token_hash).not.toContain(token);
    const r = await client().post('/api/1/updreqs/edit_me_h', { hash: token });
    expect(r.body.member.id).toBe(m.id);
    const log = await t.deps.db.selectFrom('activity_log').select(['event', 'author_id', 'data']).where('tenant_id', '=', a.tenant.id).where('event', '=', 'edit_links_ordered').execute();
    expect(log).toEqual([{ event: 'edit_links_ordered', author_id: null, data: JSON.stringify([{ field: 'count', new: 1 }]) }]);
  });

  it("a guardian's address gets one mail with the child's link too; removed members and applications get none", async () => {
    await settings.set(t.deps.db, a.tenant.id, 'porg_enabled', true);
    const parent = await makeMember(t.deps, a, { firstname: 'Pekka', lastname: 'Isä', email: 'pekka@example.fi' });
    const kid = await makeMember(t.deps, a, { firstname: 'Olli', lastname: 'Poika', email: null, email_porg2: 'pekka@example.fi' });
    await makeMember(t.deps, a, { firstname: 'Poistettu', lastname: 'Lapsi', email: null, email_porg1: 'pekka@example.fi', deleted_at: '2026-01-01T00:00:00.000Z' });
    await makeMember(t.deps, a, { firstname: 'Hakija', lastname: 'Lapsi', email: null, email_porg1: 'pekka@example.fi', pending: 1 });
    expect((await order('pekka@example.fi')).body).toEqual({ sent: true });
    const mail = await mailTo('pekka@example.fi');
    await settle();
    expect(sent).toHaveLength(1);
    expect(mail.text).toContain('Pekka Isä:');
    expect(mail.text).toContain('Olli Poika:');
    expect(mail.text).not.toContain('Poistettu');
    expect(mail.text).not.toContain('Hakija');
    const tokens = tokensIn(mail);
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map(async (hash) => (await client().post('/api/1/updreqs/edit_me_h', { hash })).body.member.id as number));
    expect(opened).toEqual([parent.id, kid.id]);
  });

  it('without guardian emails, a guardian address reaches nobody', async () => {
    await makeMember(t.deps, a, { email: null, email_porg1: 'vain-huoltaja@example.fi' });
    expect((await order('vain-huoltaja@example.fi')).body).toEqual({ sent: true });
    await settle();
    expect(sent).toHaveLength(0);
    expect(await links()).toEqual([]);
  });

  it('limits orders per typed address, per IP and per association (429)', async () => {
    for (let i = 0; i < EDIT_LINK_ORDERS_MAX_PER_EMAIL; i++) expect((await order('sama@example.fi')).status).toBe(200);
    const again = await order('SAMA@example.fi');
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ errors: { general: ['edit_links_rate_limited'] } });

    const one = client();
    for (let i = 0; i < EDIT_LINK_ORDERS_MAX_PER_IP; i++) expect((await order(`ip${String(i)}@example.fi`, one)).status).toBe(200);
    expect((await order('ip-viimeinen@example.fi', one)).status).toBe(429);

    const at = t.clock.now().toISOString();
    const used = await t.deps.db.selectFrom('rate_events').select('key').where('tenant_id', '=', a.tenant.id).where('kind', '=', 'edit_link_order_tenant').execute();
    await t.deps.db
      .insertInto('rate_events')
      .values(Array.from({ length: EDIT_LINK_ORDERS_MAX_PER_ASSOCIATION - used.length }, () => ({ tenant_id: a.tenant.id, kind: 'edit_link_order_tenant', key: 'all', at })))
      .execute();
    expect((await order('uusi@example.fi')).status).toBe(429);
    // The rate table keeps no typed addresses.
    const keys = await t.deps.db.selectFrom('rate_events').select('key').where('tenant_id', '=', a.tenant.id).execute();
    expect(keys.some((k) => k.key.includes('@'))).toBe(false);
  });
});
