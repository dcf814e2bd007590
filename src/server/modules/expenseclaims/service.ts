import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { ExpenseClaimReply, ExpenseClaimSaveBody, ExpenseClaimSummary } from '../../../shared/schemas/expenseclaims';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import { TIERS, type Tier } from '../../../shared/constants';
import { isEditable, nextStatuses } from '../../../shared/expenseclaims/status';
import { ALLOWANCE_SOURCES, volunteerLimitsExceeded } from '../../../shared/finnish/allowance';
import { compactIban, validateIban } from '../../../shared/finnish/iban';
import { hasRole } from '../../../shared/members/roles';
import { tierLimits } from '../../../shared/tiers';
import { HttpError, NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import { helsinkiDayStart } from '../log/helsinki';
import { helsinkiToday } from '../invoices/present';
import { fullname } from '../members/present';
import * as settings from '../settings/repo';
import * as files from './files-repo';
import { receiptUrl } from './files';
import * as mail from './mail';
import { priceItems } from './pricing';
import * as repo from './repo';

// Expense claims: the claimant's save (items priced on the server, receipts bound to the claim,
// the tier's yearly limit), and what the claimant and the treasurer read. The treasurer's moves
// are in treasurer.ts. Each change is one transaction with its activity log line and a claim
// event; the emails go after the commit.

const IBAN_ERRORS = { wrong_length: 'settings_iban_wrong_length', unknown_country: 'settings_iban_unknown_country', invalid_checksum: 'settings_iban_invalid_checksum' } as const;

const isAdmin = (me: Member): boolean => hasRole(me, 'admin');
const asTier = (t: string): Tier => ((TIERS as readonly string[]).includes(t) ? (t as Tier) : 'Free');

/** The member side works only when the association has turned e-claims on. */
export async function ensureEnabled(deps: Deps, tenant: Tenant): Promise<Record<string, unknown>> {
  const s = await settings.getAll(deps.db, tenant.id);
  if (s.eclaim_enabled !== true) throw new HttpError(403, { errors: { general: ['eclaim_disabled'] } });
  return s;
}

/** The tier's claims a year (null: none), and whether this calendar year (Helsinki) has reached it. */
export async function yearlyLimit(deps: Deps, tenant: Tenant): Promise<{ limit: number | null; reached: boolean }> {
  const limit = tierLimits(asTier(tenant.tier)).expense_claims_per_year;
  if (limit === null) return { limit, reached: false };
  const year = helsinkiToday(deps.clock.now()).slice(0, 4);
  const n = await repo.countCreatedSince(deps.db, tenant.id, helsinkiDayStart(`${year}-01-01`));
  return { limit, reached: n >= limit };
}

/** The claimant's calendar year: per diem days and km amounts of their claims not rejected. */
export async function volunteerYear(deps: Deps, tenant: Tenant, personId: number, year: number) {
  const t = await repo.volunteerTotals(deps.db, tenant.id, personId, `${String(year)}-01-01`, `${String(year)}-12-31`);
  return { year, per_diem_days: t.days, km_c: t.kmCents, exceeded: volunteerLimitsExceeded({ perDiemDays: t.days, kmCents: t.kmCents }) };
}

export function summary(c: repo.Claim): ExpenseClaimSummary {
  return {
    id: c.id,
    person_id: c.person_id,
    person_name: c.person_name,
    person_account_number: c.person_account_number,
    status: c.status,
    description: c.description,
    amount_c: c.amount_c,
    item_count: c.item_count,
    date_min: c.date_min,
    date_max: c.date_max,
    created_at: c.created_at,
    date_accepted: c.date_accepted,
    date_rejected: c.date_rejected,
    date_paid: c.date_paid,
    paid_batch: c.paid_batch,
  };
}

/** A claim the caller may see: the claimant their own, a site admin any; otherwise 404. */
export async function visibleClaim(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<repo.Claim> {
  const c = await repo.find(deps.db, tenant.id, id);
  if (!c || (c.person_id !== me.id && !isAdmin(me))) throw new NotFound();
  return c;
}

export async function claimReply(deps: Deps, tenant: Tenant, me: Member, c: repo.Claim): Promise<ExpenseClaimReply> {
  const [items, events] = await Promise.all([repo.itemsOf(deps.db, tenant.id, c.id), repo.eventsOf(deps.db, tenant.id, c.id)]);
  const receipts = new Map((await files.findMany(deps.db, tenant.id, items.flatMap((i) => (i.receipt_id === null ? [] : [i.receipt_id])))).map((f) => [f.id, f]));
  const year = Number((c.date_max ?? helsinkiToday(deps.clock.now())).slice(0, 4));
  return {
    ...summary(c),
    rejection_reason: c.rejection_reason,
    items: items.map((i) => {
      const f = i.receipt_id === null ? undefined : receipts.get(i.receipt_id);
      return {
        id: i.id,
        type: i.type,
        date: i.date,
        description: i.description,
        amount_c: i.amount_c,
        receipt: f ? { id: f.id, url: receiptUrl(f.id), mime: f.mime, pages: f.pages } : null,
        location: i.location,
        vehicle: i.vehicle,
        km: i.km,
        km_price_c: i.km_price_c,
        rate_year: i.rate_year,
        rate_source: i.rate_year === null ? null : (ALLOWANCE_SOURCES[i.rate_year] ?? null),
        started_at: i.started_at,
        returned_at: i.returned_at,
        per_diem_full: i.per_diem_full,
        per_diem_partial: i.per_diem_partial,
      };
    }),
    events: events.map((e) => ({ id: e.id, kind: e.kind, from_status: e.from_status, to_status: e.to_status, comment: e.comment, author_name: e.author_name, created_at: e.created_at })),
    volunteer_year: await volunteerYear(deps, tenant, c.person_id, year),
    next_statuses: isAdmin(me) ? [...nextStatuses(c.status)] : [],
    editable: c.person_id === me.id && isEditable(c.status),
  };
}

/** Receipts must be this member's uploads, unattached or already on this claim. */
async function checkReceipts(deps: Deps, tenant: Tenant, me: Member, body: ExpenseClaimSaveBody, claimId: number | null, errors: ValidationErrors): Promise<number[]> {
  const ids = body.items.flatMap((it) => (it.type === 'receipt' ? [it.receipt_id] : []));
  const found = new Map((await files.findMany(deps.db, tenant.id, ids)).map((f) => [f.id, f]));
  body.items.forEach((it, i) => {
    if (it.type !== 'receipt') return;
    const f = found.get(it.receipt_id);
    if (!f || f.member_id !== me.id || (f.claim_id !== null && f.claim_id !== claimId)) (errors[`items.${String(i)}.receipt_id`] ??= []).push('expense_receipt_not_yours');
  });
  return [...new Set(ids)];
}

/** POST expenseclaim/save: a new claim of the signed-in member, or their own pending one. */
export async function save(deps: Deps, tenant: Tenant, me: Member, body: ExpenseClaimSaveBody): Promise<ExpenseClaimReply> {
  const s = await ensureEnabled(deps, tenant);
  const old = body.id === undefined ? null : await repo.find(deps.db, tenant.id, body.id);
  if (body.id !== undefined && (!old || old.person_id !== me.id)) throw new NotFound();
  if (old && !isEditable(old.status)) throw ValidationError.general('expense_claim_not_editable');
  const errors: ValidationErrors = {};
  const ibanProblem = validateIban(body.account_number);
  if (ibanProblem) errors.account_number = [IBAN_ERRORS[ibanProblem]];
  const priced = priceItems(body.items, helsinkiToday(deps.clock.now()));
  Object.assign(errors, priced.errors);
  const receiptIds = await checkReceipts(deps, tenant, me, body, old?.id ?? null, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const items = priced.items;
  const dates = items.map((i) => i.date).sort();
  const values = {
    person_account_number: compactIban(body.account_number),
    description: body.description,
    amount_c: items.reduce((sum, i) => sum + i.amount_c, 0),
    item_count: items.length,
    date_min: dates[0] ?? null,
    date_max: dates.at(-1) ?? null,
  };
  const name = fullname(me);
  const id = await act(deps, tenant, me, 'expense_claim_saved', async (trx, line, at) => {
    let claimId: number;
    if (old) {
      if (!(await repo.updateIf(trx, tenant.id, old.id, 'pending', { ...values, person_name: name, updated_at: at }))) throw ValidationError.general('expense_claim_not_editable');
      claimId = old.id;
    } else {
      // Counted in the saving transaction, next to the insert it allows.
      const { limit, reached } = await yearlyLimit({ ...deps, db: trx }, tenant);
      if (reached) throw ValidationError.general('eclaim_yearly_limit_reached', { limit });
      claimId = await repo.insert(trx, tenant.id, { ...values, person_id: me.id, person_name: name, author_id: me.id, created_at: at, updated_at: at });
    }
    await repo.replaceItems(trx, tenant.id, claimId, items);
    await files.attach(trx, tenant.id, claimId, receiptIds);
    await repo.addEvent(trx, tenant.id, { claim_id: claimId, kind: old ? 'updated' : 'created', from_status: null, to_status: null, comment: null, author_id: me.id, author_name: name, created_at: at });
    line.context = `member:${String(me.id)}`;
    line.data = [
      { field: 'expense_claim', new: claimId },
      { field: 'amount', old: old?.amount_c ?? null, new: values.amount_c },
      { field: 'expense_items', old: old?.item_count ?? null, new: values.item_count },
    ];
    return claimId;
  });
  const claim = (await repo.find(deps.db, tenant.id, id))!;
  await mail.sendSaved(deps, tenant, claim, await repo.itemsOf(deps.db, tenant.id, id), !old, s.eclaim_notify === true);
  return claimReply(deps, tenant, me, claim);
}

/** POST expenseclaim/mine: the member's own claims and what their form needs. */
export async function mine(deps: Deps, tenant: Tenant, me: Member) {
  const s = await ensureEnabled(deps, tenant);
  const claims = await repo.mine(deps.db, tenant.id, me.id);
  return {
    results: claims.map(summary),
    km_help: typeof s.eclaim_km_help === 'string' ? s.eclaim_km_help : '',
    per_diem_help: typeof s.eclaim_per_diem_help === 'string' ? s.eclaim_per_diem_help : '',
    yearly_limit_reached: (await yearlyLimit(deps, tenant)).reached,
    last_account_number: claims[0]?.person_account_number ?? null,
  };
}
