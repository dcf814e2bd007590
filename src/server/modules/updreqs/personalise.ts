import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { MessageKind } from '../../db/schema';
import type { Config } from '../../config';
import { publicBase } from '../../lib/publicUrl';
import type { MessageMedia } from '../../../shared/messages/media';
import type { OutgoingDelivery, Personalisers } from '../outbox/providers';
import { escapeHtml } from '../msgview/page';
import { deliveryLinkToken, issueLink } from './links-repo';

// Every update request carries its recipient's own edit link. The worker writes it into each
// delivery (and stores it, so the form opens); the preview writes a sample link of the same
// length, so the SMS parts and the price shown are those charged; the web view of a delivery
// shows the same link again (the token is derived from the delivery id, never stored).

/** A sample token as long as a real one (43 base64url characters), for previews. */
export const SAMPLE_LINK_TOKEN = 'esimerkki'.padEnd(43, '0');

export const editLinkUrl = (base: string, token: string): string => `${base}/edit_me_h/${token}`;

/** The email's HTML: the admin's text, then the link as a button-like heading, written out, and its validity. */
export function updreqEmailHtml(content: string, url: string): string {
  const u = escapeHtml(url);
  return `${content}<h2><a href="${u}">Tarkista ja päivitä tietosi</a></h2><p>Jos linkki ei aukea, kopioi tämä osoite selaimeen:<br><a href="${u}">${u}</a></p><p>Linkki on voimassa 30 päivää.</p>`;
}

/** The SMS: the admin's text, a line break, the address. */
export const updreqSmsText = (content: string, url: string): string => `${content.trimEnd()}\n${url}`;

/** The content as sent through `medium` with this link. */
export function updreqContent(medium: MessageMedia, content: string, url: string): string {
  return medium === 'sms' ? updreqSmsText(content, url) : updreqEmailHtml(content, url);
}

/** What the web view of a delivery shows instead of the shared message: null when not an update request's. */
export function updreqView(
  config: Config,
  hostname: string | null,
  d: { id: number; kind: MessageKind; medium: MessageMedia; subject: string; content: string },
): { subject: string; content: string } | null {
  if (d.kind !== 'updreq') return null;
  const url = editLinkUrl(publicBase(config, { hostname }), deliveryLinkToken(config.sessionSecret, d.id));
  return { subject: d.subject, content: updreqContent(d.medium, d.content, url) };
}

async function personalise(db: Db, config: Config, now: Date, d: OutgoingDelivery): Promise<OutgoingDelivery> {
  // Bounced with this reason: a link opens one member's form, and there is nobody here.
  if (d.memberId === null) throw new Error('updreq_member_missing');
  const token = deliveryLinkToken(config.sessionSecret, d.deliveryId);
  // Idempotent on the token: a retried delivery carries the link stored the first time.
  await issueLink(db, { tenantId: d.tenantId, memberId: d.memberId, source: 'updreq', token, messageId: d.messageId, deliveryId: d.deliveryId, sentTo: d.address, at: now });
  const url = editLinkUrl(publicBase(config, { hostname: d.senderHost ?? null }), token);
  return { ...d, content: updreqContent(d.medium, d.content, url) };
}

/** The outbox's personaliser of update requests. */
export function updreqPersonalisers(deps: Pick<Deps, 'db' | 'config' | 'clock'>): Personalisers {
  return { updreq: (d) => personalise(deps.db, deps.config, deps.clock.now(), d) };
}
