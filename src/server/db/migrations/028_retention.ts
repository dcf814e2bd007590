import type { Kysely } from 'kysely';
import { tenantRef, withId } from './helpers';

// Retention. `job_runs` lets several server processes share one daily job: a process claims
// an association's day by inserting its row, and the primary key makes a second claim fail.
// `accounting_pseudonyms` keeps, sealed with the secret box, who an erased person's
// accounting rows belonged to: the rows carry only the pseudonym while the books are kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('tenant_id', 'integer', tenantRef)
    .addColumn('job', 'text', (c) => c.notNull())
    /** YYYY-MM-DD, the association's (Europe/Helsinki) day. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    /** JSON: what the run did (counts), or {error}. */
    .addColumn('result', 'text')
    .addPrimaryKeyConstraint('job_runs_pk', ['tenant_id', 'job', 'day'])
    .execute();

  await withId(db, db.schema.createTable('accounting_pseudonyms'))
    .addColumn('tenant_id', 'integer', tenantRef)
    /** e.g. "Poistettu henkilö 7F3A2C", unique per association. */
    .addColumn('pseudonym', 'text', (c) => c.notNull())
    /** secretBox-sealed JSON {member_id, name, address, email, phone, accounts}. */
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('accounting_pseudonyms_name', ['tenant_id', 'pseudonym'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('accounting_pseudonyms').execute();
  await db.schema.dropTable('job_runs').execute();
}
