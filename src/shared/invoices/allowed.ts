import { creditable } from './credit';
import { openAmount, type ActionSummary, type InvoiceActionType } from './status';

// Which hand actions an invoice instance accepts now (spec §4). The server refuses the rest;
// the instance page offers only these.

export const HAND_ACTIONS = ['mark_paid', 'mark_paid_cancel', 'mark_pending', 'mark_cancelled', 'manual_payment', 'credit'] as const;
export type HandAction = (typeof HAND_ACTIONS)[number];

export interface AllowedInput extends ActionSummary {
  kind: 'invoice' | 'credit';
  amount_c: number;
}

export function allowedActions(inst: AllowedInput, actions: readonly { action_type: InvoiceActionType | string }[]): HandAction[] {
  if (inst.kind === 'credit') return [];
  const open = openAmount(inst) > 0;
  const events = actions.filter((a) => a.action_type !== 'reminder').map((a) => a.action_type);
  const ok: Record<HandAction, boolean> = {
    mark_paid: inst.mark === 'none' && open,
    // Only a paid mark the bank has since confirmed: exactly the mark and one bank payment.
    mark_paid_cancel: inst.mark === 'paid' && events.length === 2 && events.includes('mark_paid') && events.includes('sync_payment'),
    mark_pending: inst.mark !== 'none',
    mark_cancelled: inst.mark === 'none' && open,
    manual_payment: inst.mark !== 'cancelled',
    credit: inst.mark !== 'cancelled' && creditable(inst) > 0,
  };
  return HAND_ACTIONS.filter((a) => ok[a]);
}
