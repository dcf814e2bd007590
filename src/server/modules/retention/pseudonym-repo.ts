import type { Db } from '../../db/kysely';

// accounting_pseudonyms: who an erased person's accounting rows belonged to, sealed.

export async function pseudonymTaken(db: Db, tenantId: number, pseudonym: string): Promise<boolean> {
  return (await db.selectFrom('accounting_pseudonyms').select('id').where('tenant_id', '=', tenantId).where('pseudonym', '=', pseudonym).executeTakeFirst()) !== undefined;
}

export async function insertPseudonym(db: Db, tenantId: number, pseudonym: string, sealed: string, at: string): Promise<void> {
  await db.insertInto('accounting_pseudonyms').values({ tenant_id: tenantId, pseudonym, sealed, created_at: at }).execute();
}

export function findPseudonym(db: Db, tenantId: number, pseudonym: string) {
  return db.selectFrom('accounting_pseudonyms').select(['id', 'pseudonym', 'sealed', 'created_at']).where('tenant_id', '=', tenantId).where('pseudonym', '=', pseudonym).executeTakeFirst();
}

/** Invoice instances of these members: what identifies them there. */
export function instancesOf(db: Db, tenantId: number, memberIds: readonly number[]) {
  return db
    .selectFrom('invoice_instances')
    .select(['id', 'member_id', 'recipient_name', 'recipient_address', 'recipient_email'])
    .where('tenant_id', '=', tenantId)
    .where('member_id', 'in', memberIds)
    .execute();
}

/** Expense claims of these claimants. */
export function claimsOf(db: Db, tenantId: number, memberIds: readonly number[]) {
  return db.selectFrom('expense_claims').select(['id', 'person_id', 'person_name', 'person_account_number', 'status']).where('tenant_id', '=', tenantId).where('person_id', 'in', memberIds).execute();
}

/** Bank payments booked to these instances (through their actions). */
export function bankPaymentsFor(db: Db, tenantId: number, instanceIds: readonly number[]) {
  return db
    .selectFrom('bank_payments')
    .select(['id', 'payer_name', 'message'])
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.or([
        eb(
          'id',
          'in',
          eb.selectFrom('invoice_actions').select('bank_payment_id').where('tenant_id', '=', tenantId).where('instance_id', 'in', instanceIds).where('bank_payment_id', 'is not', null),
        ),
        eb('suggested_instance_id', 'in', instanceIds),
      ]),
    )
    .execute();
}

/** The instances and the payer names on their actions carry the pseudonym; the member link goes. */
export async function pseudonymiseInstances(db: Db, tenantId: number, instanceIds: readonly number[], pseudonym: string): Promise<void> {
  await db.updateTable('invoice_instances').set({ recipient_name: pseudonym, recipient_address: '', recipient_email: '', member_id: null }).where('tenant_id', '=', tenantId).where('id', 'in', instanceIds).execute();
  await db.updateTable('invoice_actions').set({ payer_name: pseudonym }).where('tenant_id', '=', tenantId).where('instance_id', 'in', instanceIds).where('payer_name', 'is not', null).execute();
}

export async function pseudonymisePayment(db: Db, tenantId: number, id: number, pseudonym: string, message: string): Promise<void> {
  await db.updateTable('bank_payments').set({ payer_name: pseudonym, message }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** `account`: the account too (a claim paid or rejected; one still to be paid keeps it). */
export async function pseudonymiseClaim(db: Db, tenantId: number, id: number, pseudonym: string, account: boolean): Promise<void> {
  await db
    .updateTable('expense_claims')
    .set(account ? { person_name: pseudonym, person_account_number: pseudonym } : { person_name: pseudonym })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}
