import { describe, expect, it } from 'vitest';
import { canMove, EXPENSE_CLAIM_STATUSES, isEditable, needsComment, nextStatuses } from './status';

describe('expense claim states', () => {
  it('moves as the treasurer may', () => {
    expect(nextStatuses('pending')).toEqual(['accepted', 'rejected']);
    expect(nextStatuses('accepted')).toEqual(['pending']);
    expect(nextStatuses('rejected')).toEqual(['pending']);
    expect(nextStatuses('paid')).toEqual(['pending']);
  });

  it('never reaches paid by a status change, nor moves to itself', () => {
    for (const from of EXPENSE_CLAIM_STATUSES) {
      expect(canMove(from, 'paid')).toBe(false);
      expect(canMove(from, from)).toBe(false);
    }
    expect(canMove('rejected', 'accepted')).toBe(false);
  });

  it('asks a comment for a rejection, and lets the claimant edit only a pending claim', () => {
    expect(EXPENSE_CLAIM_STATUSES.filter(needsComment)).toEqual(['rejected']);
    expect(EXPENSE_CLAIM_STATUSES.filter(isEditable)).toEqual(['pending']);
  });
});
