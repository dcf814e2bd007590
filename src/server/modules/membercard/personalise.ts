import type { Deps } from '../../deps';
import type { MessageKind, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { publicBase } from '../../lib/publicUrl';
import type { MessageMedia } from '../../../shared/messages/media';
import { designOf, validUntil } from '../../../shared/membercard/face';
import { helsinkiDate } from '../receipts/dates';
import * as settingsRepo from '../settings/repo';
import { escapeHtml } from '../msgview/page';
import type { OutgoingDelivery, Personalisers } from '../outbox/providers';
import { cardToken, ensureCard, byToken } from './cards-repo';

// Every card message's delivery carries its member's own card address (/c/{token}). The
// worker writes the card row as it sends (once per delivery, the same on a retry); the web
// view of the message shows the same link once the card exists.

export const cardUrl = (base: string, token: string): string => `${base}/c/${token}`;

/** The message text with the card's address: SMS a line of its own, email a clear link. */
export function withCardLink(medium: MessageMedia, content: string, url: string): string {
  if (medium === 'sms') return `${content}\n${url}`;
  return `${content}<p><a href="${escapeHtml(url)}">Avaa jäsenkorttisi</a></p>`;
}

async function personalise(deps: Pick<Deps, 'db' | 'config' | 'clock'>, d: OutgoingDelivery): Promise<OutgoingDelivery> {
  // Bounced with this reason: a card belongs to one member.
  if (d.memberId === null) throw new Error('membercard_member_missing');
  const design = designOf(await settingsRepo.getAll(deps.db, d.tenantId));
  const now = deps.clock.now();
  const token = cardToken(deps.config.sessionSecret, d.deliveryId);
  await ensureCard(deps.db, d.tenantId, {
    memberId: d.memberId,
    token,
    messageId: d.messageId,
    deliveryId: d.deliveryId,
    validUntil: validUntil(design.season_end, helsinkiDate(iso(now))),
    at: iso(now),
  });
  const url = cardUrl(publicBase(deps.config, { hostname: d.senderHost ?? null }), token);
  return { ...d, content: withCardLink(d.medium, d.content, url) };
}

/** The outbox's personaliser of card messages. */
export function membercardPersonalisers(deps: Pick<Deps, 'db' | 'config' | 'clock'>): Personalisers {
  return { membercard: (d) => personalise(deps, d) };
}

/** The web view of a card message's delivery: its text with the card's link, once the card exists. */
export async function membercardView(
  deps: Pick<Deps, 'db' | 'config'>,
  tenant: Tenant,
  d: { id: number; kind: MessageKind; medium: MessageMedia; subject: string; content: string },
): Promise<{ subject: string; content: string } | null> {
  if (d.kind !== 'membercard') return null;
  const token = cardToken(deps.config.sessionSecret, d.id);
  if (!(await byToken(deps.db, tenant.id, token))) return null;
  return { subject: d.subject, content: withCardLink(d.medium, d.content, cardUrl(publicBase(deps.config, tenant), token)) };
}
