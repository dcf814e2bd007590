import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import type { LogAllReply, LogDatum, LogEntry } from '../../../shared/schemas/log';
import type { LogEvent } from '../../../shared/constants';
import { helsinkiDayStart, nextDay } from './helsinki';
import * as repo from './repo';
import { batchInfo } from '../batches/service';
import { transactions } from '../payments/transactions';
import { receiptPage } from '../receipts/service';
import { RECEIPTS_PAGE_SIZE } from '../../../shared/schemas/payments';

// The activity log as the log page and the dashboard read it.
// Nothing here writes: rows are appended by the services that make the changes.

export interface LogListInput {
  limit: number;
  page: number;
  transactions: boolean;
  event: LogEvent[];
  from?: string;
  to?: string;
}

const MEMBER_CONTEXT = /^member:(\d{1,15})$/;

function memberIdOf(context: string): number | null {
  const m = MEMBER_CONTEXT.exec(context);
  return m ? Number(m[1]) : null;
}

/** The stored JSON list of {field, old, new}; anything unreadable shows as no data rather than failing the page. */
function parseData(text: string): LogDatum[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null && typeof (d as { field?: unknown }).field === 'string')
    .map((d) => {
      const datum: LogDatum = { field: d.field as string };
      if (typeof d.label === 'string') datum.label = d.label;
      if ('old' in d) datum.old = d.old;
      if ('new' in d) datum.new = d.new;
      return datum;
    });
}

const fullname = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

async function present(deps: Deps, tenant: Tenant, rows: repo.LogRow[]): Promise<LogEntry[]> {
  const ids = [...new Set(rows.map((r) => memberIdOf(r.context)).filter((id): id is number => id !== null))];
  const names = new Map((await repo.memberNames(deps.db, tenant.id, ids)).map((m) => [m.id, fullname(m.firstname, m.lastname)]));
  return rows.map((r) => {
    const memberId = memberIdOf(r.context);
    const memberName = memberId === null ? undefined : names.get(memberId);
    return {
      id: r.id,
      at: r.at,
      event: r.event,
      context: r.context,
      data: parseData(r.data),
      author: r.author_id !== null && r.author_firstname !== null ? { id: r.author_id, name: fullname(r.author_firstname, r.author_lastname) } : null,
      batch_id: r.batch_id,
      member_: memberId !== null && memberName !== undefined ? { id: memberId, name: memberName } : null,
    };
  });
}

export async function listLog(deps: Deps, tenant: Tenant, input: LogListInput): Promise<LogAllReply> {
  const q: repo.LogQuery = {
    events: input.event,
    fromAt: input.from ? helsinkiDayStart(input.from) : null,
    beforeAt: input.to ? helsinkiDayStart(nextDay(input.to)) : null,
  };
  const [rows, total] = await Promise.all([
    repo.page(deps.db, tenant.id, q, input.limit, input.page * input.limit),
    repo.count(deps.db, tenant.id, q),
  ]);
  // Paid payment items (price, method) and receipts, when asked for: RECEIPTS_PAGE_SIZE a page.
  const paid = input.transactions ? await transactions(deps.db, tenant.id, RECEIPTS_PAGE_SIZE, input.page * RECEIPTS_PAGE_SIZE) : { results: [], count: 0, years: [] };
  const receipts = input.transactions ? await receiptPage(deps, tenant, input.page) : { results: [], count: 0 };
  return {
    all_results: await present(deps, tenant, rows),
    all_count: total,
    transaction_results: paid.results,
    transaction_count: paid.count,
    transaction_years: paid.years,
    receipt_results: receipts.results,
    receipt_count: receipts.count,
  };
}

export async function getEntry(deps: Deps, tenant: Tenant, id: number): Promise<LogEntry> {
  const row = await repo.findById(deps.db, tenant.id, id);
  if (!row) throw new NotFound();
  const [entry] = await present(deps, tenant, [row]);
  // Whether its batch can still be undone, or when and by whom it was.
  const batch = row.batch_id ? await batchInfo(deps, tenant.id, row.batch_id) : null;
  return batch ? { ...entry!, batch_: batch } : entry!;
}
