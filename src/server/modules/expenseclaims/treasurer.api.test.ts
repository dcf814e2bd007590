import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Client} from '../../test/harness';
import { adminClient, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { enableClaims, IBAN, IBAN_COMPACT, outboxMails, receiptClaim } from '../../test/factories/expenseclaims';
import type { CreatedTenant } from '../tenants/service';

// The treasurer's side: claimant-accounts with totals, the view, every state move and its
// refusals, comments, payment batches and the archive; all of it for site admins only.

const OTHER_IBAN = 'FI79 4405 2020 0360 82';

describe(`expense claims, the treasurer's side (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let anna: Client;
  let board: Client;
  let jpeg: Buffer;
  let annaId: number;

  beforeAll(async () => {
    t = await testApp();
    t.clock.set('2026-06-15T09:00:00Z');
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    anna = await memberClient(t, a);
    board = await memberClient(t, a, 'board');
    jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0c0' } }).jpeg().toBuffer();
    await enableClaims(admin, { eclaim_notify: false });
  });
  afterAll(() => t.close());

  const claim = async (over: Record<string, unknown> = {}) => {
    const r = await receiptClaim(anna, jpeg, over);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    annaId = r.body.person_id;
    return r.body.id as number;
  };
  const move = (id: number, status: string, comment = '') => admin.post('/api/1/expenseclaim/update_status', { id, status, comment });
  const mailsTo = (subject: string) => outboxMails(t).filter((m) => m.subject.includes(subject));

  it('keeps the treasurer calls to site admins: 403 for a member and the board', async () => {
    const id = await claim();
    for (const c of [anna, board]) {
      expect((await c.get('/api/1/expenseclaim/claimants')).status).toBe(403);
      expect((await c.get(`/api/1/expenseclaim/view?person_id=${annaId}&person_account_number=${IBAN_COMPACT}`)).status).toBe(403);
      expect((await c.get('/api/1/expenseclaim/all')).status).toBe(403);
      expect((await c.post('/api/1/expenseclaim/update_status', { id, status: 'accepted' })).status).toBe(403);
      expect((await c.post('/api/1/expenseclaim/add_comment', { id, comment: 'Hei' })).status).toBe(403);
      expect((await c.post('/api/1/expenseclaim/mark_paid', { person_id: annaId, account_number: IBAN })).status).toBe(403);
    }
    // The board member cannot read another's claim either.
    expect((await board.get(`/api/1/expenseclaim/${id}`)).status).toBe(404);
  });

  it('refuses a rejection without a comment, and rejects with one: logged, an event, the claimant told', async () => {
    const id = await claim();
    const bare = await move(id, 'rejected', '  ');
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual({ comment: ['expense_comment_required'] });
    const r = await move(id, 'rejected', 'Kuitti puuttuu.');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'rejected', rejection_reason: 'Kuitti puuttuu.', date_rejected: expect.any(String), next_statuses: ['pending'] });
    expect(r.body.events.at(-1)).toMatchObject({ kind: 'status', from_status: 'pending', to_status: 'rejected', comment: 'Kuitti puuttuu.' });
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'expense_claim_status_changed').execute();
    expect(JSON.parse(log.at(-1)!.data)).toEqual(expect.arrayContaining([{ field: 'expense_status', old: 'pending', new: 'rejected' }]));
    const mail = mailsTo('hylätty').at(-1)!;
    expect(mail.text).toContain('Kuitti puuttuu.');
    // Back to pending clears the rejection.
    const back = await move(id, 'pending');
    expect(back.body).toMatchObject({ status: 'pending', rejection_reason: null, date_rejected: null });
  });

  it('allows only the moves of the state machine; paid only through mark_paid', async () => {
    const id = await claim();
    for (const [status, ok] of [['paid', false], ['pending', false], ['accepted', true], ['rejected', false], ['accepted', false], ['paid', false], ['pending', true]] as const) {
      const r = await move(id, status, 'syy');
      expect([status, r.status]).toEqual([status, ok ? 200 : 400]);
      if (!ok) expect(r.body.errors).toEqual({ status: ['expense_status_not_allowed'] });
    }
    expect((await move(999999, 'accepted')).status).toBe(404);
  });

  it('moves a claim once when two treasurers accept it at the same time', async () => {
    const id = await claim();
    const both = await Promise.all([move(id, 'accepted'), move(id, 'accepted')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const events = await t.deps.db.selectFrom('expense_claim_events').selectAll().where('claim_id', '=', id).where('kind', '=', 'status').execute();
    expect(events).toHaveLength(1);
    await move(id, 'pending');
  });

  it('adds a comment: an event, a log line and a mail to the claimant', async () => {
    const id = await claim();
    const r = await admin.post('/api/1/expenseclaim/add_comment', { id, comment: 'Lisää reitti.' });
    expect(r.status).toBe(200);
    expect(r.body.events.at(-1)).toMatchObject({ kind: 'comment', comment: 'Lisää reitti.', author_name: expect.any(String) });
    expect((await admin.post('/api/1/expenseclaim/add_comment', { id, comment: '' })).body.errors).toEqual({ comment: ['_validation_field_required'] });
    expect(mailsTo('Kommentti kulukorvaushakemukseesi').at(-1)!.text).toContain('Lisää reitti.');
    const log = await t.deps.db.selectFrom('activity_log').select('event').where('tenant_id', '=', a.tenant.id).where('event', '=', 'expense_claim_commented').execute();
    expect(log).toHaveLength(1);
  });

  it('groups claims by claimant and account with totals per status, and shows one claimant-account', async () => {
    t.clock.advance(1000);
    await claim({ account_number: OTHER_IBAN });
    const list = await admin.get('/api/1/expenseclaim/claimants');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const main = list.body.results.find((r: { person_account_number: string }) => r.person_account_number === IBAN_COMPACT);
    expect(main).toMatchObject({ person_id: annaId, counts: { pending: 5, accepted: 0, rejected: 0, paid: 0 }, totals_c: { pending: 5 * 1250, accepted: 0, rejected: 0, paid: 0 } });
    // Newest activity first: the other account's claim was saved last.
    expect(list.body.results[0].person_account_number).toBe('FI7944052020036082');
    const view = await admin.get(`/api/1/expenseclaim/view?person_id=${annaId}&person_account_number=${IBAN_COMPACT}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ person_id: annaId, person_account_number: IBAN_COMPACT, totals_c: { pending: 6250 }, volunteer_year: { year: 2026, exceeded: [] } });
    expect(view.body.claims).toHaveLength(5);
    expect((await admin.get(`/api/1/expenseclaim/view?person_id=${annaId}&person_account_number=FI00`)).status).toBe(404);
  });

  it('pays every accepted claim of a claimant-account in one batch; they go to the archive', async () => {
    const nothing = await admin.post('/api/1/expenseclaim/mark_paid', { person_id: annaId, account_number: IBAN });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual({ general: ['expense_nothing_to_pay'] });
    const view = await admin.get(`/api/1/expenseclaim/view?person_id=${annaId}&person_account_number=${IBAN_COMPACT}`);
    const ids = view.body.claims.map((c: { id: number }) => c.id) as number[];
    await move(ids[0]!, 'accepted');
    await move(ids[1]!, 'accepted');
    t.clock.set('2026-06-15T09:00:05Z');
    const r = await admin.post('/api/1/expenseclaim/mark_paid', { person_id: annaId, account_number: IBAN });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ count: 2, amount_c: 2500, batch: '20260615090005' });
    const rows = await t.deps.db.selectFrom('expense_claims').selectAll().where('id', 'in', ids.slice(0, 2)).execute();
    expect(rows.every((c) => c.status === 'paid' && c.paid_batch === '20260615090005' && c.date_paid !== null)).toBe(true);
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'expense_claims_paid').execute();
    expect(JSON.parse(log[0]!.data)).toEqual(expect.arrayContaining([{ field: 'count', new: 2 }, { field: 'amount', new: 2500 }]));
    expect(mailsTo('Kulukorvaukset maksettu').at(-1)!.text).toContain('25,00 €');
    const archive = await admin.get('/api/1/expenseclaim/all');
    expect(archive.body.count).toBe(2);
    expect(archive.body.results.map((c: { id: number }) => c.id).sort()).toEqual(ids.slice(0, 2).sort());
    // Paid claims leave the view.
    const after = await admin.get(`/api/1/expenseclaim/view?person_id=${annaId}&person_account_number=${IBAN_COMPACT}`);
    expect(after.body.claims).toHaveLength(3);
    // Back from paid to pending clears the batch.
    const back = await move(ids[0]!, 'pending');
    expect(back.body).toMatchObject({ status: 'pending', paid_batch: null, date_paid: null });
  });

  it('leaves out claimant-accounts with only paid claims', async () => {
    const id = await claim({ account_number: 'FI49 5000 9420 0287 30' });
    await move(id, 'accepted');
    await admin.post('/api/1/expenseclaim/mark_paid', { person_id: annaId, account_number: 'FI4950009420028730' });
    const list = await admin.get('/api/1/expenseclaim/claimants');
    expect(list.body.results.map((r: { person_account_number: string }) => r.person_account_number)).not.toContain('FI4950009420028730');
  });
});
