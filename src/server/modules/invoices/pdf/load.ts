import type { Db } from '../../../db/kysely';
import { openAmount } from '../../../../shared/invoices/status';
import * as settings from '../../settings/repo';
import { helsinkiDate } from '../../receipts/dates';
import { getWithMessage, type InvoiceWithMessage } from '../repo';
import { instanceById, type InstanceRow } from '../instances-repo';
import type { InvoicePdfInput, InvoicePdfRow } from './invoice-pdf';

// Everything an instance's PDF needs from the database: the instance and its invoice (rows,
// dates, the VAT obligation as it was when invoiced), the association's name and payment
// details from settings, a credit invoice's original and a reminder's new due date and
// open amount. A loader serves many instances (a file of all, the bench) and reads the
// shared parts once.

export interface PdfLoader {
  /** Null when the association has no such instance. `reminderMessageId`: as that reminder. */
  input(instanceId: number, opts?: { reminderMessageId?: number }): Promise<InvoicePdfInput | null>;
  /** Same for a row already read. */
  inputOf(row: InstanceRow, opts?: { reminderMessageId?: number }): Promise<InvoicePdfInput | null>;
}

interface Seller {
  name: string;
  iban: string;
  businessId: string;
  email: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function rowsOf(json: string | null): InvoicePdfRow[] {
  if (!json) return [];
  const parsed = JSON.parse(json) as { title: string; amount_c: number; vat_percent: number }[];
  return parsed.map((r) => ({ title: r.title, amount_c: r.amount_c, vat_percent: r.vat_percent }));
}

export function createPdfLoader(db: Db, tenantId: number): PdfLoader {
  let seller: Promise<Seller> | null = null;
  const invoices = new Map<number, Promise<InvoiceWithMessage | undefined>>();

  const sellerOf = (): Promise<Seller> =>
    (seller ??= (async () => {
      const [tenant, s] = await Promise.all([db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow(), settings.getAll(db, tenantId)]);
      return { name: tenant.name, iban: str(s.bank_account), businessId: str(s.business_id), email: str(s.reply_to_email) };
    })());
  const invoiceOf = (id: number): Promise<InvoiceWithMessage | undefined> => {
    let p = invoices.get(id);
    if (!p) invoices.set(id, (p = getWithMessage(db, tenantId, id)));
    return p;
  };

  async function inputOf(row: InstanceRow, opts: { reminderMessageId?: number } = {}): Promise<InvoicePdfInput | null> {
    const [s, inv] = await Promise.all([sellerOf(), invoiceOf(row.invoice_id)]);
    if (!inv) return null;
    const base: InvoicePdfInput = {
      kind: 'invoice',
      seller: { name: s.name, addressLines: [], businessId: s.businessId, vatObliged: inv.vat_obliged === 1, iban: s.iban, email: s.email },
      recipient: { name: row.recipient_name, addressLines: row.recipient_address.split('\n').filter((l) => l.trim() !== '') },
      invoiceNumber: row.invoice_number,
      invoiceDate: inv.invoice_date,
      dueDate: row.date_due,
      reference: row.reference,
      subject: inv.subject,
      rows: rowsOf(row.rows ?? inv.rows),
      total_c: row.amount_c,
      description: inv.content,
    };
    if (row.kind === 'credit') {
      const original = row.credit_of === null ? undefined : await instanceById(db, tenantId, row.credit_of);
      return {
        ...base,
        kind: 'credit',
        // A credit invoice is dated when it was made; it asks for no payment and has no description.
        invoiceDate: helsinkiDate(row.created_at),
        description: '',
        ...(original ? { credit: { creditedNumber: original.invoice_number, creditedDate: inv.invoice_date } } : {}),
      };
    }
    if (opts.reminderMessageId === undefined) return base;
    const action = await db
      .selectFrom('invoice_actions')
      .select(['date_due', 'created_at'])
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', row.id)
      .where('action_type', '=', 'reminder')
      .where('message_id', '=', opts.reminderMessageId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!action?.date_due) return null;
    // The reminder's own text follows page 1, not the original invoice's description.
    const msg = await db.selectFrom('messages').select('content').where('tenant_id', '=', tenantId).where('id', '=', opts.reminderMessageId).executeTakeFirst();
    return {
      ...base,
      kind: 'reminder',
      description: msg?.content ?? '',
      dueDate: action.date_due,
      reminder: { date: helsinkiDate(action.created_at), originalDueDate: row.date_due, paid_c: row.paid_c, open_c: openAmount(row) },
    };
  }

  return {
    inputOf,
    async input(instanceId, opts) {
      const row = await instanceById(db, tenantId, instanceId);
      return row ? inputOf(row, opts) : null;
    },
  };
}
