import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from '../../db/kysely';
import { bulkInsert } from '../../db/bulkInsert';
import type { HistoryDatum } from '../../../shared/members/history';

/** One changed value in a member history entry; its format is shared (src/shared/members/history.ts). */
export type { HistoryDatum };

export type HistoryContext = 'PersonInsert' | 'PersonUpdate' | 'PersonUpdateme';

export interface HistoryEntry {
  memberId: number;
  context: HistoryContext;
  data: HistoryDatum[];
  authorId: number | null;
  batchId?: string | null;
  at: string;
}

export async function appendMany(db: Db, tenantId: number, entries: HistoryEntry[]): Promise<void> {
  // Each entry's data travels as a JSON string of its own: a `json` column of json_to_recordset
  // would decode its escapes, and \u0000 has no text form.
  const rows = entries.map((e) => ({ member_id: e.memberId, context: e.context, data: JSON.stringify(e.data), author_id: e.authorId, batch_id: e.batchId ?? null, at: e.at }));
  await bulkInsert(db, 'member_history', { member_id: 'integer', context: 'text', data: 'text', author_id: 'integer', batch_id: 'text', at: 'text' }, rows, { tenant_id: tenantId });
}

export function forMember(db: Db, tenantId: number, memberId: number) {
  return db
    .selectFrom('member_history')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('member_id', '=', memberId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * How one recorded item of a batch reads in history, for appendFromBatch: `old` from the
 * recorded row as it is ('text': a column's text; 'value': a value's text, empty as null;
 * 'flag': 1 as true), `new` the same for every member.
 */
export interface BatchItemHistory {
  kind: string;
  item: string;
  field: string;
  label: string;
  old: 'text' | 'value' | 'flag';
  new: string | boolean | null;
}

/**
 * One PersonUpdate per member a batch recorded something for that changes as history shows
 * it, its data in the items' order, made by the database from batch_values: a bulk edit of
 * 100 000 members otherwise read its 300 000 records back and sent 100 000 entries.
 */
export async function appendFromBatch(db: Db, tenantId: number, batchId: string, items: readonly BatchItemHistory[], authorId: number, at: string): Promise<void> {
  const spec = JSON.stringify(items.map((i, pos) => ({ ...i, pos })));
  const pg = isPostgres(db);
  // The items as plain columns, read out of the JSON once (SQLite re-parsed it for each
  // record when the join and the expressions read it: the history took twice as long).
  const itemsSql = pg
    ? sql`select x.*, x.new #>> '{}' as new_text, x.new::text = 'true' as new_true
        from json_to_recordset(${spec}::json) as x(kind text, item text, field text, label text, old text, new json, pos integer)`
    : sql`select value ->> '$.kind' as kind, value ->> '$.item' as item, value ->> '$.field' as field, value ->> '$.label' as label,
        value ->> '$.old' as old, json(value -> '$.new') as new, value ->> '$.new' as new_text, coalesce(value ->> '$.new', 0) = 1 as new_true, value ->> '$.pos' as pos
        from json_each(${spec})`;
  const oldTrue = sql`coalesce(r.old_num, 0) = 1`;
  const json = (v: RawBuilder<unknown>) => (pg ? sql`to_json(${v})` : v);
  const old = pg
    ? sql`case i.old when 'flag' then to_json(${oldTrue}) when 'value' then ${json(sql`nullif(r.old_text, '')`)} else ${json(sql`r.old_text`)} end`
    : sql`case i.old when 'flag' then json(case when ${oldTrue} then 'true' else 'false' end) when 'value' then nullif(r.old_text, '') else r.old_text end`;
  const changes = sql`case when i.old = 'flag' then (${oldTrue}) <> i.new_true else coalesce(r.old_text, '') <> coalesce(i.new_text, '') end`;
  const data = pg
    ? sql`json_agg(json_build_object('field', i.field, 'label', i.label, 'old', ${old}, 'new', i.new) order by i.pos)::text`
    : sql`json_group_array(json_object('field', i.field, 'label', i.label, 'old', ${old}, 'new', json(i.new)) order by i.pos)`;
  await sql`with i as ${pg ? sql`` : sql`materialized `}(${itemsSql})
    insert into member_history (tenant_id, member_id, context, data, author_id, batch_id, at)
    select ${tenantId}, r.member_id, 'PersonUpdate', ${data}, ${authorId}, ${batchId}, ${at}
    from i join batch_values r on r.tenant_id = ${tenantId} and r.batch_id = ${batchId} and r.kind = i.kind and r.item = i.item
    where ${changes}
    group by r.member_id`.execute(db);
}
