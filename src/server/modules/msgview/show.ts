import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { MESSAGE_MEDIA, type MessageMedia } from '../../../shared/messages/media';
import { readDeliveryToken } from '../outbox/tokens';
import { recordOutcome } from '../contacts/repo';
import { sanitizeContent } from '../messages/email-render';
import { escapeHtml, messagePage } from './page';
import * as repo from './repo';
import { personalView } from '../invoices/personalise';
import { membercardView } from '../membercard/personalise';
import { updreqView } from '../updreqs/personalise';

// The public web view of one delivery (`/msg/show/{media}/{token}`): the link in an email or
// SMS opens the message in a browser. The token is the delivery id with a keyed tag, so it
// cannot be guessed; opening it is the recipient's sign of life: the delivery becomes `read`
// (once, from sent/unknown) and the member's address or number counts as confirmed.

function contentHtml(media: MessageMedia, content: string): string {
  if (media === 'sms') return `<p>${escapeHtml(content).replace(/\r?\n/g, '<br>')}</p>`;
  return sanitizeContent(content);
}

/** The page's HTML, or null when the link names no delivery of this association and medium. */
export async function showDelivery(deps: Deps, tenant: Tenant, media: string, token: string, opts: { markRead: boolean }): Promise<string | null> {
  if (!(MESSAGE_MEDIA as readonly string[]).includes(media)) return null;
  const id = readDeliveryToken(deps.config.sessionSecret, 'show', token);
  if (id === null) return null;
  const d = await repo.deliveryWithMessage(deps.db, tenant.id, id);
  if (!d || d.medium !== media || d.status === 'cancelled') return null;
  const at = iso(deps.clock.now());
  // A HEAD request (link checkers in mail filters) is nobody reading.
  if (opts.markRead) await deps.db.transaction().execute(async (trx) => {
    const changed = await repo.markRead(trx, tenant.id, d.id, at);
    // Only email and SMS have an up-to-dateness; a letter's web view says nothing of the address.
    // An outcome about an address the member no longer has would overwrite the current one's.
    if (changed && d.member_id !== null && (d.medium === 'email' || d.medium === 'sms')) {
      const now = await repo.memberContact(trx, tenant.id, d.member_id);
      const current = d.medium === 'email' ? now?.email : now?.phone;
      if (current && current.toLowerCase() === d.address.toLowerCase()) {
        await recordOutcome(trx, tenant.id, { member_id: d.member_id, medium: d.medium, address: d.address, outcome: 'confirmed', at });
      }
    }
  });
  // An invoice or a reminder shows the recipient's own amount, reference and payment details
  // (if the association's account has since become unusable, the shared text at least); a
  // member card message its own card's link, an update request its own edit link.
  const own =
    (await personalView(deps.db, tenant.id, { ...d, medium: d.medium as MessageMedia, association: tenant.name }).catch(() => null)) ??
    (await membercardView(deps, tenant, { ...d, medium: d.medium as MessageMedia }).catch(() => null)) ??
    updreqView(deps.config, tenant.hostname, { ...d, medium: d.medium as MessageMedia });
  const { subject, content } = own ?? d;
  return messagePage({ associationName: tenant.name, subject, contentHtml: contentHtml(d.medium as MessageMedia, content) });
}
