import { UPDREQ_V2_FROM } from '../constants';
import { UPDREQ_INSTANCE_STATUSES, type UpdreqInstanceStatus } from '../schemas/updreqs';
import type { DeliveryStatusName } from '../schemas/messages';

// An update request's instance (one recipient) has a status of its own, made of its
// delivery's status and what the member did with the link it carried. Pure, so the server's
// counts and any client agree.

export interface InstanceLink {
  /** The member opened the link (the form loaded). */
  opened: boolean;
  outcome: 'updated' | 'confirmed' | null;
}

const BEFORE_SENDING = new Set<DeliveryStatusName>(['held', 'queued', 'sending', 'cancelled']);

/** The instance's status; `link` is null when none was issued (not yet sent, or bounced before personalising). */
export function instanceStatus(delivery: DeliveryStatusName, link: InstanceLink | null): UpdreqInstanceStatus {
  // Not sent (yet, or ever): no link can have been used.
  if (BEFORE_SENDING.has(delivery)) return delivery as UpdreqInstanceStatus;
  if (link?.outcome === 'updated') return 'updated';
  if (link?.outcome === 'confirmed' || delivery === 'confirmed') return 'confirmed';
  // An opened link (or web view) proves the message arrived, whatever a late report said.
  if (link?.opened || delivery === 'read') return 'read';
  if (delivery === 'bounced') return 'bounced';
  if (delivery === 'unknown') return 'unknown';
  return 'pending';
}

export type InstanceCounts = Record<UpdreqInstanceStatus, number>;

export const emptyInstanceCounts = (): InstanceCounts => Object.fromEntries(UPDREQ_INSTANCE_STATUSES.map((s) => [s, 0])) as InstanceCounts;

/** Counts per instance status (every status present) from grouped rows of delivery status × link state. */
export function countInstances(groups: readonly { delivery: DeliveryStatusName; link: InstanceLink | null; n: number }[]): InstanceCounts {
  const out = emptyInstanceCounts();
  for (const g of groups) out[instanceStatus(g.delivery, g.link)] += g.n;
  return out;
}

const NOT_LEFT: readonly UpdreqInstanceStatus[] = ['held', 'queued', 'sending', 'cancelled'];

/** Answered (updated or confirmed) per instances that left, in per cent with one decimal; 0 when none left. */
export function responseRate(c: InstanceCounts): number {
  const total = UPDREQ_INSTANCE_STATUSES.reduce((sum, s) => sum + c[s], 0);
  const left = total - NOT_LEFT.reduce((sum, s) => sum + c[s], 0);
  if (left <= 0) return 0;
  return Math.round(((c.updated + c.confirmed) / left) * 1000) / 10;
}

/** Version 2 (the link form with confirm) for requests sent, or still unsent, from UPDREQ_V2_FROM on. */
export function updreqVersion(sentAt: string | null): number {
  return sentAt === null || sentAt.slice(0, 10) >= UPDREQ_V2_FROM ? 2 : 1;
}
