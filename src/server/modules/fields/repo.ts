import { sql } from 'kysely';
import type { Db } from '../../db/kysely';
import type { FieldRow, FieldsTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export function listAll(db: Db, tenantId: number): Promise<FieldRow[]> {
  return db.selectFrom('fields').selectAll().where('tenant_id', '=', tenantId).orderBy('position').orderBy('id').execute();
}

export function findById(db: Db, tenantId: number, id: number): Promise<FieldRow | undefined> {
  return db.selectFrom('fields').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export function findByName(db: Db, tenantId: number, name: string): Promise<FieldRow | undefined> {
  return db
    .selectFrom('fields')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function nextPosition(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('fields')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.max ?? -1) + 1;
}

export function insert(db: Db, tenantId: number, row: Omit<Insertable<FieldsTable>, 'tenant_id'>): Promise<FieldRow> {
  return db.insertInto('fields').values({ ...row, tenant_id: tenantId }).returningAll().executeTakeFirstOrThrow();
}

export function update(db: Db, tenantId: number, id: number, row: Updateable<FieldsTable>): Promise<unknown> {
  return db.updateTable('fields').set(row).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function remove(db: Db, tenantId: number, id: number): Promise<unknown> {
  return db.deleteFrom('fields').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export function setPosition(db: Db, tenantId: number, id: number, position: number): Promise<unknown> {
  return db.updateTable('fields').set({ position }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

// --- member values of one field ---

export interface FieldValueRow {
  member_id: number;
  value_text: string | null;
  value_num: number | null;
}

/** Values held by live or deleted members (a deleted member can be restored, so its data counts). */
export function valuesOf(db: Db, tenantId: number, fieldId: number): Promise<FieldValueRow[]> {
  return db
    .selectFrom('member_values')
    .select(['member_id', 'value_text', 'value_num'])
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', fieldId)
    .orderBy('member_id')
    .execute();
}

export async function countValues(db: Db, tenantId: number, fieldId: number): Promise<number> {
  const row = await db
    .selectFrom('member_values')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', fieldId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function setValue(db: Db, tenantId: number, fieldId: number, memberId: number, text: string | null, num: number | null): Promise<unknown> {
  return db
    .updateTable('member_values')
    .set({ value_text: text, value_num: num })
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', fieldId)
    .where('member_id', '=', memberId)
    .execute();
}

/** Values equal to one of `texts` (dropdown options being removed). */
export function valuesWithText(db: Db, tenantId: number, fieldId: number, texts: string[]): Promise<FieldValueRow[]> {
  return db
    .selectFrom('member_values')
    .select(['member_id', 'value_text', 'value_num'])
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', fieldId)
    .where('value_text', 'in', texts)
    .orderBy('member_id')
    .execute();
}

export function deleteValuesWithText(db: Db, tenantId: number, fieldId: number, texts: string[]): Promise<unknown> {
  return db
    .deleteFrom('member_values')
    .where('tenant_id', '=', tenantId)
    .where('field_id', '=', fieldId)
    .where('value_text', 'in', texts)
    .execute();
}
