import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { DELIVERY_STATUSES, type MsgStatuses } from '../../../shared/schemas/messages';
import * as settingsRepo from '../settings/repo';
import { trustOf } from '../tenants/trust';
import type { MessageDraft } from './preview';

// What every kind of message (announcements, update requests, member cards) shares around sending and
// reading back a message: the sender check, stored JSON, delivery counts.

/** What must hold before anything is sent: an unblocked association with a reply-to address (and a business id for letters). */
export async function checkSender(deps: Deps, tenant: Tenant, media: MessageDraft['media']): Promise<void> {
  if ((await trustOf(deps.db, tenant.id)) === 'BLOCKED') throw ValidationError.general('messaging_blocked');
  const s = await settingsRepo.getAll(deps.db, tenant.id);
  const has = (k: string) => typeof s[k] === 'string' && (s[k] as string).trim() !== '';
  if (!has('reply_to_email')) throw ValidationError.general('email_missing_');
  if (media === 'letter' && !has('business_id')) throw ValidationError.general('vat_id_missing_');
}

/** A stored JSON column, or the fallback when empty or unreadable. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Every delivery status with its count, 0 for those without rows. */
export const deliveryStatusesOf = (counts: Partial<Record<string, number>> | undefined): MsgStatuses =>
  Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, counts?.[s] ?? 0])) as MsgStatuses;

/** Delivery statuses after the message left: their status time is when it was sent. */
export const LEFT_STATUSES: ReadonlySet<string> = new Set(['sent', 'read', 'bounced', 'confirmed', 'unknown']);
