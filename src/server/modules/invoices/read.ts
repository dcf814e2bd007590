import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { DeliveryStatus, Tenant } from '../../db/schema';
import { NotFound, ValidationError } from '../../lib/errors';
import { INVOICE_INSTANCES_PAGE_SIZE, LIST_PAGE_SIZE } from '../../../shared/constants';
import { aggregate, deriveStatus, type InstanceFacts, type InvoiceAggregates, type InvoiceStatus } from '../../../shared/invoices/status';
import { isValidReference } from '../../../shared/finnish/reference';
import { createRfReference, isValidRfReference } from '../../../shared/finnish/rf-reference';
import { DELIVERY_STATUSES } from '../../../shared/schemas/messages';
import type { InvoiceReply, InvoiceRow, InvoiceSummary, invoiceGetQuery, invoiceSearchReply, invoicesAllReply } from '../../../shared/schemas/invoices';
import * as messages from '../messages/repo';
import * as settingsRepo from '../settings/repo';
import { instancesByIds, type InstanceRow } from './instances-repo';
import { factsOf, helsinkiToday, presentInstances } from './present';
import * as repo from './repo';
import { breakdownOf } from './compose';
import { addBlockers } from './service';

// Reading invoices: the list with each invoice's sums, one invoice with a page of its
// instances, and the search. Statuses are derived on reading (they depend on today and on
// the deliveries), from a few grouped queries however many instances there are.

const PAGE = INVOICE_INSTANCES_PAGE_SIZE;
const WAITING: ReadonlySet<string> = new Set(['held', 'queued', 'sending']);

type Derived = InstanceFacts & { status: InvoiceStatus; row: InstanceRow };

/** Facts and status of every given instance, from their rounds' sent times and delivery statuses. */
async function derive(db: Db, tenantId: number, invoiceIds: readonly number[], today: string): Promise<Map<number, Derived[]>> {
  const [rows, msgs] = await Promise.all([repo.instancesOfInvoices(db, tenantId, invoiceIds), repo.messagesOfInvoices(db, tenantId, invoiceIds)]);
  const sentAt = new Map(msgs.map((m) => [m.id, m.sent_at]));
  const rounds = msgs.filter((m) => m.kind === 'invoice').map((m) => m.id);
  // Per round and member: the distinct statuses of its deliveries (enough for queued/bounced).
  const statuses = new Map<string, { status: DeliveryStatus }[]>();
  for (const d of await repo.deliveryStatusesOf(db, tenantId, rounds)) {
    const key = `${d.message_id}:${d.member_id ?? ''}`;
    (statuses.get(key) ?? statuses.set(key, []).get(key)!).push({ status: d.status });
  }
  const out = new Map<number, Derived[]>(invoiceIds.map((id) => [id, []]));
  for (const row of rows) {
    const sent = row.message_id === null ? null : (sentAt.get(row.message_id) ?? null);
    const facts = factsOf(row, sent, statuses.get(`${row.message_id ?? ''}:${row.member_id ?? ''}`) ?? []);
    out.get(row.invoice_id)?.push({ ...facts, status: deriveStatus(facts, today), row });
  }
  return out;
}

function summary(inv: repo.InvoiceWithMessage, sums: InvoiceAggregates): InvoiceSummary {
  return {
    ...sums,
    id: inv.id,
    subject: inv.subject,
    msg_media: inv.msg_media as InvoiceSummary['msg_media'],
    status: inv.status,
    amount_c: inv.amount_c,
    date_due: inv.date_due,
    created_at: inv.created_at,
    sent_at: inv.sent_at,
  };
}

export async function all(deps: Deps, tenant: Tenant, page: number): Promise<z.infer<typeof invoicesAllReply>> {
  const [rows, count] = await Promise.all([repo.page(deps.db, tenant.id, LIST_PAGE_SIZE, page * LIST_PAGE_SIZE), repo.count(deps.db, tenant.id)]);
  const derived = await derive(deps.db, tenant.id, rows.map((r) => r.id), helsinkiToday(deps.clock.now()));
  return { results: rows.map((r) => summary(r, aggregate(derived.get(r.id) ?? []))), count };
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Delivery counts over every round and reminder of the invoice, 0 for statuses without rows. */
async function msgStatuses(db: Db, tenantId: number, invoiceId: number): Promise<InvoiceReply['msg_statuses']> {
  const ids = (await repo.messagesOfInvoices(db, tenantId, [invoiceId])).map((m) => m.id);
  const counts = await messages.statusCounts(db, tenantId, ids);
  const out = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
  for (const c of counts.values()) for (const [s, n] of Object.entries(c)) out[s as DeliveryStatus] += n;
  return out;
}

export async function get(deps: Deps, tenant: Tenant, id: number, q: z.infer<typeof invoiceGetQuery>): Promise<InvoiceReply> {
  const inv = await repo.getWithMessage(deps.db, tenant.id, id);
  if (!inv) throw new NotFound();
  const today = helsinkiToday(deps.clock.now());
  const [derived, statuses, settings] = await Promise.all([derive(deps.db, tenant.id, [id], today), msgStatuses(deps.db, tenant.id, id), settingsRepo.getAll(deps.db, tenant.id)]);
  const items = derived.get(id) ?? [];
  const chosen = q.status === undefined ? items : items.filter((i) => i.status === q.status);
  const pageIds = chosen.slice(q.page * PAGE, (q.page + 1) * PAGE).map((i) => i.row.id);
  const instances = await presentInstances(deps.db, tenant.id, await instancesByIds(deps.db, tenant.id, pageIds), today);
  const rows = parseJson<InvoiceRow[]>(inv.rows, []);
  const blockers = addBlockers(inv, { vat_obliged: settings.vat_obliged === true });
  return {
    ...summary(inv, aggregate(items)),
    description: inv.content,
    invoice_rows_: rows,
    vat_breakdown: breakdownOf(rows),
    invoice_date: inv.invoice_date,
    vat_obliged_checked: inv.vat_obliged === 1,
    is_legacy: inv.is_legacy === 1,
    sms_notify: inv.sms_notify === 1,
    filter: parseJson<unknown>(inv.filter, null),
    addrecips: parseJson<number[]>(inv.addrecips, []),
    price: parseJson(inv.price, null),
    mooney_id: inv.payment_id,
    msg_statuses: statuses,
    polling: Object.entries(statuses).some(([s, n]) => WAITING.has(s) && n > 0),
    can_add_recipients: blockers.length === 0,
    add_recipients_blockers: blockers,
    instances,
    instances_count: chosen.length,
  };
}

type SearchReply = z.infer<typeof invoiceSearchReply>;

/**
 * The stored forms a typed reference may be: as typed, and its national/RF twin. An RF
 * reference carries the national one after "RF" and its check digits, so a treasurer who
 * types either form of what the payer sees finds the instance whichever the association uses.
 */
function referenceForms(compact: string): string[] {
  if (!/^(RF\d{2})?\d{2,20}$/.test(compact)) return [];
  const forms = [compact];
  if (compact.startsWith('RF')) {
    if (isValidRfReference(compact)) forms.push(compact.slice(4));
  } else if (isValidReference(compact)) {
    forms.push(createRfReference(compact));
  }
  return forms;
}

export async function supersearch(deps: Deps, tenant: Tenant, term: string): Promise<SearchReply> {
  const t = term.trim();
  if ([...t].length <= 2) throw ValidationError.field('term', '_validation_too_short');
  // A number or reference may be typed grouped ("12 34561", "RF33 2348 236").
  const compact = t.replace(/\s+/g, '').toUpperCase();
  const number = /^\d{1,15}$/.test(compact) ? Number(compact) : null;
  const references = referenceForms(compact);
  const [subjects, instances] = await Promise.all([
    repo.searchSubjects(deps.db, tenant.id, t, LIST_PAGE_SIZE),
    repo.searchInstances(deps.db, tenant.id, { term: t, number: number !== null && Number.isSafeInteger(number) ? number : null, references }, LIST_PAGE_SIZE),
  ]);
  return {
    results: [
      ...subjects.map((s) => ({ id: s.id, subject: s.subject, instance_id: null, person_id: null, name: null, invoice_number: null, reference: null, sent_at: s.sent_at })),
      ...instances.map((i) => ({
        id: i.id,
        subject: i.subject,
        instance_id: i.instance_id,
        person_id: i.member_id,
        name: i.recipient_name,
        invoice_number: i.invoice_number,
        reference: i.reference,
        sent_at: i.sent_at,
      })),
    ],
  };
}
