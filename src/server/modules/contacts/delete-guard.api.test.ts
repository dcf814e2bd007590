import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories';
import { queueDeliveries } from '../outbox/queue-repo';
import type { Member } from '../../db/schema';
import type { Db } from '../../db/kysely';

// Spec §5: "Cannot delete members with queued outgoing email" — single delete, bulk remove
// and permanent delete refuse while email to a member is queued or being sent, and a
// refusal leaves everything as it was.

describe(`deleting members with outgoing email (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const at = new Date().toISOString();
  let waiting: Member;
  let sending: Member;
  let held: Member;
  let sent: Member;
  let free: Member;
  let smsOnly: Member;

  async function message(db: Db): Promise<number> {
    const row = await db
      .insertInto('messages')
      .values({ tenant_id: tenant.tenant.id, kind: 'announcement', msg_media: 'email', status: 'sent', created_at: at, updated_at: at, sent_at: at, price: null, payment_id: null, author_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function deliveryTo(m: Member, medium: 'email' | 'sms', status: 'held' | 'queued' | 'sending' | 'sent' | 'cancelled') {
    const db = t.deps.db;
    const id = await message(db);
    await queueDeliveries(db, tenant.tenant.id, id, [{ memberId: m.id, medium, address: medium === 'email' ? (m.email ?? '') : (m.phone ?? '') }], at);
    if (status !== 'queued') await db.updateTable('deliveries').set({ status }).where('message_id', '=', id).execute();
  }

  const live = async (m: Member) => (await admin.get(`/api/1/members/${String(m.id)}`)).status === 200;

  beforeAll(async () => {
    waiting = await makeMember(t.deps, tenant, { lastname: 'Vartija1' });
    sending = await makeMember(t.deps, tenant, { lastname: 'Vartija2' });
    held = await makeMember(t.deps, tenant, { lastname: 'Vartija7' });
    sent = await makeMember(t.deps, tenant, { lastname: 'Vartija3' });
    free = await makeMember(t.deps, tenant, { lastname: 'Vartija4' });
    smsOnly = await makeMember(t.deps, tenant, { lastname: 'Vartija5', phone: '+358401230005' });
    await deliveryTo(waiting, 'email', 'queued');
    await deliveryTo(sending, 'email', 'sending');
    // Its message waits for payment: the email goes out once paid.
    await deliveryTo(held, 'email', 'held');
    await deliveryTo(sent, 'email', 'sent');
    await deliveryTo(sent, 'email', 'cancelled');
    await deliveryTo(smsOnly, 'sms', 'queued');
  });

  it('refuses a single delete while email is queued or being sent, with a banner message', async () => {
    for (const m of [waiting, sending, held]) {
      const r = await admin.delete(`/api/1/members/${String(m.id)}`);
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual({ general: ['members_queued_email'] });
      expect(await live(m)).toBe(true);
    }
    const log = await t.deps.db.selectFrom('activity_log').select('event').where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'member_deleted').execute();
    expect(log).toEqual([]);
  });

  it('deletes members whose email has gone (sent, cancelled) or who only have SMS waiting', async () => {
    for (const m of [sent, smsOnly]) {
      const r = await admin.delete(`/api/1/members/${String(m.id)}`);
      expect(r.status).toBe(200);
      await admin.post('/api/1/members/restore', { id: m.id });
    }
  });

  const vartijat = (more: unknown[] = []) => ({ filter: [{ field: 'lastname', verb: 'starts', value: 'Vartija' }, ...more] });

  it('refuses a bulk remove as a whole, saying how many members hold it back', async () => {
    const r = await admin.post('/api/1/members/bulkremove', vartijat());
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { general: ['members_bulk_queued_email'] }, params: { count: 3 } });
    for (const m of [waiting, sending, held, sent, free, smsOnly]) expect(await live(m)).toBe(true);
    // Without the held members it goes through.
    const ok = await admin.post('/api/1/members/bulkremove', vartijat([{ field: 'lastname', verb: 'eq', value: 'Vartija4' }]));
    expect(ok.status).toBe(200);
    expect(ok.body.count).toBe(1);
  });

  it('refuses a permanent delete while email to a removed member is still going out', async () => {
    // The member went to the bin before the message was queued (e.g. a message composed earlier).
    const late = await makeMember(t.deps, tenant, { lastname: 'Vartija6' });
    expect((await admin.delete(`/api/1/members/${String(late.id)}`)).status).toBe(200);
    await deliveryTo(late, 'email', 'queued');
    const r = await admin.post('/api/1/members/delete_permanently', vartijat());
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { general: ['members_bulk_queued_email'] }, params: { count: 1 } });
    // Nothing went: the removed member without outgoing email is still in the bin.
    expect((await admin.get(`/api/1/members/${String(free.id)}?any_state=1`)).status).toBe(200);
    expect((await admin.get(`/api/1/members/${String(late.id)}?any_state=1`)).status).toBe(200);
    await t.deps.db.updateTable('deliveries').set({ status: 'sent' }).where('member_id', '=', late.id).execute();
    const ok = await admin.post('/api/1/members/delete_permanently', vartijat());
    expect(ok.body).toEqual({ count: 2 });
  });
});
