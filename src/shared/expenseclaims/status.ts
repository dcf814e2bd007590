// The states of an expense claim and the moves between them:
//   pending → accepted (waiting for payment) or rejected (a comment is required);
//   accepted → paid (in a payment batch, mark_paid) or back to pending;
//   rejected and paid → back to pending.
// `paid` is reached only through mark_paid, never through update_status.

export const EXPENSE_CLAIM_STATUSES = ['pending', 'accepted', 'rejected', 'paid'] as const;
export type ExpenseClaimStatusName = (typeof EXPENSE_CLAIM_STATUSES)[number];

const MOVES: Record<ExpenseClaimStatusName, readonly ExpenseClaimStatusName[]> = {
  pending: ['accepted', 'rejected'],
  accepted: ['pending'],
  rejected: ['pending'],
  paid: ['pending'],
};

/** The statuses update_status may move a claim to from `from`. */
export const nextStatuses = (from: ExpenseClaimStatusName): readonly ExpenseClaimStatusName[] => MOVES[from];

export const canMove = (from: ExpenseClaimStatusName, to: ExpenseClaimStatusName): boolean => MOVES[from].includes(to);

/** A move that needs a comment: rejecting. */
export const needsComment = (to: ExpenseClaimStatusName): boolean => to === 'rejected';

/** Only a pending claim may still be changed by its claimant. */
export const isEditable = (status: ExpenseClaimStatusName): boolean => status === 'pending';
