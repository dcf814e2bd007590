import { beforeEach, describe, expect, it } from 'vitest';
import { adminContext, type AdminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { invoiceSettings, sentInvoice, testIban } from '../../test/factories/invoice';
import { createReference } from '../../../shared/finnish/reference';
import { createRfReference } from '../../../shared/finnish/rf-reference';
import { smsNoticeText } from '../../../shared/invoices/sms-notice';
import { creditByOperator, currentBalance } from '../payments/balance';
import { helsinkiToday } from './present';

// Invoices over the API: preview, drafts, sending (free and priced), numbering and references,
// the refusals before sending, and adding recipients. Reading is in invoices-read.api.test.ts.

const row = (amount: string, vat = 0, title = 'Jäsenmaksu') => ({ title, amount_with_vat: amount, vat_percent: vat });

function dayAfter(ctx: AdminContext, days: number): string {
  const d = new Date(`${helsinkiToday(ctx.t.clock.now())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function setOrg(ctx: AdminContext, over: Record<string, unknown>) {
  const s = (await ctx.admin.get('/api/1/settings')).body;
  const r = await ctx.admin.post('/api/1/settings/save', {
    scope_: 'organisation',
    name_: s.name_,
    reply_to_email: s.reply_to_email,
    business_id: s.business_id,
    bank_account: s.bank_account,
    vat_obliged: s.vat_obliged,
    porg_enabled: s.porg_enabled,
    invoice_rf_reference: s.invoice_rf_reference,
    ...over,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

describe(`invoices: compose and send (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Laskuseura ry' });
  const { t, tenant, admin } = ctx;
  const db = () => t.deps.db;
  const kuoro = [{ field: 'lastname', verb: 'starts', value: 'Kuoro' }];
  let seq = 0;
  const member = (over: Parameters<typeof makeMember>[2] = {}) => {
    seq += 1;
    return makeMember(t.deps, tenant, { lastname: `Kuoro${seq}`, email: `kuoro${seq}@example.fi`, phone: null, address_street: `Kuorotie ${seq}`, address_zip: '00100', address_city: 'Helsinki', ...over });
  };
  const body = (over: Record<string, unknown> = {}) => ({
    msg_media: 'email',
    subject: 'Jäsenmaksu 2026',
    description: '<p>Vuoden jäsenmaksu.</p>',
    invoice_rows_: [row('25,00')],
    date_due: dayAfter(ctx, 14),
    filter: kuoro,
    ...over,
  });
  const instancesOf = (invoiceId: number) => db().selectFrom('invoice_instances').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();
  const messageOf = async (invoiceId: number) => {
    const inv = await db().selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
    return db().selectFrom('messages').selectAll().where('id', '=', inv.message_id).executeTakeFirstOrThrow();
  };
  const deliveriesOf = (messageId: number) => db().selectFrom('deliveries').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
  const logOf = (event: string) => db().selectFrom('activity_log').selectAll().where('tenant_id', '=', tenant.tenant.id).where('event', '=', event).execute();

  beforeEach(async () => {
    await invoiceSettings(ctx);
    await setOrg(ctx, { vat_obliged: false, invoice_rf_reference: false });
    // Every test starts from a register with only its own Kuoro members.
    await db().updateTable('members').set({ deleted_at: '2026-01-01T00:00:00.000Z' }).where('tenant_id', '=', tenant.tenant.id).where('lastname', 'like', 'Kuoro%').execute();
  });

  it('previews: total, VAT breakdown, recipients and price; row errors under the row', async () => {
    await setOrg(ctx, { vat_obliged: true });
    await member();
    await member();
    await member({ email: null });
    const r = await admin.post('/api/1/invoices/preview', body({ invoice_rows_: [row('100', 25.5), row('20,50', 13.5), row('10', 0)] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ recipient_count: 2, unreachable_count: 1, amount_total_c: 13_050, needs_confirmation: false, fraudulent_content: false });
    expect(r.body.vat_breakdown).toEqual([
      { vat_percent: 0, net_c: 1000, vat_c: 0, gross_c: 1000 },
      { vat_percent: 13.5, net_c: 1806, vat_c: 244, gross_c: 2050 },
      { vat_percent: 25.5, net_c: 7968, vat_c: 2032, gross_c: 10_000 },
    ]);
    expect(r.body.price).toEqual({ rows: [{ type: 'email', count: 2, unit_cents: 0, total_cents: 0 }], discount_cents: 0, total_cents: 0 });
    expect(r.body.sms_notice).toBeUndefined();

    const bad = await admin.post('/api/1/invoices/preview', body({ invoice_rows_: [row('25'), row('abc', 0), row('10', 24)], date_due: dayAfter(ctx, -1) }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      'invoice_rows_.1.amount_with_vat': ['invoice_amount_invalid'],
      'invoice_rows_.2.vat_percent': ['invoice_vat_rate_invalid'],
      date_due: ['invoice_due_in_past'],
    });
    const none = await admin.post('/api/1/invoices/preview', body({ invoice_rows_: [] }));
    expect(none.body.errors).toEqual({ invoice_rows_: ['invoice_rows_required'] });
    const big = await admin.post('/api/1/invoices/preview', body({ invoice_rows_: [row('10000')] }));
    expect(big.body).toMatchObject({ needs_confirmation: true, amount_total_c: 1_000_000 });
    const huge = await admin.post('/api/1/invoices/preview', body({ invoice_rows_: [row('100000')] }));
    expect(huge.body.errors).toEqual({ invoice_rows_: ['invoice_total_too_large'] });
  });

  it('invoices without VAT when the association is not VAT-registered: rates stored as 0', async () => {
    await member();
    const r = await admin.post('/api/1/invoices/save', body({ invoice_rows_: [row('30', 25.5), row('20', 24)] }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const inv = await db().selectFrom('invoices').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(inv.rows)).toEqual([
      { title: 'Jäsenmaksu', amount_c: 3000, vat_percent: 0 },
      { title: 'Jäsenmaksu', amount_c: 2000, vat_percent: 0 },
    ]);
    expect(inv).toMatchObject({ amount_c: 5000, vat_obliged: 0 });
    const got = await admin.get(`/api/1/invoices/${r.body.id}`);
    expect(got.body.vat_breakdown).toEqual([{ vat_percent: 0, net_c: 5000, vat_c: 0, gross_c: 5000 }]);
  });

  it('prices a letter by the invoice pages and the SMS notice by its parts, for Finnish mobiles only', async () => {
    await member({ phone: '+358401234567' });
    await member({ phone: '09 123 4567' });
    await member({ phone: null });
    const description = '<p>Sivu 1</p><hr><p>Sivu 2</p>';
    const r = await admin.post('/api/1/invoices/preview', body({ msg_media: 'letter', description, sms_notify: true }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recipient_count).toBe(3);
    expect(r.body.letter.pages).toBe(3);
    const iban = (await admin.get('/api/1/settings')).body.bank_account;
    const last = await db().selectFrom('invoice_counters').select('last_number').where('tenant_id', '=', tenant.tenant.id).executeTakeFirst();
    const text = smsNoticeText({ association: 'Laskuseura ry', subject: 'Jäsenmaksu 2026', amount_c: 2500, date_due: dayAfter(ctx, 14), reference: createReference(String((last?.last_number ?? 999) + 1)), iban });
    expect(r.body.sms_notice).toEqual({ text, parts: 1, recipient_count: 1 });
    expect(r.body.price).toEqual({
      rows: [
        { type: 'letter_first_page', count: 3, unit_cents: 150, total_cents: 450 },
        { type: 'letter_extra_page', count: 6, unit_cents: 15, total_cents: 90 },
        { type: 'sms_part', count: 1, unit_cents: 8, total_cents: 8 },
      ],
      discount_cents: 0,
      total_cents: 548,
    });
  });

  it('saves a draft, updates it, then sends it: numbered instances, log lines, not a draft any more', async () => {
    const m1 = await member();
    await member();
    const draft = await admin.post('/api/1/invoices/save', body({ subject: '' }));
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toEqual({ id: expect.any(Number), queued: false });
    expect(await instancesOf(draft.body.id)).toEqual([]);
    expect((await messageOf(draft.body.id)).status).toBe('draft');
    const upd = await admin.post('/api/1/invoices/save', body({ id: draft.body.id, subject: 'Kausimaksu', invoice_rows_: [row('40')] }));
    expect(upd.body).toEqual({ id: draft.body.id, queued: false });
    const got = await admin.get(`/api/1/invoices/${draft.body.id}`);
    expect(got.body).toMatchObject({ status: 'draft', subject: 'Kausimaksu', amount_c: 4000, instances: [], instances_count: 0, can_add_recipients: false });

    const noSubject = await admin.post('/api/1/invoices/save', body({ id: draft.body.id, subject: '', send: true }));
    expect(noSubject.body.errors).toEqual({ subject: ['_validation_field_required'] });
    const sent = await admin.post('/api/1/invoices/save', body({ id: draft.body.id, subject: 'Kausimaksu', invoice_rows_: [row('40')], send: true }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ id: draft.body.id, queued: true });
    const rows = await instancesOf(draft.body.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ member_id: m1.id, amount_c: 4000, date_due: dayAfter(ctx, 14), recipient_email: m1.email, recipient_address: `Kuorotie ${seq - 1}\n00100 Helsinki` });
    expect(rows[1]!.invoice_number).toBe(rows[0]!.invoice_number + 1);
    expect(rows.map((x) => x.reference)).toEqual(rows.map((x) => createReference(String(x.invoice_number))));
    const inv = await db().selectFrom('invoices').selectAll().where('id', '=', draft.body.id).executeTakeFirstOrThrow();
    expect(inv.invoice_date).toBe(helsinkiToday(t.clock.now()));
    expect((await logOf('invoice_saved')).length).toBeGreaterThanOrEqual(3);
    const sentLog = (await logOf('invoice_sent')).at(-1)!;
    expect(JSON.parse(sentLog.data)).toEqual([{ field: 'invoice', new: expect.objectContaining({ id: draft.body.id, subject: 'Kausimaksu', recipients: 2, total_c: 8000 }) }]);

    const again = await admin.post('/api/1/invoices/save', body({ id: draft.body.id, send: true }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ errors: { general: ['invoice_not_draft'] } });
    expect(await instancesOf(draft.body.id)).toHaveLength(2);
  });

  it('refuses to send without a bank account, a business id for letters, or confirmation of a large total', async () => {
    await member();
    await setOrg(ctx, { bank_account: '' });
    const noIban = await admin.post('/api/1/invoices/save', body({ send: true }));
    expect(noIban.body).toEqual({ errors: { general: ['invoice_bank_account_missing'] } });
    expect(await instancesOf(noIban.body.id ?? -1)).toEqual([]);
    await setOrg(ctx, { bank_account: testIban(tenant.tenant.id), business_id: '' });
    const noBid = await admin.post('/api/1/invoices/save', body({ msg_media: 'letter', send: true }));
    expect(noBid.body).toEqual({ errors: { general: ['vat_id_missing_'] } });
    await setOrg(ctx, { business_id: '0112038-9' });

    const big = await admin.post('/api/1/invoices/save', body({ invoice_rows_: [row('9999,01')], send: true }));
    expect(big.body).toEqual({ errors: { general: ['invoice_needs_confirmation'] } });
    const ok = await admin.post('/api/1/invoices/save', body({ invoice_rows_: [row('9999,01')], send: true, confirmed: true }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await instancesOf(ok.body.id)).map((x) => x.amount_c)).toEqual([999_901]);
    const past = await admin.post('/api/1/invoices/save', body({ date_due: dayAfter(ctx, -1), send: true }));
    expect(past.body.errors).toEqual({ date_due: ['invoice_due_in_past'] });
    const nobody = await admin.post('/api/1/invoices/save', body({ filter: [{ field: 'lastname', verb: 'starts', value: 'EiKetään' }], send: true }));
    expect(nobody.body.errors).toEqual({ general: ['message_no_recipients'] });
  });

  it('uses RF references when the association chose them', async () => {
    await setOrg(ctx, { invoice_rf_reference: true });
    await member();
    const sent = await admin.post('/api/1/invoices/save', body({ send: true }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [x] = await instancesOf(sent.body.id);
    expect(x!.reference).toBe(createRfReference(createReference(String(x!.invoice_number))));
    expect(x!.reference).toMatch(/^RF\d{2}\d+$/);
  });

  it('sends a letter invoice for payment: held, paid from balance, then queued with its SMS notices', async () => {
    await member({ phone: '0401234567' });
    await member();
    const preview = await admin.post('/api/1/invoices/preview', body({ msg_media: 'letter', sms_notify: true }));
    const sent = await admin.post('/api/1/invoices/save', body({ msg_media: 'letter', sms_notify: true, send: true }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(Number), mooney_id: expect.any(String), queued: false });
    const msg = await messageOf(sent.body.id);
    expect(msg).toMatchObject({ status: 'paying', recipient_count: 2 });
    expect((await deliveriesOf(msg.id)).map((d) => [d.medium, d.status])).toEqual([
      ['letter', 'held'],
      ['letter', 'held'],
      ['sms', 'held'],
    ]);
    expect((await deliveriesOf(msg.id))[2]!.address).toBe('+358401234567');
    const item = await admin.get(`/api/1/mooney/${sent.body.mooney_id}`);
    expect(item.body).toMatchObject({ context: 'invoice', amount: preview.body.price.total_cents, goto: `/invoices/${sent.body.id}`, price_rows: preview.body.price.rows });
    const mid = await admin.get(`/api/1/invoices/${sent.body.id}`);
    expect(mid.body).toMatchObject({ status: 'paying', mooney_id: sent.body.mooney_id, polling: true, msg_statuses: { held: 3 } });
    expect(mid.body.instances.map((i: { status_c: string }) => i.status_c)).toEqual(['not_sent', 'not_sent']);

    await creditByOperator(t.deps, tenant.tenant.id, 10_000, 'testi');
    const before = await currentBalance(t.deps.db, tenant.tenant.id);
    const pay = await admin.post('/api/1/mooney/balance_pay', { balance_mid: sent.body.mooney_id });
    expect(pay.body).toEqual({ paid: true, goto: `/invoices/${sent.body.id}` });
    expect(await currentBalance(t.deps.db, tenant.tenant.id)).toBe(before - preview.body.price.total_cents);
    expect((await deliveriesOf(msg.id)).map((d) => d.status)).toEqual(['queued', 'queued', 'queued']);
    expect((await messageOf(sent.body.id)).status).toBe('sent');
    const after = await admin.get(`/api/1/invoices/${sent.body.id}`);
    expect(after.body.instances.map((i: { status_c: string }) => i.status_c)).toEqual(['queued', 'queued']);
  });

  it('adds recipients to a sent invoice as a new round, skipping those already invoiced', async () => {
    const first = await member();
    const sent = await admin.post('/api/1/invoices/save', body({ invoice_rows_: [row('15')], send: true }));
    expect(sent.status).toBe(200);
    const second = await member();
    const third = await member({ email: null, phone: '0401112223' });
    const preview = await admin.post('/api/1/invoices/preview', body({ add_to: sent.body.id, invoice_rows_: [row('99')] }));
    expect(preview.body).toMatchObject({ recipient_count: 1, amount_total_c: 1500, unreachable_count: 1 });
    const added = await admin.post('/api/1/invoices/save', body({ add_to: sent.body.id, invoice_rows_: [row('99')], subject: 'Muu', send: true }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({ id: sent.body.id, queued: true });
    const rows = await instancesOf(sent.body.id);
    expect(rows.map((x) => x.member_id)).toEqual([first.id, second.id]);
    expect(rows.map((x) => x.amount_c)).toEqual([1500, 1500]);
    expect(rows[1]!.message_id).not.toBe(rows[0]!.message_id);
    const round = await db().selectFrom('messages').selectAll().where('id', '=', rows[1]!.message_id).executeTakeFirstOrThrow();
    expect(round).toMatchObject({ kind: 'invoice', invoice_id: sent.body.id, status: 'sent', subject: 'Jäsenmaksu 2026', recipient_count: 1 });
    // Everyone reachable already has one: nothing more to send.
    const none = await admin.post('/api/1/invoices/save', body({ add_to: sent.body.id, send: true }));
    expect(none.body.errors).toEqual({ general: ['message_no_recipients'] });
    const got = await admin.get(`/api/1/invoices/${sent.body.id}`);
    expect(got.body).toMatchObject({ count_total_c: 2, amount_total_c: 3000, instances_count: 2, can_add_recipients: true, add_recipients_blockers: [] });
    expect(got.body.msg_statuses.queued).toBe(2);
    expect(third.id).toBeGreaterThan(0);

    // Two parallel rounds to the same new member: one invoices them, the other is refused.
    const fourth = await member();
    const both = await Promise.all([1, 2].map(() => admin.post('/api/1/invoices/save', body({ add_to: sent.body.id, send: true }))));
    // The loser either planned after the winner committed (nobody left) or while it ran (refused at sending).
    expect(both.filter((x) => x.status === 200)).toHaveLength(1);
    expect([['message_no_recipients'], ['invoice_recipients_changed']]).toContainEqual(both.find((x) => x.status !== 200)!.body.errors.general);
    expect((await instancesOf(sent.body.id)).filter((x) => x.member_id === fourth.id)).toHaveLength(1);

    // The VAT obligation changed since: refused (a legacy invoice likewise).
    await setOrg(ctx, { vat_obliged: true });
    const changed = await admin.post('/api/1/invoices/save', body({ add_to: sent.body.id, send: true }));
    expect(changed.body).toEqual({ errors: { general: ['invoice_add_recipients_vat_changed'] } });
    expect((await admin.get(`/api/1/invoices/${sent.body.id}`)).body).toMatchObject({ can_add_recipients: false, add_recipients_blockers: ['invoice_add_recipients_vat_changed'] });
    await setOrg(ctx, { vat_obliged: false });
    await db().updateTable('invoices').set({ is_legacy: 1 }).where('id', '=', sent.body.id).execute();
    const legacy = await admin.post('/api/1/invoices/save', body({ add_to: sent.body.id, send: true }));
    expect(legacy.body).toEqual({ errors: { general: ['invoice_add_recipients_legacy'] } });
    // A draft has no recipients to add to.
    const draft = await admin.post('/api/1/invoices/save', body());
    const toDraft = await admin.post('/api/1/invoices/save', body({ add_to: draft.body.id, send: true }));
    expect(toDraft.body).toEqual({ errors: { general: ['invoice_not_sent'] } });
    expect((await admin.post('/api/1/invoices/save', body({ add_to: 999_999, send: true }))).status).toBe(404);
  });
});

describe(`invoices: numbering (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Numeroseura ry' });

  it('numbers from 1000 without gaps or duplicates under parallel sends', async () => {
    await invoiceSettings(ctx);
    const send = () => sentInvoice(ctx, { members: 3 });
    const results = await Promise.all([send(), send(), send()]);
    const rows = await ctx.t.deps.db.selectFrom('invoice_instances').select(['invoice_id', 'invoice_number']).where('tenant_id', '=', ctx.tenant.tenant.id).orderBy('invoice_number').execute();
    expect(rows.map((r) => r.invoice_number)).toEqual(Array.from({ length: 9 }, (_, i) => 1000 + i));
    // Each invoice's own numbers are consecutive.
    for (const r of results) {
      const mine = rows.filter((x) => x.invoice_id === r.invoiceId).map((x) => x.invoice_number);
      expect(mine).toEqual([mine[0]!, mine[0]! + 1, mine[0]! + 2]);
    }
    const counter = await ctx.t.deps.db.selectFrom('invoice_counters').selectAll().where('tenant_id', '=', ctx.tenant.tenant.id).executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(1008);
  });
});
