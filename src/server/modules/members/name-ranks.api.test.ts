import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeTenant, testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories/member';
import { listVersions } from '../../db/listVersions';
import { foldForSearch } from '../../../shared/search';
import { BY_NAME, SEARCH_SORT_MAX } from './list-repo';
import { keptRanks, NAME_RANK_LIMITS, nameRanks } from './name-ranks';
import { KEPT_TEXT_LIMITS } from './kept-texts-held';

// The association's A–Ö places that SQLite's quick search of letters inside names orders its
// matches by when it has no texts kept in memory (kept-texts-held.ts): read in the name
// index's order, kept per list version only. The searches here keep no texts, so the API's
// search goes the database's way.

describe.runIf(testDialect === 'sqlite')('A–Ö places of an association (SQLite)', () => {
  const { t, tenant, admin } = adminContext();
  const add = (firstname: string, lastname: string, over: Record<string, unknown> = {}) =>
    makeMember(t.deps, tenant, { firstname, lastname, search_text: foldForSearch(`${firstname} ${lastname}`), ...over });
  const asked = { ...SEARCH_SORT_MAX };
  const limits = { ...NAME_RANK_LIMITS };
  afterEach(() => {
    Object.assign(SEARCH_SORT_MAX, asked);
    Object.assign(NAME_RANK_LIMITS, limits);
  });
  const perTenant = KEPT_TEXT_LIMITS.perTenant;
  beforeAll(() => {
    KEPT_TEXT_LIMITS.perTenant = 0;
  });
  afterAll(() => {
    KEPT_TEXT_LIMITS.perTenant = perTenant;
  });

  it('places the listed members in the order of the name index, leaving out the deleted, the applying and other associations', async () => {
    for (const [first, last] of ([['Åsa', 'Åkola'], ['Olli', 'Kolarinen'], ['Aarne', 'Äolanen'], ['Pia', 'Bolander'], ['Aki', 'Zolarov'], ['Anu', 'kola'], ['Timo', 'Ahola']] as const)) await add(first, last);
    const gone = await add('Poistettu', 'Aaltola', { deleted_at: new Date().toISOString() });
    const applying = await add('Hakija', 'Aaltonen', { pending: 1 });
    const other = await makeMember(t.deps, await makeTenant(t.deps, 'Toinen ry'), { firstname: 'Vieras', lastname: 'Aalto' });
    const tid = tenant.tenant.id;
    const listed = await sql<{ id: number }>`select m.id from members m where m.tenant_id = ${tid} and m.deleted_at is null and m.pending = 0 order by ${BY_NAME}`.execute(t.deps.db);
    const ranks = (await nameRanks(t.deps.db, tid, 'order'))!;
    expect(ranks.size).toBe(listed.rows.length);
    expect(listed.rows.map((r) => ranks.rankOf(r.id))).toEqual(listed.rows.map((_, i) => i));
    for (const m of [gone, applying, other]) expect(ranks.rankOf(m.id)).toBe(-1);
    expect(keptRanks(t.deps.db, tid, 'order')).toBe(ranks);
    expect(keptRanks(t.deps.db, tid, 'another version')).toBeUndefined();
  });

  it('orders a search by the places of the version it reads, so a renamed member moves at once', async () => {
    // Every match placed by the ranks, read for the search.
    Object.assign(SEARCH_SORT_MAX, { hits: 0 });
    const move = await add('Siirtyvä', 'Ahtola');
    await add('Heli', 'Hietola');
    await add('Matti', 'Mäntola');
    const names = async () => {
      const r = await admin.post('/api/1/members/quicksearch', { term: 'tol', show_all: true });
      expect(r.status).toBe(200);
      return (r.body.results as { lastname: string }[]).map((m) => m.lastname);
    };
    expect(await names()).toEqual(['Ahtola', 'Hietola', 'Mäntola']);
    // The search read and kept them under the version it read.
    const version = async () => (await listVersions(t.deps.db, t.deps.dialect, tenant.tenant.id))!.list;
    expect(keptRanks(t.deps.db, tenant.tenant.id, await version())?.size).toBeGreaterThan(3);
    expect((await admin.post(`/api/1/members/${String(move.id)}`, { lastname: 'Östola' })).status).toBe(200);
    expect(await names()).toEqual(['Hietola', 'Mäntola', 'Östola']);
    expect(keptRanks(t.deps.db, tenant.tenant.id, await version())).toBeDefined();
  });

  it('keeps at most NAME_RANK_LIMITS.bytes of places, dropping the least recently read association', async () => {
    const other = await makeTenant(t.deps, 'Kolmas ry');
    for (const n of ['Aho', 'Beck', 'Cid']) await makeMember(t.deps, other, { firstname: 'X', lastname: n });
    const mine = (await nameRanks(t.deps.db, tenant.tenant.id, 'lru'))!;
    NAME_RANK_LIMITS.bytes = mine.bytes + 1;
    await nameRanks(t.deps.db, other.tenant.id, 'lru');
    expect(keptRanks(t.deps.db, tenant.tenant.id, 'lru')).toBeUndefined();
    expect(keptRanks(t.deps.db, other.tenant.id, 'lru')?.size).toBe(4);
  });

  it('keeps none for an association over NAME_RANK_LIMITS.perTenant, whose search walks the names instead', async () => {
    NAME_RANK_LIMITS.perTenant = 2;
    expect(await nameRanks(t.deps.db, tenant.tenant.id, 'big')).toBeNull();
    // Remembered for the version: not read again for nothing by every search.
    NAME_RANK_LIMITS.perTenant = limits.perTenant;
    expect(await nameRanks(t.deps.db, tenant.tenant.id, 'big')).toBeNull();
    expect(keptRanks(t.deps.db, tenant.tenant.id, 'big')).toBeUndefined();
    expect(await nameRanks(t.deps.db, tenant.tenant.id, 'bigger')).not.toBeNull();
    NAME_RANK_LIMITS.perTenant = 2;
    Object.assign(SEARCH_SORT_MAX, { hits: 0 });
    const r = await admin.post('/api/1/members/quicksearch', { term: 'ola', show_all: true });
    expect(r.status).toBe(200);
    expect((r.body.results as unknown[]).length).toBeGreaterThan(3);
  });
});
