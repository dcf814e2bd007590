import crypto from 'node:crypto';
import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { queueDeliveries } from '../modules/outbox/queue-repo';
import { insertInvoiceRows } from './factories/invoice-rows';

// Cross-tenant cases of composing, sending and reading invoices: B's invoices aimed at by A.

interface BInvoice {
  id: number;
  draftId: number;
  subject: string;
  reference: string;
  invoiceNumber: number;
}

/** A sent B invoice with one instance and its queued delivery, and a B draft. */
async function bInvoice(w: World): Promise<BInvoice> {
  const at = new Date().toISOString();
  const subject = `Beetan lasku ${crypto.randomBytes(3).toString('hex')}`;
  const db = w.t.deps.db;
  const b = w.b.tenant.id;
  const make = async (status: 'sent' | 'draft') => {
    const { messageId, invoiceId } = await insertInvoiceRows(db, b, { subject, status, at });
    return { messageId, id: invoiceId };
  };
  const sent = await make('sent');
  const draft = await make('draft');
  const invoiceNumber = 900_000 + Math.floor(Math.random() * 99_999);
  const reference = `${invoiceNumber}7`;
  const member = w.bMembers[0]!;
  await db
    .insertInto('invoice_instances')
    .values({ tenant_id: b, invoice_id: sent.id, message_id: sent.messageId, member_id: member.id, invoice_number: invoiceNumber, reference, recipient_name: `${member.firstname} ${member.lastname}`, amount_c: 1000, date_due: '2099-01-01', created_at: at, updated_at: at })
    .execute();
  await queueDeliveries(db, b, sent.messageId, [{ memberId: member.id, medium: 'email', address: member.email! }], at);
  return { id: sent.id, draftId: draft.id, subject, reference, invoiceNumber };
}

const bState = async (w: World) => ({
  messages: await w.t.deps.db.selectFrom('messages').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  invoices: await w.t.deps.db.selectFrom('invoices').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  instances: await w.t.deps.db.selectFrom('invoice_instances').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
  deliveries: await w.t.deps.db.selectFrom('deliveries').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
});

const body = (w: World) => ({
  msg_media: 'email',
  subject: 'A:n lasku',
  description: '<p>A</p>',
  invoice_rows_: [{ title: 'Maksu', amount_with_vat: '10', vat_percent: 0 }],
  date_due: '2099-01-01',
  filter: [{ field: 'lastname', verb: 'starts', value: 'beeta' }],
  addrecips: w.bMembers.map((m) => m.id),
});

export const invoiceCoreCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/invoices/preview',
    async run(w) {
      // B's members hand-picked by id are not A's recipients; B's invoice is not A's to add to.
      const r = await w.asA.post('/api/1/invoices/preview', body(w));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.recipient_count + r.body.unreachable_count).toBe(0);
      expectNoLeak(r, w);
      const inv = await bInvoice(w);
      expectNotFound(await w.asA.post('/api/1/invoices/preview', { ...body(w), add_to: inv.id }));
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/save',
    async run(w) {
      const inv = await bInvoice(w);
      const before = await bState(w);
      expectNotFound(await w.asA.post('/api/1/invoices/save', { ...body(w), id: inv.draftId, send: true }));
      expectNotFound(await w.asA.post('/api/1/invoices/save', { ...body(w), id: inv.draftId }));
      expectNotFound(await w.asA.post('/api/1/invoices/save', { ...body(w), add_to: inv.id, send: true }));
      expect(await bState(w)).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/invoices/all',
    async run(w) {
      const inv = await bInvoice(w);
      const r = await w.asA.get('/api/1/invoices/all');
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(inv.subject);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/invoices/:id',
    async run(w) {
      const inv = await bInvoice(w);
      expectNotFound(await w.asA.get(`/api/1/invoices/${inv.id}`));
      expectNotFound(await w.asA.get(`/api/1/invoices/${inv.draftId}?page=0&status=pending`));
    },
  },
  {
    method: 'POST',
    url: '/api/1/invoices/supersearch',
    async run(w) {
      const inv = await bInvoice(w);
      for (const term of [inv.subject, String(inv.invoiceNumber), inv.reference, w.bMembers[0]!.lastname]) {
        const r = await w.asA.post('/api/1/invoices/supersearch', { term });
        expect(r.body, term).toEqual({ results: [] });
      }
    },
  },
];
