import crypto from 'node:crypto';
import type { Db } from '../../db/kysely';
import type { EditLinkOutcome, EditLinkSource, EditLinksTable, Member } from '../../db/schema';
import type { Selectable } from 'kysely';
import { EDIT_LINK_TTL_MS } from '../../../shared/constants';

// Personal links to a member's own form (/edit_me_h/{token}), the core both update requests
// and ordered links use. A token has 256 bits; only its SHA-256 is stored. A link opens only
// the one member of the one association it was issued for, until it expires, a newer link of
// the same member is issued, or the member is removed. Callers answer every failure with the
// same 'edit_link_invalid' so a link's holder learns nothing about why.

export type EditLink = Selectable<EditLinksTable>;

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** A fresh random token (an ordered link). */
export const newLinkToken = (): string => crypto.randomBytes(32).toString('base64url');

/**
 * The token of an update request's delivery: derived from the delivery id with a keyed hash,
 * so the worker (which writes the link into the message) and the web view of the same
 * message agree without storing the token itself; retries give the same link.
 */
export const deliveryLinkToken = (secret: string, deliveryId: number): string =>
  crypto.createHmac('sha256', secret).update(`edit-link:${String(deliveryId)}`).digest('base64url');

/** Tokens are 43 base64url characters; anything else is refused before a lookup. */
export const isLinkTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

export interface NewLink {
  tenantId: number;
  memberId: number;
  source: EditLinkSource;
  token: string;
  at: Date;
  messageId?: number | null;
  deliveryId?: number | null;
  sentTo?: string | null;
}

/**
 * Stores a link (it supersedes the member's earlier ones). Storing the same token again (a
 * delivery sent again after a retry) keeps the first row and answers its id.
 */
export async function issueLink(db: Db, l: NewLink): Promise<number> {
  const token_hash = hashToken(l.token);
  const existing = await db.selectFrom('edit_links').select('id').where('token_hash', '=', token_hash).where('tenant_id', '=', l.tenantId).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('edit_links')
    .values({
      tenant_id: l.tenantId,
      member_id: l.memberId,
      token_hash,
      source: l.source,
      message_id: l.messageId ?? null,
      delivery_id: l.deliveryId ?? null,
      sent_to: l.sentTo ?? null,
      created_at: l.at.toISOString(),
      expires_at: new Date(l.at.getTime() + EDIT_LINK_TTL_MS[l.source]).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The link and its member when the token opens a form now: issued by this association, not
 * expired, the member's newest link, the member neither removed nor a pending application.
 */
export async function resolveLink(db: Db, tenantId: number, token: string, now: Date): Promise<{ link: EditLink; member: Member } | null> {
  if (!isLinkTokenShape(token)) return null;
  const link = await db.selectFrom('edit_links').selectAll().where('token_hash', '=', hashToken(token)).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!link || link.expires_at <= now.toISOString()) return null;
  const newer = await db
    .selectFrom('edit_links')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', link.member_id)
    .where('id', '>', link.id)
    .executeTakeFirst();
  if (newer) return null;
  const member = await db.selectFrom('members').selectAll().where('tenant_id', '=', tenantId).where('id', '=', link.member_id).executeTakeFirst();
  if (!member || member.deleted_at !== null || member.pending === 1) return null;
  return { link, member };
}

/** The first opening of the form (the update request's instance becomes "read"). */
export async function markOpened(db: Db, tenantId: number, linkId: number, at: Date): Promise<void> {
  await db.updateTable('edit_links').set({ opened_at: at.toISOString() }).where('tenant_id', '=', tenantId).where('id', '=', linkId).where('opened_at', 'is', null).execute();
}

/** What the member did with the link: saved changes ('updated') or confirmed as is. An update is never turned back into a confirmation. */
export async function markOutcome(db: Db, tenantId: number, linkId: number, outcome: EditLinkOutcome, at: Date): Promise<void> {
  let q = db
    .updateTable('edit_links')
    .set({ outcome, outcome_at: at.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', linkId);
  if (outcome === 'confirmed') q = q.where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', '=', 'confirmed')]));
  await q.execute();
  await db.updateTable('edit_links').set({ opened_at: at.toISOString() }).where('tenant_id', '=', tenantId).where('id', '=', linkId).where('opened_at', 'is', null).execute();
}
