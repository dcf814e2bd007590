import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/kysely';
import type { RateTable } from '../../db/rateCounts';
import { catchUp } from './search-index';
import { pseudonymise as pseudonymiseExpenseClaims } from '../expenseclaims/repo';
import { allTerms, hasTerms, REDACTED, redactJson, redactText, termsOf, type ErasedPerson, type Terms } from './erase-terms';

// Permanent delete, the rows outside the member's own (the right to erasure, GDPR Art. 17):
// whatever names the erased people elsewhere in the database is removed or redacted in the
// same transaction as the member rows. Files (uploads, outbox) follow after the commit
// (erase-files.ts). The redaction rules themselves are pure (erase-terms.ts).

const CHUNK = 500;

/** The people about to be erased, and the terms that identify them (read before the member rows go). */
export async function erasureTerms(db: Db, dialect: Dialect, tenantId: number, ids: readonly number[]): Promise<{ people: ErasedPerson[]; terms: Terms }> {
  const people: ErasedPerson[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    people.push(
      ...(await db
        .selectFrom('members')
        .select(['id', 'firstname', 'lastname', 'email', 'email_porg1', 'email_porg2', 'phone'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  const names = [...new Set(people.flatMap((p) => [p.firstname, p.lastname]).map((n) => n.trim().toLowerCase()).filter(Boolean))];
  const inUse = new Set<string>();
  const gone = new Set(ids);
  for (let i = 0; i < names.length; i += CHUNK) {
    const chunk = names.slice(i, i + CHUNK);
    const rows = await db
      .selectFrom('members')
      .select(['id', 'firstname', 'lastname'])
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb(lower(dialect, 'firstname'), 'in', chunk), eb(lower(dialect, 'lastname'), 'in', chunk)]))
      .execute();
    for (const r of rows) if (!gone.has(r.id)) for (const n of [r.firstname, r.lastname]) inUse.add(n.trim().toLowerCase());
  }
  return { people, terms: termsOf(people, inUse) };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQLite's lower() folds ASCII only; seura_lower (db/kysely.ts) folds ä, ö, å too, as JS does. */
const lower = (dialect: Dialect, col: string): RawBuilder<string> => (dialect === 'sqlite' ? sql<string>`seura_lower(${sql.ref(col)})` : sql<string>`lower(${sql.ref(col)})`);

/**
 * `col like '%term%' or …`: a coarse pre-selection; the redaction itself decides in JS.
 * SQLite's built-in LIKE ignores case for ASCII only, so there every other character of a
 * term is a one-character wildcard: a superset, found without calling into JS per row
 * (seura_lower took 2.4 s over 600 000 log and history rows).
 */
/** The terms in pieces for SQL (a mass erase has thousands; bound parameters are limited). */
function sqlChunks(terms: Terms, withNames = true): Terms[] {
  const all = withNames ? allTerms(terms) : terms.contains;
  const out: Terms[] = [];
  for (let i = 0; i < all.length; i += 100) out.push({ contains: all.slice(i, i + 100), exact: [] });
  return out;
}

function anyTerm(dialect: Dialect, col: string, terms: Terms): RawBuilder<unknown> {
  const pattern = (t: string) => `%${dialect === 'sqlite' ? escapeLike(t).replace(/[\u{80}-\u{10ffff}]/gu, '_') : escapeLike(t)}%`;
  const target = dialect === 'sqlite' ? sql.ref(col) : lower(dialect, col);
  return sql`(${sql.join(
    allTerms(terms).map((t) => sql`${target} like ${pattern(t)} escape '\\'`),
    sql` or `,
  )})`;
}

type TextTable = 'activity_log' | 'member_history' | 'saved_filters' | 'messages';

/** Rewrites a JSON (or text) column of the rows that name the people. */
async function redactColumn(db: Db, dialect: Dialect, tenantId: number, table: TextTable, col: 'data' | 'filter', terms: Terms): Promise<void> {
  for (const part of sqlChunks(terms)) {
    const rows = await sql<{ id: number; v: string }>`select id, ${sql.ref(col)} as v from ${sql.table(table)} where tenant_id = ${tenantId} and ${anyTerm(dialect, col, part)}`.execute(db);
    for (const r of rows.rows) {
      const next = redactJson(r.v, terms);
      if (next !== null) await sql`update ${sql.table(table)} set ${sql.ref(col)} = ${next} where tenant_id = ${tenantId} and id = ${r.id}`.execute(db);
    }
  }
}

/**
 * Everything outside the member's own rows: log and history entries that name them, their
 * authorship, stored filters (saved filters, bulk-edit batches, export requests), batch
 * summaries, throttling keys and reset links. Runs inside the erase transaction, before the
 * member rows are deleted.
 */
export async function eraseTraces(db: Db, dialect: Dialect, tenantId: number, ids: readonly number[], terms: Terms): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    // Authorship names them through their member number.
    await db.updateTable('member_history').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('activity_log').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('batches').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('imports').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('saved_filters').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('balance_rows').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('messages').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('payment_items').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('invoices').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    await db.updateTable('invoice_actions').set({ author_id: null }).where('tenant_id', '=', tenantId).where('author_id', 'in', chunk).execute();
    // Invoices are accounting records, kept six years: their instances carry the erased
    // person's pseudonym by now (retention/pseudonymise.ts); the link to the member goes.
    await db.updateTable('invoice_instances').set({ member_id: null }).where('tenant_id', '=', tenantId).where('member_id', 'in', chunk).execute();
    // Expense claims are accounting records too: amounts and receipts stay, the claimant's
    // name is their pseudonym by now, and their name on the claims' events becomes the redaction text.
    await pseudonymiseExpenseClaims(db, tenantId, chunk, REDACTED);
    // A message's delivery keeps its status for the message's counts, not who it went to.
    await db
      .updateTable('deliveries')
      .set({ member_id: null, address: REDACTED, provider_ref: null, error: null })
      .where('tenant_id', '=', tenantId)
      .where('member_id', 'in', chunk)
      .execute();
    await db.deleteFrom('password_resets').where('tenant_id', '=', tenantId).where('member_id', 'in', chunk).execute();
    await db.deleteFrom('export_tokens').where('tenant_id', '=', tenantId).where('member_id', 'in', chunk).execute();
    // Wrong 2FA codes are counted under the member id.
    await db.deleteFrom('login_failures').where('tenant_id', '=', tenantId).where('kind', '=', 'mfa').where('key', 'in', chunk.map(String)).execute();
  }
  if (!hasTerms(terms)) return;
  await redactColumn(db, dialect, tenantId, 'activity_log', 'data', terms);
  await redactColumn(db, dialect, tenantId, 'member_history', 'data', terms);
  await redactColumn(db, dialect, tenantId, 'saved_filters', 'filter', terms);
  // A message composed for them: its filter, subject or text may name them.
  await redactColumn(db, dialect, tenantId, 'messages', 'filter', terms);
  await redactSavedFilterNames(db, dialect, tenantId, terms);
  // The search texts pins keep for undo (batches/repo.ts pinRecorded) are folded, so the terms
  // would not find every name in them; without them an undo makes its texts again.
  await sql`update batch_values set old_text = null where tenant_id = ${tenantId} and kind = 'member' and old_text is not null`.execute(db);
  for (const part of sqlChunks(terms)) {
    const batches = await sql<{ id: string; v: string }>`select id, summary as v from batches where tenant_id = ${tenantId} and ${anyTerm(dialect, 'summary', part)}`.execute(db);
    for (const b of batches.rows) {
      const next = redactJson(b.v, terms);
      if (next !== null) await db.updateTable('batches').set({ summary: next }).where('tenant_id', '=', tenantId).where('id', '=', b.id).execute();
    }
    // Other members' undo records may hold the address too (an old value they had).
    const values = await sql<{ batch_id: string; member_id: number; kind: string; item: string; v: string }>`select batch_id, member_id, kind, item, old_text as v from batch_values
      where tenant_id = ${tenantId} and old_text is not null and ${anyTerm(dialect, 'old_text', part)}`.execute(db);
    for (const r of values.rows) {
      const next = redactText(r.v, terms);
      if (next !== r.v) {
        await db.updateTable('batch_values').set({ old_text: next }).where('tenant_id', '=', tenantId).where('batch_id', '=', r.batch_id).where('member_id', '=', r.member_id).where('kind', '=', r.kind).where('item', '=', r.item).execute();
      }
    }
    // A pending export whose filter names them is simply withdrawn (it lives five minutes).
    await sql`delete from export_tokens where tenant_id = ${tenantId} and ${anyTerm(dialect, 'request', part)}`.execute(db);
    for (const col of ['subject', 'content'] as const) {
      const found = await sql<{ id: number; v: string }>`select id, ${sql.ref(col)} as v from messages where tenant_id = ${tenantId} and ${anyTerm(dialect, col, part)}`.execute(db);
      for (const r of found.rows) {
        const next = redactText(r.v, terms);
        if (next !== r.v) await db.updateTable('messages').set({ [col]: next }).where('tenant_id', '=', tenantId).where('id', '=', r.id).execute();
      }
    }
    const imports = await sql<{ id: string; v: string }>`select id, filename as v from imports where tenant_id = ${tenantId} and ${anyTerm(dialect, 'filename', part)}`.execute(db);
    for (const r of imports.rows) {
      const next = redactText(r.v, terms);
      if (next !== r.v) await db.updateTable('imports').set({ filename: next }).where('tenant_id', '=', tenantId).where('id', '=', r.id).execute();
    }
  }
  // Throttling keys: an address tried at the login or the reset form.
  for (const part of sqlChunks(terms, false)) {
    for (const table of ['login_failures', 'rate_events'] satisfies RateTable[]) {
      await sql`delete from ${sql.table(table)} where tenant_id = ${tenantId} and ${anyTerm(dialect, 'key', part)}`.execute(db);
    }
  }
}

/** Saved filter names are unique per association: a redacted name that collides gets its id. */
async function redactSavedFilterNames(db: Db, dialect: Dialect, tenantId: number, terms: Terms): Promise<void> {
  const rows = new Map<number, string>();
  for (const part of sqlChunks(terms)) {
    const found = await sql<{ id: number; v: string }>`select id, name as v from saved_filters where tenant_id = ${tenantId} and ${anyTerm(dialect, 'name', part)}`.execute(db);
    for (const r of found.rows) rows.set(r.id, r.v);
  }
  for (const [id, v] of rows) {
    const r = { id, v };
    let name = redactText(r.v, terms);
    if (name === r.v) continue;
    const clash = await db.selectFrom('saved_filters').select('id').where('tenant_id', '=', tenantId).where(sql<string>`lower(name)`, '=', name.toLowerCase()).where('id', '<>', r.id).executeTakeFirst();
    if (clash) name = `${name} ${r.id}`;
    await db.updateTable('saved_filters').set({ name }).where('tenant_id', '=', tenantId).where('id', '=', r.id).execute();
  }
}

/** Uploads of this association not imported yet (their files may list the people). */
export function pendingImports(db: Db, tenantId: number) {
  return db.selectFrom('imports').select(['id', 'filename', 'stored_path']).where('tenant_id', '=', tenantId).where('imported_at', 'is', null).execute();
}

export async function deleteImport(db: Db, tenantId: number, id: string): Promise<void> {
  await db.deleteFrom('imports').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/**
 * SQLite keeps deleted text in the FTS index's old segments until they merge, and old page
 * images in the WAL until a checkpoint; secure_delete (db/kysely.ts) zeroes freed pages.
 * Texts a bulk edit left pending (search-index.ts) are indexed first, which deletes their rows.
 */
export async function compactSqlite(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // Entries still pending after a bulk edit, and the texts they were made from, go first.
  await catchUp(db, dialect);
  await sql`insert into members_fts(members_fts) values ('optimize')`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** A delivery to an erased person: its files in the outbox are named by these. */
export interface ErasedDelivery {
  id: number;
  message_id: number;
  medium: string;
}

/** The deliveries addressed to these members (read before their rows are redacted). */
export async function deliveriesTo(db: Db, tenantId: number, ids: readonly number[]): Promise<ErasedDelivery[]> {
  const out: ErasedDelivery[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    out.push(
      ...(await db
        .selectFrom('deliveries')
        .select(['id', 'message_id', 'medium'])
        .where('tenant_id', '=', tenantId)
        .where('member_id', 'in', ids.slice(i, i + CHUNK))
        .execute()),
    );
  }
  return out;
}
