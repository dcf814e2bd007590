import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import type { MessageMedia } from '../../../shared/messages/media';
import { DELIVERY_STATUSES, type MsgStatuses } from '../../../shared/schemas/messages';
import * as settingsRepo from '../settings/repo';
import { trustOf } from '../tenants/trust';

// What every message kind (announcements, member cards) checks and shows alike.

/** What must hold before anything is sent: an unblocked association with a reply-to address (and a business id for letters). */
export async function checkSender(deps: Deps, tenant: Tenant, media: MessageMedia): Promise<void> {
  if ((await trustOf(deps.db, tenant.id)) === 'BLOCKED') throw ValidationError.general('messaging_blocked');
  const s = await settingsRepo.getAll(deps.db, tenant.id);
  const has = (k: string) => typeof s[k] === 'string' && (s[k] as string).trim() !== '';
  if (!has('reply_to_email')) throw ValidationError.general('email_missing_');
  if (media === 'letter' && !has('business_id')) throw ValidationError.general('vat_id_missing_');
}

/** Every delivery status with its count, 0 for those without rows. */
export const statusesOf = (counts: Partial<Record<string, number>> | undefined): MsgStatuses =>
  Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, counts?.[s] ?? 0])) as MsgStatuses;

/** A JSON column read back, or the fallback when empty or unreadable. */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
