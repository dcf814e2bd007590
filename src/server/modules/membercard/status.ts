import type { MEMBER_CARD_STATUSES } from '../../../shared/schemas/membercard';
import type { CardRow } from './cards-repo';

/** A recipient's card: none yet (not sent, or bounced before), sent, opened, or past its last day. */
export function cardStatus(card: Pick<CardRow, 'valid_until' | 'opened_at'> | undefined, today: string): (typeof MEMBER_CARD_STATUSES)[number] {
  if (!card) return 'none';
  if (card.valid_until < today) return 'expired';
  return card.opened_at !== null ? 'opened' : 'sent';
}
