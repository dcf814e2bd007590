import { describe, expect, it } from 'vitest';
import { allowedActions } from './allowed';
import { summariseActions, type ActionLike, type InvoiceActionType } from './status';

const a = (action_type: InvoiceActionType, amount_c: number | null = null): ActionLike => ({ action_type, amount_c });
const allowed = (actions: ActionLike[], kind: 'invoice' | 'credit' = 'invoice', amount_c = 10_000) => allowedActions({ kind, amount_c, ...summariseActions(actions) }, actions);

describe('allowedActions', () => {
  it('an open invoice: mark paid or cancelled, a payment, a credit', () => {
    expect(allowed([])).toEqual(['mark_paid', 'mark_cancelled', 'manual_payment', 'credit']);
    expect(allowed([a('sync_payment', 4_000)])).toEqual(['mark_paid', 'mark_cancelled', 'manual_payment', 'credit']);
  });

  it('paid in full: no marks, still a correction or a credit', () => {
    expect(allowed([a('sync_payment', 10_000)])).toEqual(['manual_payment', 'credit']);
  });

  it('a paid mark: undone by mark_pending; mark_paid_cancel only with exactly one bank payment beside it', () => {
    expect(allowed([a('mark_paid')])).toEqual(['mark_pending', 'manual_payment', 'credit']);
    expect(allowed([a('mark_paid'), a('sync_payment', 500)])).toEqual(['mark_paid_cancel', 'mark_pending', 'manual_payment', 'credit']);
    expect(allowed([a('sync_payment', 500), a('reminder'), a('mark_paid')])).toContain('mark_paid_cancel');
    expect(allowed([a('manual_payment', 500), a('mark_paid')])).not.toContain('mark_paid_cancel');
    expect(allowed([a('sync_payment', 500), a('sync_payment', 500), a('mark_paid')])).not.toContain('mark_paid_cancel');
  });

  it('cancelled: only its undo', () => {
    expect(allowed([a('mark_cancelled')])).toEqual(['mark_pending']);
  });

  it('fully credited: no credit, no marks', () => {
    expect(allowed([a('credit', 10_000)])).toEqual(['manual_payment']);
  });

  it('a credit invoice takes no hand actions', () => {
    expect(allowed([], 'credit', -500)).toEqual([]);
  });
});
