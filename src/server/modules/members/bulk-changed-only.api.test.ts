import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

// A bulk edit records, writes and touches only the members whose values it changes: the
// others keep their updated_at and history, are not pinned, and its undo neither restores
// nor refuses over them. The quick-search index follows every real text change.

describe(`bulk edit of members who mostly have the value already (${testDialect})`, () => {
  const { t, admin } = adminContext();
  const ids: number[] = [];
  const testit = [{ field: 'lastname', verb: 'eq', value: 'Testi' }];

  beforeAll(async () => {
    await makeField(admin, { name: 'seura', label: 'Seura', type: 'text', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    // 0 and 3 have both values; 1 lacks the group; 2 lacks the club.
    for (const [i, [seura, kuoro]] of ([['HIFK', true], ['HIFK', false], ['', true], ['HIFK', true]] as const).entries()) {
      const r = await admin.post('/api/1/members/new', { firstname: `Ennalla${i}`, lastname: 'Testi', email: `e${i}@x.fi`, seura, kuoro });
      ids.push(r.body.id);
    }
    t.clock.advance(1000);
  });

  const get = async (id: number) => (await admin.get(`/api/1/members/${id}`)).body;
  const historyOf = async (id: number) => (await admin.post('/api/1/members/get_history', { id })).body as { data: { field: string }[] }[];
  const search = async (term: string) => ((await admin.post('/api/1/members/quicksearch', { term })).body.results as { id: number }[]).map((r) => r.id).sort();
  /** SQLite: the search index holds exactly the members' texts (FTS5's own check; it throws when not). */
  const ftsIntact = () => (testDialect === 'sqlite' ? sql`insert into members_fts(members_fts) values ('integrity-check')`.execute(t.deps.db) : Promise.resolve());

  it('touches and records only the members it changes, and its undo restores exactly those', async () => {
    const before = await Promise.all(ids.map(get));
    const historyBefore = await Promise.all(ids.map(historyOf));
    const r = await admin.post('/api/1/members/bulkupdate', { filter: testit, data: { seura: 'HIFK', kuoro: true } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The reply, log and batch list count the members the filter matched.
    expect(r.body.count).toBe(4);
    const after = await Promise.all(ids.map(get));
    for (const i of [0, 3]) {
      expect(after[i]).toEqual(before[i]);
      expect(await historyOf(ids[i]!)).toHaveLength(historyBefore[i]!.length);
    }
    for (const i of [1, 2]) {
      expect(after[i]).toMatchObject({ seura: 'HIFK', kuoro: true });
      expect(after[i].updated_at).not.toBe(before[i].updated_at);
    }
    expect((await historyOf(ids[1]!))[0]!.data.map((d) => d.field)).toEqual(['kuoro']);
    expect((await historyOf(ids[2]!))[0]!.data.map((d) => d.field)).toEqual(['seura']);
    const pinned = await t.deps.db.selectFrom('batch_values').select('member_id').where('batch_id', '=', r.body.batch_id).where('kind', '=', 'member').orderBy('member_id').execute();
    expect(pinned.map((p) => p.member_id)).toEqual([ids[1], ids[2]]);
    expect((await admin.post('/api/1/members/batches', { page: 0 })).body.results[0]).toMatchObject({ batch_id: r.body.batch_id, member_count: 4 });
    expect(await search('hifk')).toEqual([...ids].sort());
    await ftsIntact();

    // A member the edit did not change may be saved meanwhile: no conflict, and it keeps its save.
    t.clock.advance(1000);
    await admin.post(`/api/1/members/${ids[0]}`, { seura: 'Jokerit' });
    const undo = await admin.post('/api/1/members/undo', { batch_id: r.body.batch_id });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toMatchObject({ restored: 2, kept: 0 });
    const restored = await Promise.all(ids.map(get));
    for (const i of [1, 2, 3]) {
      const { updated_at: _u1, ...now } = restored[i];
      const { updated_at: _u2, ...was } = before[i];
      expect(now).toEqual(was);
    }
    expect(restored[0]).toMatchObject({ seura: 'Jokerit', kuoro: true });
    expect(restored[3].updated_at).toBe(before[3].updated_at);
    expect(await search('hifk')).toEqual([ids[1], ids[3]].sort());
    expect(await search('jokerit')).toEqual([ids[0]]);
    await ftsIntact();
  });

  it('keeps quick search right when the search text does not change and when it does', async () => {
    // Only a group: the text stays, the index still answers from it.
    const group = await admin.post('/api/1/members/bulkupdate', { filter: testit, data: { kuoro: false } });
    expect(group.status).toBe(200);
    expect(await search('ennalla')).toEqual([...ids].sort());
    await ftsIntact();
    const club = await admin.post('/api/1/members/bulkupdate', { filter: testit, data: { seura: 'Kärpät' } });
    expect(club.status).toBe(200);
    expect(await search('kärpät')).toEqual([...ids].sort());
    expect(await search('hifk')).toEqual([]);
    expect(await search('jokerit')).toEqual([]);
    await ftsIntact();
    expect((await admin.post('/api/1/members/undo', { batch_id: club.body.batch_id })).status).toBe(200);
    expect(await search('kärpät')).toEqual([]);
    expect(await search('hifk')).toEqual([ids[1], ids[3]].sort());
    await ftsIntact();
  });

  it.runIf(testDialect === 'sqlite')('rewrites the search index only for a changed text (migration 029)', async () => {
    // total_changes() counts the trigger's writes to members_fts too.
    const db = t.deps.db;
    const changes = async (stmt: ReturnType<typeof sql>) => {
      const n = async () => Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n);
      const start = await n();
      await stmt.execute(db);
      return (await n()) - start;
    };
    expect(await changes(sql`update members set search_text = search_text, updated_at = updated_at where id = ${ids[0]}`)).toBe(1);
    expect(await changes(sql`update members set search_text = search_text || ' x' where id = ${ids[0]}`)).toBeGreaterThan(1);
    await ftsIntact();
  });
});
