import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { ADMIN_PASSWORD, Client, memberClient, testDialect } from '../../test/harness';
import { makeField, makeMember } from '../../test/factories';
import { appliedStatement, bareInstance } from '../../test/factories/bank-payments';
import { insertMessage } from '../../test/factories/sent-message';
import { enableClaims, outboxMails, receiptClaim } from '../../test/factories/expenseclaims';
import { issueLink, newLinkToken } from '../updreqs/links-repo';
import { append } from '../log/repo';
import type { Member } from '../../db/schema';
import { getRaw } from '../../test/factories/receipt';
import { LinkClient } from '../../test/linkClient';
import { DATA_EXPORT_REQUEST_WINDOW_MS } from './data-export-service';
import { DATA_EXPORT_MAX_ROWS } from './data-export-repo';
import { appendMany } from '../history/repo';

// A person's data export (GDPR Art. 15): two members with every kind of data; the export of
// one holds each kind and nothing of the other.

describe(`a person's data export (${testDialect})`, () => {
  const ctx = adminContext();
  const { t, tenant, admin } = ctx;
  const people: { m: Member; client: Client; invoiceNumber: number }[] = [];

  async function seed(first: string, last: string, email: string, phone: string, city: string) {
    const db = t.deps.db;
    const tid = tenant.tenant.id;
    const m = await makeMember(t.deps, tenant, { firstname: first, lastname: last, email, phone, password: ADMIN_PASSWORD, member_since: '2020-03-01' });
    const client = new Client(t.app, tenant.tenant.hostname!, { ip: `10.9.0.${String(people.length + 1)}` });
    await client.login(email);
    // Fields and history (the admin's save: a history entry and a log line about them).
    const saved = await admin.post(`/api/1/members/${String(m.id)}`, { address_city: city, salainen_huomio: `Huomio ${last}`, jarjestajat: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // An announcement delivered to them, and their address's up-to-dateness.
    await insertMessage(t.deps, tid, { media: 'email', status: 'sent', subject: `Kevätkokous ${last}`, deliveries: [{ memberId: m.id, address: email, status: 'sent' }] });
    await db.insertInto('contact_states').values({ tenant_id: tid, member_id: m.id, medium: 'email', address: email, outcome: 'confirmed', at: new Date().toISOString() }).execute();
    // An invoice with a payment from the bank.
    const instanceId = await bareInstance(db, tid, { member_id: m.id, amount_c: 2500 });
    const inst = await db.selectFrom('invoice_instances').selectAll().where('id', '=', instanceId).executeTakeFirstOrThrow();
    const bank = await appliedStatement(db, tid, [{ amount_c: 2500, payer_name: `${first} ${last}`, reference: inst.reference, message: `Jäsenmaksu ${last}`, state: 'booked' }]);
    await db
      .insertInto('invoice_actions')
      .values({ tenant_id: tid, instance_id: instanceId, action_type: 'payment', amount_c: 2500, comment: '', pay_date: '2026-03-02', payer_name: `${first} ${last}`, bank_payment_id: bank.paymentIds[0]!, created_at: new Date().toISOString() })
      .execute();
    // An expense claim with a receipt.
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const claim = await receiptClaim(client, jpeg, { description: `Retki ${last}` });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    // A member card and an edit link.
    await db.insertInto('member_cards').values({ tenant_id: tid, member_id: m.id, token_hash: newLinkToken(), message_id: null, delivery_id: null, valid_until: '2026-12-31', created_at: new Date().toISOString(), opened_at: null }).execute();
    await issueLink(db, { tenantId: tid, memberId: m.id, source: 'ordered', token: newLinkToken(), at: t.clock.now() });
    people.push({ m, client, invoiceNumber: inst.invoice_number });
  }

  beforeAll(async () => {
    await makeField(admin, { name: 'salainen_huomio', label: 'Salainen huomio', type: 'text', visibility: 0 });
    expect((await admin.post('/api/1/groups/new', { name: 'jarjestajat', label: 'Järjestäjät' })).status).toBe(200);
    expect((await enableClaims(admin)).status).toBe(200);
    await seed('Aino', 'Aaltonen', 'aino.aaltonen@example.fi', '+358401111111', 'Espoo');
    await seed('Bertta', 'Björklund', 'bertta.bjorklund@example.fi', '+358402222222', 'Vantaa');
    // A line of a bulk edit naming both: the export of one keeps only their own value.
    await append(t.deps.db, tenant.tenant.id, {
      event: 'members_bulkupdate',
      context: 'members',
      data: [
        { field: 'email', label: 'Sähköposti', old: 'aino.aaltonen@example.fi', new: null },
        { field: 'email', label: 'Sähköposti', old: 'bertta.bjorklund@example.fi', new: null },
      ],
      authorId: null,
      at: new Date().toISOString(),
    });
  });

  it('holds every kind of data of the member, and nothing of the other member', async () => {
    const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
    const r = await admin.get(`/api/1/members/${String(a.m.id)}/data_export.json`);
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="jasentiedot-${String(a.m.id)}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    const e = r.body;
    expect(e).toMatchObject({ format_version: 1, association: { name: tenant.tenant.name } });
    expect(typeof e.generated_at).toBe('string');
    const field = (name: string) => e.member.fields.find((f: { name: string }) => f.name === name)?.value;
    expect(field('firstname')).toBe('Aino');
    expect(field('address_city')).toBe('Espoo');
    // A hidden (admin-only) field is part of what the register holds.
    expect(field('salainen_huomio')).toBe('Huomio Aaltonen');
    expect(e.member).toMatchObject({ member_number: a.m.id, member_since: '2020-03-01', state: { pending: false, removed: false, active: true }, roles: { site_admin: false, board: false }, mfa: 'off', password_set: true });
    // Their open sign-in (the test client's), without the session id.
    expect(e.member.sessions).toEqual([expect.objectContaining({ ip: '10.9.0.1' })]);
    expect(e.history.entries.some((h: { author: string; changes: { field: string; new: unknown }[] }) => h.changes.some((c) => c.field === 'address_city' && c.new === 'Espoo'))).toBe(true);
    expect(e.groups).toEqual([{ name: 'jarjestajat', label: 'Järjestäjät' }]);
    expect(e.messages.deliveries).toEqual([expect.objectContaining({ kind: 'announcement', subject: 'Kevätkokous Aaltonen', medium: 'email', address: 'aino.aaltonen@example.fi', status: 'sent' })]);
    expect(e.contact_states).toEqual([expect.objectContaining({ medium: 'email', outcome: 'confirmed' })]);
    expect(e.invoices.instances).toHaveLength(1);
    expect(e.invoices.instances[0]).toMatchObject({ invoice_number: a.invoiceNumber, amount_c: 2500 });
    expect(e.invoices.instances[0].actions[0]).toMatchObject({ action_type: 'payment', amount_c: 2500, bank_payment: { amount_c: 2500, payer_name: 'Aino Aaltonen', message: 'Jäsenmaksu Aaltonen' } });
    expect(e.expense_claims.claims).toEqual([expect.objectContaining({ description: 'Retki Aaltonen', amount_c: 1250 })]);
    expect(e.expense_claims.claims[0].items).toHaveLength(1);
    expect(e.expense_claims.claims[0].events.length).toBeGreaterThan(0);
    expect(e.expense_claims.files).toEqual([expect.objectContaining({ filename: expect.any(String), bytes: expect.any(Number) })]);
    expect(e.log.entries.some((l: { event: string; about_them: boolean }) => l.event === 'member_updated' && l.about_them)).toBe(true);
    expect(e.log.naming_them).toEqual([expect.objectContaining({ event: 'members_bulkupdate', changes: [expect.objectContaining({ old: 'aino.aaltonen@example.fi' })] })]);
    expect(e.edit_links).toHaveLength(1);
    expect(e.member_cards).toEqual([expect.objectContaining({ valid_until: '2026-12-31' })]);

    // Nothing of the other member, and no secrets.
    const text = JSON.stringify(e);
    for (const s of ['Bertta', 'Björklund', 'bertta.bjorklund@example.fi', '+358402222222', '402222222', `member:${String(b.m.id)}`, `"invoice_number":${String(b.invoiceNumber)}`, 'Vantaa']) expect(text).not.toContain(s);
    expect(text).not.toMatch(/password_hash|\$argon|\$2[aby]\$|secret_enc|token_hash/);
    const sessionIds = await t.deps.db.selectFrom('sessions').select('id').where('member_id', '=', a.m.id).execute();
    expect(sessionIds.length).toBeGreaterThan(0);
    for (const sid of sessionIds) expect(text).not.toContain(sid.id);
    // The download is logged under the member, authored by the admin.
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'member_data_exported').execute();
    expect(log).toEqual([expect.objectContaining({ context: `member:${String(a.m.id)}`, author_id: tenant.admin.id })]);
  });

  it('the PDF is readable: sections, the name, Finnish amounts', async () => {
    const a = people[0]!;
    const res = await getRaw(t.app, admin, `/api/1/members/${String(a.m.id)}/data_export.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="jasentiedot-\d+-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.rawPayload }).toString('utf8').replace(/[\u00a0\u202f]/g, ' ');
    for (const s of ['Henkilön tiedot: Aino Aaltonen', 'Jäsentiedot', 'Muutoshistoria', 'Ryhmät', 'Järjestäjät', 'Lähetetyt viestit', 'Kevätkokous Aaltonen', 'Laskut ja maksut', '25,00 €', 'Kulukorvaukset', 'Retki Aaltonen', 'Tapahtumaloki', 'Jäsenkortit', 'sivu 1']) expect(text).toContain(s);
    expect(text).not.toContain('Björklund');
  });

  it('also of a removed member and of an application', async () => {
    const removed = await makeMember(t.deps, tenant, { firstname: 'Poistettu', lastname: 'Henkilö', deleted_at: new Date().toISOString() });
    const applicant = await makeMember(t.deps, tenant, { firstname: 'Hakija', lastname: 'Henkilö', pending: 1, applied_at: new Date().toISOString(), application: JSON.stringify({ source: 'form' }) });
    const r1 = await admin.get(`/api/1/members/${String(removed.id)}/data_export.json`);
    expect(r1.body.member.state).toMatchObject({ removed: true });
    const r2 = await admin.get(`/api/1/members/${String(applicant.id)}/data_export.json`);
    expect(r2.body.member.state).toMatchObject({ pending: true });
    expect(r2.body.application).toMatchObject({ details: { source: 'form' } });
  });

  it('caps a very long history at the newest rows and says so, in the JSON and the PDF', async () => {
    const long = await makeMember(t.deps, tenant, { firstname: 'Pitkä', lastname: 'Historia' });
    const base = Date.parse('2025-01-01T00:00:00Z');
    await appendMany(
      t.deps.db,
      tenant.tenant.id,
      Array.from({ length: DATA_EXPORT_MAX_ROWS + 1 }, (_, i) => ({
        memberId: long.id,
        context: 'PersonUpdate' as const,
        data: [{ field: 'address_city', label: 'Postitoimipaikka', old: null, new: `Paikka ${String(i)}` }],
        authorId: null,
        at: new Date(base + i * 60_000).toISOString(),
      })),
    );
    const r = await admin.get(`/api/1/members/${String(long.id)}/data_export.json`);
    expect(r.body.history.truncated).toBe(true);
    expect(r.body.history.entries).toHaveLength(DATA_EXPORT_MAX_ROWS);
    // The newest first; the oldest is the one left out.
    expect(r.body.history.entries[0].changes[0].new).toBe(`Paikka ${String(DATA_EXPORT_MAX_ROWS)}`);
    expect(JSON.stringify(r.body)).not.toContain('"Paikka 0"');
    const pdf = await getRaw(t.app, admin, `/api/1/members/${String(long.id)}/data_export.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.rawPayload, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
    expect(text).toContain('Luettelo on katkaistu');
  }, 60_000);

  it('is for site admins only: board members and members are refused, an unknown id is not found', async () => {
    const id = people[0]!.m.id;
    for (const role of ['board', 'member'] as const) {
      const c = await memberClient(t, tenant, role);
      expect((await c.get(`/api/1/members/${String(id)}/data_export.json`)).status).toBe(403);
      expect((await c.get(`/api/1/members/${String(id)}/data_export.pdf`)).status).toBe(403);
    }
    expect((await admin.get('/api/1/members/99999999/data_export.json')).status).toBe(404);
  });

  it("a member's own request is logged and mailed to them with the PDF and the JSON, once in 24 hours", async () => {
    const a = people[0]!;
    const before = outboxMails(t).length;
    const r = await a.client.post('/api/1/members/request_data_export', {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const events = () =>
      t.deps.db.selectFrom('activity_log').select(['event', 'context', 'author_id']).where('tenant_id', '=', tenant.tenant.id).where('event', 'in', ['member_data_export_requested', 'member_data_export_sent']).orderBy('id').execute();
    for (let i = 0; i < 100 && (await events()).length < 2; i++) await new Promise((ok) => setTimeout(ok, 50));
    expect(await events()).toEqual([
      { event: 'member_data_export_requested', context: `member:${String(a.m.id)}`, author_id: a.m.id },
      { event: 'member_data_export_sent', context: `member:${String(a.m.id)}`, author_id: null },
    ]);
    const mails = outboxMails(t).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('aino.aaltonen@example.fi');
    const raw = fs.readFileSync(lastOutboxFile(t.dataDir), 'utf8');
    expect(raw).toMatch(/filename=.?jasentiedot-\d+-\d{4}-\d{2}-\d{2}\.pdf/);
    expect(raw).toMatch(/filename=.?jasentiedot-\d+-\d{4}-\d{2}-\d{2}\.json/);
    expect(raw).toContain('Content-Type: application/pdf');
    expect(raw).toContain('Content-Type: application/json');

    // Again within 24 hours: refused; after them: accepted.
    const again = await a.client.post('/api/1/members/request_data_export', {});
    expect(again.status).toBe(429);
    expect(again.body).toEqual({ errors: { general: ['members_data_export_rate_limited'] } });
    t.clock.set(new Date(t.clock.now().getTime() + DATA_EXPORT_REQUEST_WINDOW_MS + 60_000).toISOString());
    // (The session has gone idle over the day: sign in again.)
    await a.client.login('aino.aaltonen@example.fi');
    expect((await a.client.post('/api/1/members/request_data_export', {})).status).toBe(200);
  });

  it('by the personal link too; a member without an email gets a clear message', async () => {
    const b = people[1]!;
    const token = newLinkToken();
    await issueLink(t.deps.db, { tenantId: tenant.tenant.id, memberId: b.m.id, source: 'ordered', token, at: t.clock.now() });
    const r = await new LinkClient(t.app, tenant.tenant.hostname!, token).post('/api/1/members/request_data_export', {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const noEmail = await makeMember(t.deps, tenant, { firstname: 'Ilman', lastname: 'Sähköpostia', email: null });
    const token2 = newLinkToken();
    await issueLink(t.deps.db, { tenantId: tenant.tenant.id, memberId: noEmail.id, source: 'ordered', token: token2, at: t.clock.now() });
    const refused = await new LinkClient(t.app, tenant.tenant.hostname!, token2).post('/api/1/members/request_data_export', {});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ errors: { general: ['members_data_export_no_email'] } });
  });
});

function lastOutboxFile(dataDir: string): string {
  const dir = `${dataDir}/outbox`;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  return `${dir}/${files.at(-1)!}`;
}
