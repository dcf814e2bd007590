import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Client} from '../../test/harness';
import { adminClient, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { enableClaims, IBAN, IBAN_COMPACT, outboxMails, receiptClaim, receiptItem, uploadReceipt } from '../../test/factories/expenseclaims';
import type { CreatedTenant } from '../tenants/service';

// The claimant's side of expense claims: saving (items priced on the server), seeing and
// changing only one's own pending claims, the confirmation and notification mails.

describe(`expense claims, the member's side (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let anna: Client;
  let ben: Client;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await testApp();
    t.clock.set('2026-06-15T09:00:00Z');
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    anna = await memberClient(t, a);
    ben = await memberClient(t, a);
    jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#c00' } }).jpeg().toBuffer();
  });
  afterAll(() => t.close());

  it('refuses every member call while e-claims are off', async () => {
    const save = await anna.post('/api/1/expenseclaim/save', { description: 'x', account_number: IBAN, items: [receiptItem(1)] });
    expect(save.status).toBe(403);
    expect(save.body).toEqual({ errors: { general: ['eclaim_disabled'] } });
    expect((await anna.post('/api/1/expenseclaim/mine', {})).status).toBe(403);
    expect((await uploadReceipt(anna, jpeg)).status).toBe(403);
    expect((await enableClaims(admin)).status).toBe(200);
  });

  it('saves a claim of a receipt, km and a per diem priced on the server, logs it and mails the claimant and the admins', async () => {
    const up = await uploadReceipt(anna, jpeg);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const r = await anna.post('/api/1/expenseclaim/save', {
      description: 'Kevätkokous',
      account_number: IBAN,
      items: [
        receiptItem(up.body.id, { amount: '1 234,5' }),
        { type: 'km', date: '2026-02-03', location: 'Helsinki–Tampere–Helsinki', vehicle: 'Oma auto', km: '100,5' },
        { type: 'per_diem', started_at: '2026-03-02T08:00', returned_at: '2026-03-02T19:00', location: 'Tampere' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 100,5 km × 0,55 € (2026) = 55,275 → 55,28 €; over 10 hours: a full per diem of 54 €.
    expect(r.body.items.map((i: { amount_c: number }) => i.amount_c)).toEqual([123450, 5528, 5400]);
    expect(r.body).toMatchObject({ status: 'pending', person_account_number: IBAN_COMPACT, amount_c: 123450 + 5528 + 5400, item_count: 3, date_min: '2026-02-03', date_max: '2026-03-02', editable: true, next_statuses: [] });
    expect(r.body.items[1]).toMatchObject({ km: '100.5', km_price_c: 55, rate_year: 2026, rate_source: expect.stringContaining('2026') });
    expect(r.body.items[2]).toMatchObject({ per_diem_full: 1, per_diem_partial: 0, rate_year: 2026 });
    expect(r.body.items[0].receipt).toEqual({ id: up.body.id, url: `/api/1/expenseclaim/receipt/${up.body.id}`, mime: 'image/jpeg', pages: null });
    expect(r.body.events).toMatchObject([{ kind: 'created', author_name: r.body.person_name }]);
    expect(r.body.volunteer_year).toEqual({ year: 2026, per_diem_days: 1, km_c: 5528, exceeded: [] });
    const file = await t.deps.db.selectFrom('expense_claim_files').select('claim_id').where('id', '=', up.body.id).executeTakeFirstOrThrow();
    expect(file.claim_id).toBe(r.body.id);
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'expense_claim_saved').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.context).toBe(`member:${r.body.person_id}`);
    const mails = outboxMails(t);
    const mine = mails.find((m) => m.subject.startsWith('Kulukorvaushakemus vastaanotettu'))!;
    expect(mine.text).toContain('1 234,50 €');
    expect(mine.text).toContain('Yhteensä 1 343,78 €');
    expect(mine.text).toContain('100,5 km, Helsinki–Tampere–Helsinki – 55,28 €');
    expect(mine.to).toContain('@');
    const notice = mails.find((m) => m.to.includes(a.admin.email!))!;
    expect(notice.subject).toContain('Uusi kulukorvaushakemus');
    expect(notice.text).toContain(`/expenseclaim/${r.body.id}`);
  });

  it('prices km at the rate of the travel date: 31.12.2025 at 0,59 €, 1.1.2026 at 0,55 €; a decimal comma accepted', async () => {
    const r = await anna.post('/api/1/expenseclaim/save', {
      description: 'Vuodenvaihde',
      account_number: IBAN,
      items: [
        { type: 'km', date: '2025-12-31', location: 'A–B', km: '100,5' },
        { type: 'km', date: '2026-01-01', location: 'B–A', km: '100.5' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items.map((i: { amount_c: number; km_price_c: number; rate_year: number }) => [i.amount_c, i.km_price_c, i.rate_year])).toEqual([
      [5930, 59, 2025],
      [5528, 55, 2026],
    ]);
  });

  it('pays no per diem for 6 hours and a partial one for 6 hours 1 minute', async () => {
    const short = await anna.post('/api/1/expenseclaim/save', { description: 'Lyhyt', account_number: IBAN, items: [{ type: 'per_diem', started_at: '2026-03-02T08:00', returned_at: '2026-03-02T14:00', location: 'Espoo' }] });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ 'items.0.returned_at': ['expense_per_diem_too_short'] });
    const ok = await anna.post('/api/1/expenseclaim/save', { description: 'Pidempi', account_number: IBAN, items: [{ type: 'per_diem', started_at: '2026-03-02T08:00', returned_at: '2026-03-02T14:01', location: 'Espoo' }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.items[0]).toMatchObject({ amount_c: 2500, per_diem_full: 0, per_diem_partial: 1 });
  });

  it('refuses bad items under items.{i}.{field}, a bad IBAN and a receipt that is not the member\'s', async () => {
    const bens = await uploadReceipt(ben, jpeg);
    const r = await anna.post('/api/1/expenseclaim/save', {
      description: 'Virheitä',
      account_number: 'FI21 1234 5600 0007 86',
      items: [
        receiptItem(bens.body.id),
        receiptItem(999999, { amount: '12,345' }),
        { type: 'km', date: '2026-12-01', location: 'A', km: '0' },
        { type: 'km', date: '2021-12-31', location: 'A', km: '10001' },
        { type: 'per_diem', started_at: '2026-03-02T08:00', returned_at: '2026-03-01T08:00', location: 'X' },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      account_number: ['settings_iban_invalid_checksum'],
      'items.0.receipt_id': ['expense_receipt_not_yours'],
      'items.1.amount': ['expense_invalid_amount'],
      'items.1.receipt_id': ['expense_receipt_not_yours'],
      'items.2.km': ['expense_invalid_km'],
      'items.2.date': ['expense_date_in_future'],
      'items.3.km': ['expense_invalid_km'],
      'items.3.date': ['expense_rate_unknown'],
      'items.4.returned_at': ['expense_return_before_departure'],
    });
    const none = await anna.post('/api/1/expenseclaim/save', { description: 'Tyhjä', account_number: IBAN, items: [] });
    expect(none.body.errors).toEqual({ items: ['expense_items_required'] });
  });

  it('lets a member see and change only their own pending claims', async () => {
    const own = await receiptClaim(anna, jpeg);
    const id = own.body.id as number;
    // Another member: 404 for reading and saving, nothing changes.
    expect((await ben.get(`/api/1/expenseclaim/${id}`)).status).toBe(404);
    expect((await ben.post('/api/1/expenseclaim/save', { id, description: 'Minun', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] })).status).toBe(404);
    // The claimant edits: the receipt dropped from the claim is detached, an event 'updated'.
    const edited = await anna.post('/api/1/expenseclaim/save', { id, description: 'Muutettu', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A–B', km: '10' }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id, description: 'Muutettu', amount_c: 550, item_count: 1 });
    expect(edited.body.events.map((e: { kind: string }) => e.kind)).toEqual(['created', 'updated']);
    const file = await t.deps.db.selectFrom('expense_claim_files').select('claim_id').where('id', '=', own.body.items[0].receipt.id).executeTakeFirstOrThrow();
    expect(file.claim_id).toBeNull();
    // Once accepted it is no longer the claimant's to change.
    expect((await admin.post('/api/1/expenseclaim/update_status', { id, status: 'accepted' })).status).toBe(200);
    const late = await anna.post('/api/1/expenseclaim/save', { id, description: 'Myöhään', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ general: ['expense_claim_not_editable'] });
    const read = await anna.get(`/api/1/expenseclaim/${id}`);
    expect(read.body).toMatchObject({ status: 'accepted', editable: false, next_statuses: [] });
    expect((await admin.get(`/api/1/expenseclaim/${id}`)).body).toMatchObject({ next_statuses: ['pending'], editable: false });
  });

  it('lists own claims newest first with the form\'s help texts and the last account', async () => {
    const r = await anna.post('/api/1/expenseclaim/mine', {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ km_help: 'Kirjaa reitti.', per_diem_help: 'Yli 6 tuntia.', yearly_limit_reached: false, last_account_number: IBAN_COMPACT });
    const ids = r.body.results.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect(r.body.results.every((c: { person_name: string }) => c.person_name === r.body.results[0].person_name)).toBe(true);
  });

  it('warns when the claimant\'s year goes over the volunteer limits (21 per diem days)', async () => {
    const r = await ben.post('/api/1/expenseclaim/save', { description: 'Leiri', account_number: IBAN, items: [{ type: 'per_diem', started_at: '2026-02-01T08:00', returned_at: '2026-02-21T16:00', location: 'Leiri' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.items[0]).toMatchObject({ per_diem_full: 21, amount_c: 21 * 5400 });
    expect(r.body.volunteer_year).toEqual({ year: 2026, per_diem_days: 21, km_c: 0, exceeded: ['per_diem_days'] });
  });

  it('stops new claims at the tier\'s yearly limit (Free: 10) with the limit in the message', async () => {
    const c = await makeTenant(t.deps, 'Gamma ry');
    const cAdmin = await adminClient(t, c);
    await enableClaims(cAdmin, { eclaim_notify: false });
    const m = await memberClient(t, c);
    let last = 0;
    for (let i = 0; i < 10; i++) {
      const r = await m.post('/api/1/expenseclaim/save', { description: `Matka ${i}`, account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      last = r.body.id;
    }
    const over = await m.post('/api/1/expenseclaim/save', { description: 'Yksitoista', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ errors: { general: ['eclaim_yearly_limit_reached'] }, params: { limit: 10 } });
    expect((await m.post('/api/1/expenseclaim/mine', {})).body.yearly_limit_reached).toBe(true);
    // Editing an existing claim is not a new one.
    expect((await m.post('/api/1/expenseclaim/save', { id: last, description: 'Muokattu', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '2' }] })).status).toBe(200);
    // Claims of last year do not count.
    await t.deps.db.updateTable('expense_claims').set({ created_at: '2025-12-31T21:59:59.000Z' }).where('tenant_id', '=', c.tenant.id).execute();
    expect((await m.post('/api/1/expenseclaim/save', { description: 'Uusi vuosi', account_number: IBAN, items: [{ type: 'km', date: '2026-02-03', location: 'A', km: '1' }] })).status).toBe(200);
  });
});
