import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aggregate,
  deriveStatus,
  INVOICE_ACTION_TYPES,
  INVOICE_STATUSES,
  OPEN_STATUSES,
  openAmount,
  PAID_STATUSES,
  summariseActions,
  type ActionLike,
  type InstanceFacts,
  type InvoiceActionType,
  type InvoiceStatus,
} from './status';

const TODAY = '2026-06-15';
const a = (action_type: InvoiceActionType, amount_c: number | null = null): ActionLike => ({ action_type, amount_c });

/** An instance of 100,00 € due today, sent and delivered, after the given actions. */
function facts(actions: ActionLike[], over: Partial<InstanceFacts> = {}): InstanceFacts {
  return { kind: 'invoice', amount_c: 10_000, due: TODAY, sent: true, queued: false, bounced: false, ...summariseActions(actions), ...over };
}
const status = (actions: ActionLike[], over: Partial<InstanceFacts> = {}, today = TODAY) => deriveStatus(facts(actions, over), today);

describe('deriveStatus from action sequences', () => {
  const cases: [InvoiceStatus, () => InvoiceStatus][] = [
    ['not_sent', () => status([], { sent: false })],
    ['queued', () => status([], { queued: true })],
    ['pending', () => status([])],
    ['overdue', () => status([], {}, '2026-06-16')],
    ['paid', () => status([a('sync_payment', 10_000)])],
    ['underpaid', () => status([a('sync_payment', 4_000)])],
    ['overpaid', () => status([a('sync_payment', 10_000), a('manual_payment', 1)])],
    ['cancelled', () => status([a('mark_cancelled')])],
    ['credited', () => status([a('credit', 10_000)])],
    ['partially_credited', () => status([a('credit', 2_500)])],
    ['credit_invoice', () => status([], { kind: 'credit', amount_c: -2_500 })],
    ['combosettled', () => status([a('sync_payment', 10_000)], { combosettled: true })],
    ['bounced', () => status([], { bounced: true })],
  ];
  it.each(cases)('%s', (expected, derive) => {
    expect(derive()).toBe(expected);
  });

  it('covers every status', () => {
    expect(new Set(cases.map(([s]) => s))).toEqual(new Set(INVOICE_STATUSES));
  });

  it('a paid mark closes an unpaid or underpaid instance', () => {
    expect(status([a('mark_paid')])).toBe('paid');
    expect(status([a('sync_payment', 10), a('mark_paid')])).toBe('paid');
  });

  it('a partial credit plus the rest paid is paid; the rest overdue is overdue only past the due date in force', () => {
    expect(status([a('credit', 2_500), a('sync_payment', 7_500)])).toBe('paid');
    expect(status([a('credit', 2_500)], {}, '2026-07-01')).toBe('partially_credited');
    expect(status([a('reminder')], { due: '2026-07-01' }, '2026-06-20')).toBe('pending');
  });

  it('a bounced invoice paid anyway is paid or underpaid, not bounced', () => {
    expect(status([a('sync_payment', 10_000)], { bounced: true })).toBe('paid');
    expect(status([a('sync_payment', 1)], { bounced: true })).toBe('underpaid');
  });

  it('a negative manual payment corrects a wrong one', () => {
    expect(status([a('manual_payment', 10_000), a('manual_payment', -10_000)])).toBe('pending');
    expect(summariseActions([a('sync_payment', 3_000), a('manual_payment', -1_000)]).paid_c).toBe(2_000);
  });
});

describe('marks', () => {
  it('mark_paid_cancel undoes only a paid mark', () => {
    expect(summariseActions([a('mark_paid'), a('mark_paid_cancel')]).mark).toBe('none');
    expect(summariseActions([a('mark_cancelled'), a('mark_paid_cancel')]).mark).toBe('cancelled');
    expect(summariseActions([a('mark_paid_cancel')]).mark).toBe('none');
  });

  it('mark_pending clears a paid mark and a cancellation', () => {
    expect(summariseActions([a('mark_paid'), a('mark_pending')]).mark).toBe('none');
    expect(summariseActions([a('mark_cancelled'), a('mark_pending')]).mark).toBe('none');
  });

  it('the latest mark wins and reminders leave it alone', () => {
    expect(summariseActions([a('mark_paid'), a('mark_cancelled'), a('reminder')]).mark).toBe('cancelled');
    expect(summariseActions([a('mark_cancelled'), a('mark_paid')]).mark).toBe('paid');
  });
});

describe('openAmount', () => {
  it('is the amount less credits and payments, never below zero', () => {
    expect(openAmount(facts([a('credit', 1_000), a('sync_payment', 2_000)]))).toBe(7_000);
    expect(openAmount(facts([a('sync_payment', 20_000)]))).toBe(0);
  });
  it('is zero when marked paid or cancelled, and on a credit invoice', () => {
    expect(openAmount(facts([a('mark_paid')]))).toBe(0);
    expect(openAmount(facts([a('mark_cancelled')]))).toBe(0);
    expect(openAmount(facts([], { kind: 'credit', amount_c: -500 }))).toBe(0);
  });
});

// Random instances made by random action sequences.
const actionArb: fc.Arbitrary<ActionLike> = fc.constantFrom(...INVOICE_ACTION_TYPES).chain((t) => {
  if (t === 'sync_payment' || t === 'credit') return fc.integer({ min: 1, max: 20_000 }).map((c) => a(t, c));
  if (t === 'manual_payment') return fc.integer({ min: -5_000, max: 20_000 }).filter((c) => c !== 0).map((c) => a(t, c));
  return fc.constant(a(t));
});
/** As add_action enforces: a correction never takes the payments below zero. */
function asBooked(actions: ActionLike[]): ActionLike[] {
  let paid = 0;
  return actions.filter((x) => {
    if (x.action_type !== 'sync_payment' && x.action_type !== 'manual_payment') return true;
    if (paid + (x.amount_c ?? 0) < 0) return false;
    paid += x.amount_c ?? 0;
    return true;
  });
}

const instanceArb = fc
  .record({
    actions: fc.array(actionArb, { maxLength: 8 }),
    amount_c: fc.integer({ min: 1, max: 30_000 }),
    kind: fc.constantFrom<'invoice' | 'credit'>('invoice', 'invoice', 'invoice', 'credit'),
    due: fc.constantFrom('2026-06-01', '2026-06-15', '2026-07-01'),
    sent: fc.boolean(),
    queued: fc.boolean(),
    bounced: fc.boolean(),
    combosettled: fc.boolean(),
  })
  .map(({ actions, kind, amount_c, ...rest }) => {
    const f: InstanceFacts = { kind, amount_c: kind === 'credit' ? -amount_c : amount_c, ...rest, ...summariseActions(kind === 'credit' ? [] : asBooked(actions)) };
    return { ...f, status: deriveStatus(f, TODAY) };
  });

describe('aggregate', () => {
  it('property: total = paid + credited + pending + cancelled − overpayments + what a paid mark closed', () => {
    fc.assert(
      fc.property(fc.array(instanceArb, { maxLength: 12 }), (items) => {
        const g = aggregate(items);
        const own = items.filter((i) => i.kind === 'invoice');
        const over = own.reduce((s, i) => s + Math.max(0, i.paid_c + i.credited_c - i.amount_c), 0);
        const closedByMark = own.filter((i) => i.mark === 'paid').reduce((s, i) => s + Math.max(0, i.amount_c - i.credited_c - i.paid_c), 0);
        expect(g.amount_total_c).toBe(g.amount_paid_c + g.amount_credited_c + g.amount_pending_c + g.amount_cancelled_c - over + closedByMark);
      }),
    );
  });

  it('property: counts stay within the total, open and paid never overlap, credit invoices are left out', () => {
    fc.assert(
      fc.property(fc.array(instanceArb, { maxLength: 12 }), (items) => {
        const g = aggregate(items);
        expect(g.count_total_c).toBe(items.filter((i) => i.kind === 'invoice').length);
        expect(g.count_open_c + g.count_paid_c).toBeLessThanOrEqual(g.count_total_c);
        expect(g.count_overdue_c).toBeLessThanOrEqual(g.count_open_c);
        expect(g.amount_pending_c).toBeGreaterThanOrEqual(0);
        expect(g.amount_cancelled_c).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('property: an instance with something open is counted open unless marked or paid', () => {
    fc.assert(
      fc.property(instanceArb, (i) => {
        if (i.kind === 'credit') return;
        const g = aggregate([i]);
        if (i.mark === 'none' && openAmount(i) > 0) expect(OPEN_STATUSES).toContain(i.status);
        if (PAID_STATUSES.includes(i.status)) expect(openAmount(i)).toBe(0);
        expect(g.count_open_c).toBe(OPEN_STATUSES.includes(i.status) && openAmount(i) > 0 ? 1 : 0);
      }),
    );
  });
});
