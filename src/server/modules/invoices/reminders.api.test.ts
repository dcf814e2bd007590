import { describe, expect, it } from 'vitest';
import { adminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { delivered } from '../../test/factories/invoice-actions';
import { creditByOperator } from '../payments/balance';
import { helsinkiToday } from './present';

// Payment reminders: preview and send to the late instances (or the chosen ones), a message
// of kind 'reminder' with a new due date, and a reminder action per instance.

describe(`invoice reminders (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Muistutusseura ry' });
  const { admin, t, tenant } = ctx;
  const db = () => t.deps.db;
  const plusDays = (n: number) => {
    const d = new Date(`${helsinkiToday(t.clock.now())}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };

  /** Three instances: one past due, one partly paid, one pending. */
  async function lateInvoice() {
    const sent = await sentInvoice(ctx, { members: 3 });
    await delivered(ctx, sent.invoiceId);
    const [late, part, ok] = sent.instanceIds as [number, number, number];
    await db().updateTable('invoice_instances').set({ date_due: plusDays(-3) }).where('id', '=', late).execute();
    await admin.post('/api/1/invoices/add_action', { instance_id: part, action_type: 'manual_payment', amount: '10' });
    return { ...sent, late, part, ok };
  }

  it('previews and sends a reminder to the overdue and underpaid instances by default', async () => {
    const s = await lateInvoice();
    const body = { id: s.invoiceId, msg_media: 'email', description: '<p>Muistathan maksaa.</p>', date_due: plusDays(10) };
    const p = await admin.post('/api/1/invoices/reminder_preview', body);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body).toMatchObject({ instance_count: 2, recipient_count: 2, amount_open_c: 2500 + 1500 });

    await creditByOperator(t.deps, tenant.tenant.id, 100_000, 'testi: muistutuksen hinta');
    const logBefore = await db().selectFrom('activity_log').select('id').where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'invoice_reminder_sent').execute();
    const r = await admin.post('/api/1/invoices/reminder', { ...body, send: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (r.body.mooney_id) {
      const pay = await admin.post('/api/1/mooney/balance_pay', { balance_mid: r.body.mooney_id });
      expect(pay.body, JSON.stringify(pay.body)).toMatchObject({ paid: true });
    }
    const msg = await db().selectFrom('messages').selectAll().where('id', '=', r.body.message_id).executeTakeFirstOrThrow();
    expect(msg).toMatchObject({ kind: 'reminder', invoice_id: s.invoiceId, subject: 'Maksumuistutus: Jäsenmaksu', status: 'sent', msg_media: 'email', recipient_count: 2 });
    expect(JSON.parse(msg.addrecips)).toEqual([s.memberIds[0], s.memberIds[1]]);
    const deliveries = await db().selectFrom('deliveries').select(['member_id', 'status']).where('message_id', '=', msg.id).orderBy('member_id').execute();
    expect(deliveries).toEqual([
      { member_id: s.memberIds[0], status: 'queued' },
      { member_id: s.memberIds[1], status: 'queued' },
    ]);
    const actions = await db().selectFrom('invoice_actions').selectAll().where('message_id', '=', msg.id).orderBy('instance_id').execute();
    expect(actions.map((a) => [a.instance_id, a.action_type, a.date_due])).toEqual([
      [s.late, 'reminder', plusDays(10)],
      [s.part, 'reminder', plusDays(10)],
    ]);
    // The due date in force is the reminder's: the late one is pending again until then.
    const late = (await admin.post('/api/1/invoices/get_invoice_instance_actions', { instance_id: s.late })).body;
    expect(late.instance).toMatchObject({ date_due: plusDays(10), date_due_original: plusDays(-3), status_c: 'pending' });
    expect(late.actions.at(-1)).toMatchObject({ action_type: 'reminder', message_id: msg.id, date_due: plusDays(10) });
    const logAfter = await db().selectFrom('activity_log').select('id').where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'invoice_reminder_sent').execute();
    expect(logAfter.length).toBe(logBefore.length + 1);
  });

  it('reminds the chosen instances; refuses closed, foreign and past-due choices; skips erased members', async () => {
    const s = await lateInvoice();
    const base = { id: s.invoiceId, msg_media: 'letter', subject: 'Muistutus', description: '<p>Hei</p>', date_due: plusDays(7) };
    const chosen = await admin.post('/api/1/invoices/reminder_preview', { ...base, reminder_to_: [s.ok] });
    expect(chosen.body).toMatchObject({ instance_count: 1, amount_open_c: 2500 });

    const past = await admin.post('/api/1/invoices/reminder', { ...base, date_due: plusDays(-1), send: true });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual({ date_due: ['invoice_reminder_due_in_past'] });

    await admin.post('/api/1/invoices/add_action', { instance_id: s.ok, action_type: 'mark_paid' });
    expect((await admin.post('/api/1/invoices/reminder_preview', { ...base, reminder_to_: [s.ok] })).status).toBe(422);
    const other = await sentInvoice(ctx, { members: 1 });
    expect((await admin.post('/api/1/invoices/reminder_preview', { ...base, reminder_to_: [other.instanceIds[0]] })).status).toBe(404);
    expect((await admin.post('/api/1/invoices/reminder_preview', { ...base, id: 999_999 })).status).toBe(404);

    // An erased member's instance keeps its numbers but no one to remind.
    await db().updateTable('invoice_instances').set({ member_id: null }).where('id', '=', s.late).execute();
    const left = await admin.post('/api/1/invoices/reminder_preview', base);
    expect(left.body).toMatchObject({ instance_count: 1, amount_open_c: 1500 });

    await db().updateTable('invoice_instances').set({ member_id: null }).where('id', '=', s.part).execute();
    const none = await admin.post('/api/1/invoices/reminder', { ...base, send: true });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ general: ['invoice_reminder_no_instances'] });
  });
});
