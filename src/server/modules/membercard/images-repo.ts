import type { Db } from '../../db/kysely';
import type { TenantImagePurpose } from '../../db/schema';

// The member card's uploaded images (tenant_images), already re-encoded.

export interface NewImage {
  purpose: TenantImagePurpose;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
  sha256: string;
  authorId: number;
  at: string;
}

export async function insert(db: Db, tenantId: number, img: NewImage): Promise<number> {
  const row = await db
    .insertInto('tenant_images')
    .values({ tenant_id: tenantId, purpose: img.purpose, mime: img.mime, data: img.data, width: img.width, height: img.height, sha256: img.sha256, author_id: img.authorId, created_at: img.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One image's bytes and type; undefined for another association's id. */
export function findData(db: Db, tenantId: number, id: number): Promise<{ mime: string; data: Buffer } | undefined> {
  return db.selectFrom('tenant_images').select(['mime', 'data']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Whether the id is this association's image of that purpose. */
export async function exists(db: Db, tenantId: number, id: number, purpose: TenantImagePurpose): Promise<boolean> {
  const row = await db.selectFrom('tenant_images').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).where('purpose', '=', purpose).executeTakeFirst();
  return row !== undefined;
}

/** Ids of one purpose, newest first. */
export async function idsOf(db: Db, tenantId: number, purpose: TenantImagePurpose): Promise<number[]> {
  const rows = await db.selectFrom('tenant_images').select('id').where('tenant_id', '=', tenantId).where('purpose', '=', purpose).orderBy('id', 'desc').execute();
  return rows.map((r) => r.id);
}

export async function remove(db: Db, tenantId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('tenant_images').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}
