import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import { catchUpSoon, deferIndex, FTS_LATER, undeferIndex } from './search-index';
import { search as searchList, SEARCH_SORT_MAX } from './list-repo';

// A bulk edit or undo changing FTS_LATER.from texts or more leaves their search index for
// after its commit (search-index.ts; SQLite's FTS5 entries, migration 034, PostgreSQL's
// copies under the trigram index, migrations 035 and 038). Quick search is right at every
// moment, and once caught up the index holds exactly the members' texts. SQLite records each
// member left for later, PostgreSQL marks the association.

const sqlite = testDialect === 'sqlite';

describe(`quick search around a bulk edit of many texts (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const ids: number[] = [];
  const saved = { ...FTS_LATER };
  const club = [{ field: 'lastname', verb: 'eq', value: 'Hakemisto' }];

  beforeAll(async () => {
    Object.assign(FTS_LATER, { from: 3, chunk: 2 });
    await makeField(admin, { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    for (let i = 0; i < 5; i++) {
      const r = await admin.post('/api/1/members/new', { firstname: `Jäsen${i}`, lastname: 'Hakemisto', email: `h${i}@x.fi`, seura: 'Ilves' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.push(r.body.id as number);
    }
    // What the triggers leave for later, seen as it happens (the catching up may follow at once).
    if (sqlite) {
      await sql`create temp table deferred_log (member_id integer)`.execute(t.deps.db);
      await sql`create temp trigger deferred_seen after insert on main.members_fts_pending begin insert into deferred_log values (new.member_id); end`.execute(t.deps.db);
    } else {
      await sql`create table deferred_log (member_id integer)`.execute(t.deps.db);
      await sql`create function deferred_seen() returns trigger language plpgsql as $$ begin insert into deferred_log values (new.tenant_id); return null; end $$`.execute(t.deps.db);
      await sql`create trigger deferred_seen after insert on member_search_stale for each row execute function deferred_seen()`.execute(t.deps.db);
    }
  });
  afterAll(() => Object.assign(FTS_LATER, saved));

  const search = async (term: string) => ((await admin.post('/api/1/members/quicksearch', { term })).body.results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(t.deps.db)).rows[0]!.n);
  /** Members whose index entries are not yet made from their text (PostgreSQL: whose copy differs in anything). */
  const pending = () =>
    count(
      sqlite
        ? sql`select count(*) as n from members_fts_pending`
        : sql`select count(*) as n from members m join member_search s on s.tenant_id = m.tenant_id and s.member_id = m.id
            where (s.search_text, s.sort_lastname, s.sort_firstname, s.deleted, s.pending) is distinct from (m.search_text, m.sort_lastname, m.sort_firstname, m.deleted_at is not null, m.pending)`,
    );
  /** What the triggers left for later: SQLite the members, PostgreSQL the association. */
  const deferredFor = () => (sqlite ? ids : [tenant.tenant.id]);
  const deferredLog = async () => (await sql<{ member_id: number }>`select member_id from deferred_log order by member_id`.execute(t.deps.db)).rows.map((r) => r.member_id);
  const clearLog = () => sql`delete from deferred_log`.execute(t.deps.db);
  /** The index holds exactly the members' texts (SQLite: FTS5's own check, which throws when not). */
  const caughtUp = async () => {
    await catchUpSoon(t.deps.db, t.deps.dialect);
    expect(await pending()).toBe(0);
    if (!sqlite) expect(await count(sql`select count(*) as n from member_search_stale`)).toBe(0);
    if (sqlite) await sql`insert into members_fts(members_fts) values ('integrity-check')`.execute(t.deps.db);
    else {
      expect(await count(sql`select count(*) as n from member_search`)).toBe(await count(sql`select count(*) as n from members`));
      expect(await count(sql`select count(*) as n from members m join member_search s on s.tenant_id = m.tenant_id and s.member_id = m.id where s.search_text = m.search_text`)).toBe(
        await count(sql`select count(*) as n from members`),
      );
    }
  };
  /** The association's texts changed as a deferring statement changes them, with nothing indexed yet. */
  const changeLater = async (texts: Record<number, string>) => {
    await t.deps.db.transaction().execute(async (trx) => {
      await deferIndex(trx, t.deps.dialect, tenant.tenant.id);
      for (const [id, text] of Object.entries(texts)) await trx.updateTable('members').set({ search_text: text }).where('id', '=', Number(id)).execute();
      await undeferIndex(trx, t.deps.dialect);
    });
  };

  it('leaves the entries of a large edit and its undo for later, and finds the new texts at once', async () => {
    const edit = await admin.post('/api/1/members/bulkupdate', { filter: club, data: { seura: 'Kärpät' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await search('kärpät')).toEqual(ids);
    expect(await search('ilves')).toEqual([]);
    expect(await deferredLog()).toEqual(deferredFor());
    await caughtUp();
    expect(await search('kärpät')).toEqual(ids);

    const undo = await admin.post('/api/1/members/undo', { batch_id: edit.body.batch_id });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await search('ilves')).toEqual(ids);
    expect(await search('kärpät')).toEqual([]);
    await caughtUp();
    expect(await search('ilves')).toEqual(ids);
  });

  it('indexes an edit of fewer texts than FTS_LATER.from as it goes', async () => {
    await clearLog();
    const r = await admin.post('/api/1/members/bulkupdate', { filter: [...club, { field: 'firstname', verb: 'eq', value: 'Jäsen0' }], data: { seura: 'Tappara' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await deferredLog()).toEqual([]);
    expect(await search('tappara')).toEqual([ids[0]]);
    await caughtUp();
  });

  it('follows renames, removal and restoring at once, a text pending or not', async () => {
    // Letters inside the surname (not its start), every match sorted (PostgreSQL: from the copies' table).
    const asked = { ...SEARCH_SORT_MAX };
    const inOrder = async (deleted: boolean) => (await searchList({ db: t.deps.db, dialect: t.deps.dialect, tenantId: tenant.tenant.id }, 'kemist', { deleted, limit: 20 })).map((m) => m.id);
    try {
      Object.assign(SEARCH_SORT_MAX, { walk: 0 });
      expect(await inOrder(false)).toEqual(ids);
      expect((await admin.post(`/api/1/members/${ids[0]}`, { firstname: 'Öljy' })).status).toBe(200);
      expect(await inOrder(false)).toEqual([...ids.slice(1), ids[0]]);
      expect((await admin.delete(`/api/1/members/${ids[1]}`)).status).toBe(200);
      expect(await inOrder(false)).toEqual([...ids.slice(2), ids[0]]);
      expect(await inOrder(true)).toEqual([ids[1]]);
      // Renamed by a statement that leaves the text for later: the name order is right at
      // once (PostgreSQL reads the members themselves until their copies are made anew).
      await t.deps.db.transaction().execute(async (trx) => {
        await deferIndex(trx, t.deps.dialect, tenant.tenant.id);
        await trx.updateTable('members').set({ firstname: 'Aapeli', search_text: 'aapeli hakemisto' }).where('id', '=', ids[2]!).execute();
        await undeferIndex(trx, t.deps.dialect);
      });
      expect(await pending()).toBe(1);
      expect(await inOrder(false)).toEqual([ids[2], ...ids.slice(3), ids[0]]);
      expect((await admin.post('/api/1/members/restore', { id: ids[1] })).status).toBe(200);
      const renamed = [ids[2], ids[1], ids[3], ids[4], ids[0]];
      expect(await inOrder(false)).toEqual(renamed);
      await caughtUp();
      expect(await inOrder(false)).toEqual(renamed);
      for (const i of [0, 2]) expect((await admin.post(`/api/1/members/${ids[i]}`, { firstname: `Jäsen${i}` })).status).toBe(200);
      expect(await inOrder(false)).toEqual(ids);
    } finally {
      Object.assign(SEARCH_SORT_MAX, asked);
    }
  });

  it.skipIf(!sqlite)('records the members a statement is about to write before it writes them, a text changed or not', async () => {
    await t.deps.db.transaction().execute(async (trx) => {
      await deferIndex(trx, t.deps.dialect, tenant.tenant.id, sql`(${sql.join([ids[0]!, ids[1]!])})`);
      expect(Number((await sql<{ n: number }>`select count(*) as n from members_fts_pending`.execute(trx)).rows[0]!.n)).toBe(2);
      await trx.updateTable('members').set({ search_text: 'ennalta kirjattu' }).where('id', '=', ids[0]!).execute();
      await undeferIndex(trx, t.deps.dialect);
    });
    expect(await search('kirjattu')).toEqual([ids[0]]);
    await caughtUp();
    expect(await search('kirjattu')).toEqual([ids[0]]);
    expect(await search('jäsen1')).toEqual([ids[1]]);
    expect((await admin.post(`/api/1/members/${ids[0]}`, { firstname: 'Jäsen0' })).status).toBe(200);
    await caughtUp();
  });

  describe('while the index is pending', () => {
    it('searches the texts themselves, not the index', async () => {
      await changeLater({ [ids[1]!]: 'vain tekstissa zyxw', [ids[2]!]: 'toinen zyxw' });
      expect(await pending()).toBe(2);
      // The index still has the old texts: answered from it, these would be [] and ids[1..2].
      expect(await search('zyxw')).toEqual([ids[1], ids[2]]);
      expect(await search('jäsen1')).toEqual([]);
      await caughtUp();
      expect(await search('zyxw')).toEqual([ids[1], ids[2]]);
    });

    it.skipIf(!sqlite)('keeps the FTS entries true through saves, undo to the indexed text and deletion of pending members', async () => {
      await changeLater({ [ids[0]!]: 'ensin', [ids[1]!]: 'ensin', [ids[2]!]: 'ensin', [ids[3]!]: 'ensin' });
      const indexed = (await sql<{ t: string }>`select indexed as t from members_fts_pending where member_id = ${ids[1]}`.execute(t.deps.db)).rows[0]!.t;
      // A save of a pending member: its entries wait for the catching up.
      const saved = await admin.post(`/api/1/members/${ids[0]}`, { firstname: 'Tallennettu' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(await pending()).toBe(4);
      // Back to the very text the index holds.
      await t.deps.db.updateTable('members').set({ search_text: indexed }).where('id', '=', ids[1]!).execute();
      // Deleted for good while pending: the erasure catches up every pending member first.
      expect((await admin.delete(`/api/1/members/${ids[2]}`)).status).toBe(200);
      const gone = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: 'h2@x.fi' }] });
      expect(gone.body.count).toBe(1);
      expect(await pending()).toBe(0);
      await caughtUp();
      expect(await search('tallennettu')).toEqual([ids[0]]);
      expect(await search('ensin')).toEqual([ids[3]]);
      expect(await search('zyxw')).toEqual([ids[1]]);
    });

    it('leaves nothing of a pending member deleted for good once caught up', async () => {
      // A text to look for once the member is gone (on SQLite the test before gave it).
      if (!sqlite) await changeLater({ [ids[3]!]: 'ensin' });
      await changeLater({ [ids[3]!]: 'viimeinen' });
      // SQLite deletes the entries of the text they were made from at once; PostgreSQL's copy
      // goes with the member, and the catching up passes over it.
      await sql`delete from members where id = ${ids[3]}`.execute(t.deps.db);
      expect(await pending()).toBe(0);
      await caughtUp();
      expect(await search('ensin')).toEqual([]);
      expect(await search('viimeinen')).toEqual([]);
    });
  });
});
