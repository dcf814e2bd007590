import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { NotFound, ValidationError } from '../../lib/errors';
import { REPORT_LIST_PAGE_SIZE } from '../../../shared/constants';
import { parseIsoDate } from '../../../shared/finnish/date';
import { vatBreakdown } from '../../../shared/finnish/vat';
import { aggregate, openAmount, summariseActions, type ActionLike, type InstanceFacts, type InvoiceStatus } from '../../../shared/invoices/status';
import {
  REPORT_COVERS_FROM,
  type invoiceAggregates,
  type receivableRow,
  type refsRow,
  type reportInvoiceRow,
  type salesRow,
  type vatBreakdownRow,
} from '../../../shared/schemas/invoices';
import { helsinkiDate } from '../receipts/dates';
import { helsinkiDayStart, nextDay } from '../log/helsinki';
import type { ActionRow, InstanceRow } from './instances-repo';
import { factsOf, helsinkiToday, presentInstances } from './present';
import * as repo from './reports-repo';

// The invoice reports (spec §7, §9): the invoice report, the reference list, the sales
// invoice list and the accounts receivable. Every sum comes from the shared status rules
// (aggregate, openAmount, summariseActions) and every status from presentInstances, so the
// reports reconcile with the invoice pages to the cent. Periods are inclusive Helsinki days;
// nothing created before REPORT_COVERS_FROM is reported.

export type VatRow = z.infer<typeof vatBreakdownRow>;
export type Aggregates = z.infer<typeof invoiceAggregates>;
export interface Period {
  from: string;
  to: string;
}

/** 1.1.–31.12. of today's year (Helsinki). */
export function yearPeriod(today: string): Period {
  const year = today.slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

const today = (deps: Deps): string => helsinkiToday(deps.clock.now());

function checkDay(field: string, day: string): void {
  if (!parseIsoDate(day)) throw ValidationError.field(field, '_validation_date_invalid');
}

/** The period with its defaults filled in and checked: real days, from not after to. */
export function periodOf(deps: Deps, input: { from?: string | undefined; to?: string | undefined }, fallback: 'year' | 'today'): Period {
  const t = today(deps);
  const def = fallback === 'year' ? yearPeriod(t) : { from: t, to: t };
  const p = { from: input.from ?? def.from, to: input.to ?? def.to };
  checkDay('from', p.from);
  checkDay('to', p.to);
  if (p.from > p.to) throw ValidationError.field('to', 'invoice_report_period_reversed');
  return p;
}

/** The period as UTC instants [start, end), never before the cut-off. */
function bounds(p: Period): { start: string; end: string; coversFrom: string } {
  const coversFrom = helsinkiDayStart(REPORT_COVERS_FROM);
  const from = p.from < REPORT_COVERS_FROM ? REPORT_COVERS_FROM : p.from;
  return { start: helsinkiDayStart(from), end: helsinkiDayStart(nextDay(p.to)), coversFrom };
}

type Counted = InstanceFacts & { status: InvoiceStatus };

/**
 * The instances as aggregate() takes them, with each status as the invoice page derives it
 * (presentInstances, in pieces so its per-page lookups stay small).
 */
async function countedOf(deps: Deps, tenantId: number, rows: readonly InstanceRow[]): Promise<Counted[]> {
  const out: Counted[] = [];
  const day = today(deps);
  for (let i = 0; i < rows.length; i += 500) {
    const part = rows.slice(i, i + 500);
    const presented = await presentInstances(deps.db, tenantId, part, day);
    // Only the sums, the kind and the mark matter to aggregate(); the status is the one replied.
    part.forEach((row, k) => out.push({ ...factsOf(row, null, []), status: presented[k]!.status_c }));
  }
  return out;
}

interface RowJson {
  amount_c: number;
  vat_percent: number;
}
const parseRows = (json: string | null): RowJson[] => (json ? (JSON.parse(json) as RowJson[]) : []);

/**
 * One document's VAT per rate: a credit invoice's own rows, else its invoice's rows. The rows
 * carry the document's sign (a credit invoice's rows may be stored as the amounts credited).
 */
export function instanceVat(row: Pick<InstanceRow, 'rows' | 'amount_c'>, invoiceRows: readonly RowJson[]): VatRow[] {
  const rows = row.rows !== null ? parseRows(row.rows) : invoiceRows;
  const sum = rows.reduce((s, r) => s + r.amount_c, 0);
  const sign = sum !== 0 && sum === -row.amount_c ? -1 : 1;
  return vatBreakdown(rows.map((r) => ({ amountWithVatCents: sign * r.amount_c, vatPercent: r.vat_percent }))).map((v) => ({
    vat_percent: v.vatPercent,
    net_c: v.netCents,
    vat_c: v.vatCents,
    gross_c: v.grossCents,
  }));
}

/** Per-rate sums of documents' breakdowns (each document's VAT as printed on it). */
export function sumVat(lists: Iterable<readonly VatRow[]>): VatRow[] {
  const byRate = new Map<number, VatRow>();
  for (const list of lists) {
    for (const v of list) {
      const s = byRate.get(v.vat_percent) ?? { vat_percent: v.vat_percent, net_c: 0, vat_c: 0, gross_c: 0 };
      byRate.set(v.vat_percent, { vat_percent: v.vat_percent, net_c: s.net_c + v.net_c, vat_c: s.vat_c + v.vat_c, gross_c: s.gross_c + v.gross_c });
    }
  }
  return [...byRate.values()].sort((a, b) => a.vat_percent - b.vat_percent);
}

const pageOf = <T>(rows: readonly T[], page: number): T[] => rows.slice(page * REPORT_LIST_PAGE_SIZE, (page + 1) * REPORT_LIST_PAGE_SIZE);

// ---- 1. Invoice report ----

export type ReportInvoice = z.infer<typeof reportInvoiceRow>;
export interface InvoiceReport {
  invoices: ReportInvoice[];
  totals: Aggregates;
  vat_breakdown: VatRow[];
}

/** Every invoice created in the period (or only the given ones of them): its aggregates and VAT, and the totals. */
export async function invoiceReport(deps: Deps, tenant: Tenant, criteria: Period & { invoice_id: readonly number[] }): Promise<InvoiceReport> {
  const p = periodOf(deps, criteria, 'year');
  const ids = [...new Set(criteria.invoice_id)];
  // Another association's (or a missing) invoice is not found, never silently left out.
  const known = await repo.existingInvoiceIds(deps.db, tenant.id, ids);
  if (ids.some((id) => !known.has(id))) throw new NotFound();
  const b = bounds(p);
  const invoices = await repo.invoicesCreatedBetween(deps.db, tenant.id, b.start, b.end, ids);
  const instances = await repo.instancesOfInvoices(deps.db, tenant.id, invoices.map((i) => i.id));
  const counted = await countedOf(deps, tenant.id, instances);
  const byInvoice = new Map<number, { counted: Counted[]; vat: VatRow[][]; rows: RowJson[] }>();
  for (const inv of invoices) byInvoice.set(inv.id, { counted: [], vat: [], rows: parseRows(inv.rows) });
  instances.forEach((row, k) => {
    const own = byInvoice.get(row.invoice_id)!;
    own.counted.push(counted[k]!);
    if (row.kind === 'invoice') own.vat.push(instanceVat(row, own.rows));
  });
  const rows = invoices.map((inv) => {
    const own = byInvoice.get(inv.id)!;
    return { id: inv.id, subject: inv.subject, created_at: inv.created_at, date_due: inv.date_due, ...aggregate(own.counted), vat_breakdown: sumVat(own.vat) };
  });
  return { invoices: rows, totals: aggregate(counted), vat_breakdown: sumVat(rows.map((r) => r.vat_breakdown)) };
}

// ---- 2. Reference list ----

export type RefsRow = z.infer<typeof refsRow>;

/** Invoices (not credit invoices: nobody pays those) created in the period, by number. */
export async function refsList(deps: Deps, tenant: Tenant, period: Period): Promise<RefsRow[]> {
  const rows = await repo.instancesCreatedBetween(deps.db, tenant.id, bounds(period), ['invoice']);
  return rows.map((r) => ({
    reference: r.reference,
    invoice_number: r.invoice_number,
    name: r.recipient_name,
    amount_c: r.amount_c,
    date: helsinkiDate(r.created_at),
    invoice_id: r.invoice_id,
  }));
}

export async function refsPage(deps: Deps, tenant: Tenant, body: { from?: string | undefined; to?: string | undefined; page: number }) {
  const all = await refsList(deps, tenant, periodOf(deps, body, 'year'));
  return { rows: pageOf(all, body.page), count: all.length };
}

// ---- 3. Sales invoice list ----

export type SalesRow = z.infer<typeof salesRow>;
export interface SalesList {
  rows: SalesRow[];
  total_c: number;
  vat_breakdown: VatRow[];
}

/** Every invoice and credit invoice dated (made) in the period, by number, with its VAT. */
export async function salesList(deps: Deps, tenant: Tenant, period: Period): Promise<SalesList> {
  const instances = await repo.instancesCreatedBetween(deps.db, tenant.id, bounds(period), ['invoice', 'credit']);
  const invoices = await repo.invoicesByIds(deps.db, tenant.id, instances.map((i) => i.invoice_id));
  const rows = instances.map((r) => ({
    instance_id: r.id,
    invoice_id: r.invoice_id,
    invoice_number: r.invoice_number,
    kind: r.kind,
    name: r.recipient_name,
    date: helsinkiDate(r.created_at),
    date_due: r.date_due,
    reference: r.reference,
    amount_c: r.amount_c,
    vat_breakdown: instanceVat(r, parseRows(invoices.get(r.invoice_id)?.rows ?? null)),
  }));
  return { rows, total_c: rows.reduce((s, r) => s + r.amount_c, 0), vat_breakdown: sumVat(rows.map((r) => r.vat_breakdown)) };
}

export async function salesPage(deps: Deps, tenant: Tenant, body: { from?: string | undefined; to?: string | undefined; page: number }) {
  const all = await salesList(deps, tenant, periodOf(deps, body, 'today'));
  return { rows: pageOf(all.rows, body.page), count: all.rows.length, total_c: all.total_c, vat_breakdown: all.vat_breakdown };
}

// ---- 4. Accounts receivable ----

export type ReceivableRow = z.infer<typeof receivableRow>;

/**
 * The day an action counts from: a bank payment from its payment day, anything else from
 * the day it was made. Never after the day it was made, so on today every action counts.
 */
export function actionDay(a: Pick<ActionRow, 'created_at' | 'pay_date'>): string {
  const made = helsinkiDate(a.created_at);
  return a.pay_date !== null && a.pay_date < made ? a.pay_date : made;
}

const DAY_MS = 86_400_000;
function daysBetween(from: string, to: string): number {
  const t = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((t(to) - t(from)) / DAY_MS);
}

/**
 * What was open on `date`: the invoices made by then, less the payments, credits and marks
 * made by then (the same summariseActions and openAmount as the invoice pages), with the
 * days past the due date then in force.
 */
export async function receivables(deps: Deps, tenant: Tenant, date: string): Promise<{ rows: ReceivableRow[]; total_open_c: number }> {
  const b = bounds({ from: REPORT_COVERS_FROM, to: date });
  const instances = await repo.instancesCreatedBetween(deps.db, tenant.id, b, ['invoice']);
  const actions = await repo.actionsOfInstances(deps.db, tenant.id, instances.map((i) => i.id));
  const byInstance = new Map<number, ActionRow[]>();
  for (const a of actions) {
    if (actionDay(a) > date) continue;
    (byInstance.get(a.instance_id) ?? byInstance.set(a.instance_id, []).get(a.instance_id)!).push(a);
  }
  const rows: ReceivableRow[] = [];
  for (const r of instances) {
    const mine = byInstance.get(r.id) ?? [];
    const sums = summariseActions(mine as unknown as ActionLike[]);
    const open = openAmount({ kind: r.kind, amount_c: r.amount_c, ...sums });
    if (open <= 0) continue;
    const due = mine.filter((a) => a.action_type === 'reminder' && a.date_due !== null).at(-1)?.date_due ?? r.date_due;
    rows.push({
      instance_id: r.id,
      invoice_id: r.invoice_id,
      invoice_number: r.invoice_number,
      name: r.recipient_name,
      reference: r.reference,
      date_due: due,
      amount_c: r.amount_c,
      amount_open_c: open,
      days_overdue: Math.max(0, daysBetween(due, date)),
    });
  }
  return { rows, total_open_c: rows.reduce((s, r) => s + r.amount_open_c, 0) };
}

export function receivablesDate(deps: Deps, to: string | undefined): string {
  const date = to ?? today(deps);
  checkDay('to', date);
  return date;
}

export async function receivablesPage(deps: Deps, tenant: Tenant, body: { to?: string | undefined; page: number }) {
  const date = receivablesDate(deps, body.to);
  const all = await receivables(deps, tenant, date);
  return { rows: pageOf(all.rows, body.page), count: all.rows.length, total_open_c: all.total_open_c, date };
}
