import { PostgresAdapter, sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/kysely';
import type { BankMandatesTable } from '../../db/schema';

// The SQL of the bank mandate (the accounts whose reference payments the association lets the
// service receive) and of when its last statement came. Tenant id first.

export type MandateRow = Selectable<BankMandatesTable>;

/** The accounts on the mandate, oldest first, with the name of the admin who added each. */
export function mandatesWithAuthors(db: Db, tenantId: number) {
  return db
    .selectFrom('bank_mandates as b')
    .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'b.author_id').onRef('m.tenant_id', '=', 'b.tenant_id'))
    .selectAll('b')
    .select(['m.firstname', 'm.lastname'])
    .where('b.tenant_id', '=', tenantId)
    .orderBy('b.id')
    .execute();
}

export function mandateById(db: Db, tenantId: number, id: number): Promise<MandateRow | undefined> {
  return db.selectFrom('bank_mandates').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function mandateByIban(db: Db, tenantId: number, iban: string): Promise<MandateRow | undefined> {
  return db.selectFrom('bank_mandates').selectAll().where('tenant_id', '=', tenantId).where('iban', '=', iban).executeTakeFirst();
}

export async function insertMandate(trx: Db, row: Insertable<BankMandatesTable>): Promise<number> {
  const r = await trx.insertInto('bank_mandates').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function deleteMandate(trx: Db, tenantId: number, id: number): Promise<void> {
  await trx.deleteFrom('bank_mandates').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** When the association's newest statement came (uploaded or from BANK_DIR), or null. */
export async function lastStatementAt(db: Db, tenantId: number): Promise<string | null> {
  const r = await db
    .selectFrom('bank_statements')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return (r?.at as string | null | undefined) ?? null;
}

/**
 * Inside a transaction: holds the association's mandate lock until commit, so two parallel
 * additions of one account cannot both pass the duplicate check (there is no unique index:
 * the migration keeps the account index global for BANK_DIR routing). SQLite's single
 * connection already serialises writers.
 */
export async function lockMandates(trx: Db, tenantId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`bank_mandates:${tenantId}`}, 0))`.execute(trx);
  }
}
