import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { MemberCardsTable } from '../../db/schema';
import { hashToken } from '../updreqs/links-repo';

// Member cards sent to members (/c/{token}): one row per delivery, only the token's SHA-256
// stored. Tenant id first in every function.

export type CardRow = Selectable<MemberCardsTable>;

/**
 * A card delivery's token: the delivery id under a keyed hash with its own purpose (not an
 * edit link's), so the worker and the web view of the same message agree without storing
 * the token, and a retried delivery carries the same card. 43 base64url characters.
 */
export const cardToken = (secret: string, deliveryId: number): string =>
  crypto.createHmac('sha256', secret).update(`member-card:${String(deliveryId)}`).digest('base64url');

export const isCardTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

export interface NewCard {
  memberId: number;
  token: string;
  messageId: number;
  deliveryId: number;
  validUntil: string;
  at: string;
}

/** Stores the delivery's card once (a retry finds the first row) and answers the row. */
export async function ensureCard(db: Db, tenantId: number, c: NewCard): Promise<CardRow> {
  const token_hash = hashToken(c.token);
  await db
    .insertInto('member_cards')
    .values({ tenant_id: tenantId, member_id: c.memberId, token_hash, message_id: c.messageId, delivery_id: c.deliveryId, valid_until: c.validUntil, created_at: c.at })
    .onConflict((oc) => oc.columns(['tenant_id', 'token_hash']).doNothing())
    .execute();
  return db.selectFrom('member_cards').selectAll().where('tenant_id', '=', tenantId).where('token_hash', '=', token_hash).executeTakeFirstOrThrow();
}

export function byToken(db: Db, tenantId: number, token: string): Promise<CardRow | undefined> {
  return db.selectFrom('member_cards').selectAll().where('tenant_id', '=', tenantId).where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

/** Whether the member has a card issued after this one (this one is then replaced). */
export async function hasNewer(db: Db, tenantId: number, memberId: number, cardId: number): Promise<boolean> {
  const r = await db.selectFrom('member_cards').select('id').where('tenant_id', '=', tenantId).where('member_id', '=', memberId).where('id', '>', cardId).executeTakeFirst();
  return r !== undefined;
}

export async function markOpened(db: Db, tenantId: number, cardId: number, at: string): Promise<void> {
  await db.updateTable('member_cards').set({ opened_at: at }).where('tenant_id', '=', tenantId).where('id', '=', cardId).where('opened_at', 'is', null).execute();
}

/** The cards of some deliveries of a message, by delivery id. */
export async function cardsOfDeliveries(db: Db, tenantId: number, messageId: number, deliveryIds: readonly number[]): Promise<Map<number, CardRow>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('member_cards')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .where('delivery_id', 'in', [...deliveryIds])
    .execute();
  return new Map(rows.map((r) => [r.delivery_id!, r]));
}

/** Per message: cards opened at least once. */
export async function openedCounts(db: Db, tenantId: number, messageIds: readonly number[]): Promise<Map<number, number>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('member_cards')
    .select(['message_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('message_id', 'in', [...messageIds])
    .where('opened_at', 'is not', null)
    .groupBy('message_id')
    .execute();
  return new Map(rows.map((r) => [r.message_id!, Number(r.n)]));
}

/** The last day the message's cards are valid (they share it unless issued across a season end). */
export async function validUntilOf(db: Db, tenantId: number, messageId: number): Promise<string | null> {
  const r = await db
    .selectFrom('member_cards')
    .select((eb) => eb.fn.max('valid_until').as('v'))
    .where('tenant_id', '=', tenantId)
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  return r?.v ?? null;
}
