import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';
import { catchUpSoon, FTS_LATER } from './search-index';

// SQLite: a bulk edit or undo changing FTS_LATER.from texts or more leaves their search index
// entries for after its commit (search-index.ts, migration 034). Quick search is right at
// every moment, and once caught up the index holds exactly the members' texts. PostgreSQL
// keeps its index itself: the searches are checked there too.

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
    if (sqlite) {
      // What the triggers leave for later, seen as it happens (the catching up may follow at once).
      await sql`create temp table deferred_log (member_id integer)`.execute(t.deps.db);
      await sql`create temp trigger deferred_seen after insert on main.members_fts_pending begin insert into deferred_log values (new.member_id); end`.execute(t.deps.db);
    }
  });
  afterAll(() => Object.assign(FTS_LATER, saved));

  const search = async (term: string) => ((await admin.post('/api/1/members/quicksearch', { term })).body.results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  const pending = async () => (sqlite ? Number((await sql<{ n: number }>`select count(*) as n from members_fts_pending`.execute(t.deps.db)).rows[0]!.n) : 0);
  const deferredLog = async () => (await sql<{ member_id: number }>`select member_id from deferred_log order by member_id`.execute(t.deps.db)).rows.map((r) => r.member_id);
  /** The index holds exactly the members' texts (FTS5's own check throws when not). */
  const caughtUp = async () => {
    await catchUpSoon(t.deps.db, t.deps.dialect);
    expect(await pending()).toBe(0);
    if (sqlite) await sql`insert into members_fts(members_fts) values ('integrity-check')`.execute(t.deps.db);
  };
  /** The association's texts changed as a deferring statement changes them, with nothing indexed yet. */
  const changeLater = async (texts: Record<number, string>) => {
    await t.deps.db.transaction().execute(async (trx) => {
      await sql`insert into members_fts_defer (tenant_id) values (${tenant.tenant.id})`.execute(trx);
      for (const [id, text] of Object.entries(texts)) await trx.updateTable('members').set({ search_text: text }).where('id', '=', Number(id)).execute();
      await sql`delete from members_fts_defer`.execute(trx);
    });
  };

  it('leaves the entries of a large edit and its undo for later, and finds the new texts at once', async () => {
    const edit = await admin.post('/api/1/members/bulkupdate', { filter: club, data: { seura: 'Kärpät' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await search('kärpät')).toEqual(ids);
    expect(await search('ilves')).toEqual([]);
    if (sqlite) expect(await deferredLog()).toEqual(ids);
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
    if (sqlite) await sql`delete from deferred_log`.execute(t.deps.db);
    const r = await admin.post('/api/1/members/bulkupdate', { filter: [...club, { field: 'firstname', verb: 'eq', value: 'Jäsen0' }], data: { seura: 'Tappara' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (sqlite) expect(await deferredLog()).toEqual([]);
    expect(await search('tappara')).toEqual([ids[0]]);
    await caughtUp();
  });

  describe.skipIf(!sqlite)('while entries are pending', () => {
    it('searches the texts themselves, not the index', async () => {
      await changeLater({ [ids[1]!]: 'vain tekstissa zyxw', [ids[2]!]: 'toinen zyxw' });
      expect(await pending()).toBe(2);
      // The index still has the old texts: answered from it, these would be [] and ids[1..2].
      expect(await search('zyxw')).toEqual([ids[1], ids[2]]);
      expect(await search('jäsen1')).toEqual([]);
      await caughtUp();
      expect(await search('zyxw')).toEqual([ids[1], ids[2]]);
    });

    it('keeps the index true through saves, undo to the indexed text and deletion of pending members', async () => {
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

    it('deletes a pending member’s entries of the text they were made from', async () => {
      await changeLater({ [ids[3]!]: 'viimeinen' });
      await sql`delete from members where id = ${ids[3]}`.execute(t.deps.db);
      expect(await pending()).toBe(0);
      await caughtUp();
      expect(await search('ensin')).toEqual([]);
    });
  });
});
