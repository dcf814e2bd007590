import type { Db } from '../../db/kysely';
import type { MessageStatus } from '../../db/schema';
import type { MessageMedia } from '../../../shared/messages/media';
import { queueDeliveries, type NewDelivery } from '../outbox/queue-repo';
import { normalizeFilter } from '../../../shared/filter/normalize';
import { MESSAGE_MEDIA } from '../../../shared/messages/media';
import type { MessageDraft, PreparedMessage } from './preview';
import type { Recipient } from './recipients-repo';
import * as repo from './repo';

// Marking a message sent and queuing its deliveries, in the caller's transaction: both
// happen or neither. Each delivery carries the address as it was at sending (a snapshot).

/** The address a delivery goes to: email lower-case, SMS E.164, a letter's address lines. */
export function addressOf(r: Recipient, media: MessageMedia): string {
  switch (media) {
    case 'email':
      return (r.email ?? '').trim().toLowerCase();
    case 'sms':
      return (r.phone ?? '').trim();
    case 'letter':
    case 'pdf':
      return [`${r.firstname} ${r.lastname}`.trim(), (r.address_street ?? '').trim(), `${(r.address_zip ?? '').trim()} ${(r.address_city ?? '').trim()}`].join('\n');
  }
}

/** One delivery per reachable recipient. */
export function deliveriesOf(p: PreparedMessage, media: MessageMedia): NewDelivery[] {
  const reachable = new Set(p.reach.reachable);
  return p.recipients.filter((r) => reachable.has(r.id)).map((r) => ({ memberId: r.id, medium: media, address: addressOf(r, media) }));
}

/**
 * Moves the message from `from` to sent and queues its deliveries. Returns false, queuing
 * nothing, when the message was no longer in `from` (a parallel request got there first).
 */
export async function dispatch(trx: Db, tenantId: number, messageId: number, from: MessageStatus, rows: readonly NewDelivery[], at: string): Promise<boolean> {
  const moved = await repo.updateIf(trx, tenantId, messageId, from, { status: 'sent', sent_at: at, updated_at: at, recipient_count: rows.length });
  if (!moved) return false;
  await queueDeliveries(trx, tenantId, messageId, rows, at);
  return true;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A saved message as the draft prepareMessage takes (its filter null when it had none). */
export function storedDraft(m: repo.MessageRow): MessageDraft {
  const filter = json(m.filter);
  const ids = json(m.addrecips);
  return {
    context: m.kind,
    media: (MESSAGE_MEDIA as readonly string[]).includes(m.msg_media) ? (m.msg_media as MessageMedia) : 'email',
    subject: m.subject,
    content: m.content,
    filter: filter === null ? null : normalizeFilter(filter),
    addrecips: Array.isArray(ids) ? ids.filter((x): x is number => Number.isSafeInteger(x)) : [],
  };
}
