import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from '../kysely';
import { tenantRef, withId } from './helpers';

// Members keeping their own data current, and their digital member cards.
// - edit_links: personal links to the member's own form (/edit_me_h/{token}). Only the
//   SHA-256 of the token is stored. A link is bound to one member of one association,
//   expires, and stops working once a newer link of the same member exists or the member
//   is removed. An update request's link is also the instance the request's page counts.
// - member_cards: the cards sent to members (/c/{token}); token stored hashed likewise.
// - signing_keys: each association's Ed25519 key that signs the claim in a card's QR code
//   (the seed sealed with the secret box, the public key published for offline checks).
// - tenant_images: the card's logo and background image, re-encoded on upload.
// - members.federation_ref: the member's id in a federation's register when they were
//   imported from one; the fields the federation owns (setting federation_fields) are then
//   read-only on the member's own form.
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('members').addColumn('federation_ref', 'text').execute();
  const member = (c: ColumnDefinitionBuilder) => c.notNull().references('members.id').onDelete('cascade');

  await withId(db, db.schema.createTable('edit_links'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', member)
    /** Hex SHA-256 of the token. */
    .addColumn('token_hash', 'text', (c) => c.notNull())
    /** 'updreq' (an update request's delivery) | 'ordered' (get_edit_links) */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('message_id', 'integer')
    .addColumn('delivery_id', 'integer')
    /** The address the link was sent to (a guardian's email for a child's link). */
    .addColumn('sent_to', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    /** First time the form was opened with the link. */
    .addColumn('opened_at', 'text')
    /** 'updated' (saved changes) | 'confirmed' (confirmed without changes) */
    .addColumn('outcome', 'text')
    .addColumn('outcome_at', 'text')
    .execute();
  await db.schema.createIndex('edit_links_token').on('edit_links').columns(['tenant_id', 'token_hash']).unique().execute();
  await db.schema.createIndex('edit_links_member').on('edit_links').columns(['tenant_id', 'member_id', 'id']).execute();
  await db.schema.createIndex('edit_links_message').on('edit_links').columns(['tenant_id', 'message_id', 'delivery_id']).execute();

  await withId(db, db.schema.createTable('member_cards'))
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('member_id', 'integer', member)
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('message_id', 'integer')
    .addColumn('delivery_id', 'integer')
    /** Last day the card is valid, YYYY-MM-DD. */
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    .execute();
  await db.schema.createIndex('member_cards_token').on('member_cards').columns(['tenant_id', 'token_hash']).unique().execute();
  await db.schema.createIndex('member_cards_member').on('member_cards').columns(['tenant_id', 'member_id', 'id']).execute();
  await db.schema.createIndex('member_cards_message').on('member_cards').columns(['tenant_id', 'message_id', 'delivery_id']).execute();

  await withId(db, db.schema.createTable('signing_keys'))
    .addColumn('tenant_id', 'integer', (c) => tenantRef(c).unique())
    /** Raw 32-byte Ed25519 public key, base64url. */
    .addColumn('public_key', 'text', (c) => c.notNull())
    /** The 32-byte seed, sealed (secretBox 'signing-key', aad `tenant:{id}`). */
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('tenant_images'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** 'membercard_logo' | 'membercard_bgimage' */
    .addColumn('purpose', 'text', (c) => c.notNull())
    /** image/png | image/jpeg | image/webp, as re-encoded */
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tenant_images_purpose').on('tenant_images').columns(['tenant_id', 'purpose', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['tenant_images', 'signing_keys', 'member_cards', 'edit_links']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('members').dropColumn('federation_ref').execute();
}
