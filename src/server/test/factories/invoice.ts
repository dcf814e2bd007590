import { expect } from 'vitest';
import type { AdminContext } from '../adminContext';
import { creditByOperator } from '../../modules/payments/balance';
import { helsinkiToday } from '../../modules/invoices/present';
import { makeMember } from './member';

// A sent invoice made through the real API (settings, members, save with send: true, and
// for priced media the payment from balance), for tests of what happens after sending.

export interface SentInvoiceOptions {
  rows?: { title: string; amount_with_vat: string; vat_percent: number }[];
  /** How many new members get it (default 2). */
  members?: number;
  media?: 'email' | 'letter' | 'pdf';
  /** YYYY-MM-DD; default 14 days after today (Helsinki, the app's clock). */
  date_due?: string;
}

export interface SentInvoice {
  invoiceId: number;
  instanceIds: number[];
  memberIds: number[];
}

/** A valid Finnish IBAN unique to the association (settings refuse one used by another). */
export function testIban(tenantId: number): string {
  const bban = `123456${String(tenantId % 1e8).padStart(8, '0')}`;
  // ISO 7064 mod 97-10 over BBAN + "FI00" (F = 15, I = 18).
  const check = 98 - Number(BigInt(`${bban}151800`) % 97n);
  return `FI${String(check).padStart(2, '0')}${bban}`;
}

/** Makes sure the association can send invoices: reply-to address, business id, bank account. */
export async function invoiceSettings(ctx: Pick<AdminContext, 'tenant' | 'admin'>): Promise<void> {
  const s = (await ctx.admin.get('/api/1/settings')).body;
  if (s.reply_to_email && s.business_id && s.bank_account) return;
  const r = await ctx.admin.post('/api/1/settings/save', {
    scope_: 'organisation',
    name_: s.name_,
    reply_to_email: s.reply_to_email || 'hallitus@example.fi',
    business_id: s.business_id || '0112038-9',
    bank_account: s.bank_account || testIban(ctx.tenant.tenant.id),
    vat_obliged: s.vat_obliged,
    porg_enabled: s.porg_enabled,
    invoice_rf_reference: s.invoice_rf_reference,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

let seq = 0;

export async function sentInvoice(ctx: AdminContext, opts: SentInvoiceOptions = {}): Promise<SentInvoice> {
  await invoiceSettings(ctx);
  const media = opts.media ?? 'email';
  const memberIds: number[] = [];
  for (let i = 0; i < (opts.members ?? 2); i++) {
    seq += 1;
    const m = await makeMember(ctx.t.deps, ctx.tenant, {
      firstname: 'Laskutettava',
      lastname: `Maksaja${seq}`,
      email: `maksaja${seq}@example.fi`,
      address_street: `Laskukatu ${seq}`,
      address_zip: '00100',
      address_city: 'Helsinki',
    });
    memberIds.push(m.id);
  }
  const today = helsinkiToday(ctx.t.clock.now());
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 14);
  const r = await ctx.admin.post('/api/1/invoices/save', {
    msg_media: media,
    subject: 'Jäsenmaksu',
    description: '<p>Vuoden jäsenmaksu.</p>',
    invoice_rows_: opts.rows ?? [{ title: 'Jäsenmaksu', amount_with_vat: '25,00', vat_percent: 0 }],
    date_due: opts.date_due ?? due.toISOString().slice(0, 10),
    addrecips: memberIds,
    send: true,
    confirmed: true,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  if (r.body.mooney_id) {
    await creditByOperator(ctx.t.deps, ctx.tenant.tenant.id, 1_000_000, 'testi: laskun hinta');
    const pay = await ctx.admin.post('/api/1/mooney/balance_pay', { balance_mid: r.body.mooney_id });
    expect(pay.body, JSON.stringify(pay.body)).toMatchObject({ paid: true });
  }
  const invoiceId = r.body.id as number;
  const rows = await ctx.t.deps.db
    .selectFrom('invoice_instances')
    .select(['id', 'member_id'])
    .where('tenant_id', '=', ctx.tenant.tenant.id)
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
  return { invoiceId, instanceIds: rows.map((x) => x.id), memberIds };
}
