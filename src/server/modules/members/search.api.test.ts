import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories/member';
import { foldForSearch } from '../../../shared/search';
import { CompiledQuery, sql, type SqlBool } from 'kysely';
import { search, SEARCH_SORT_MAX, sqliteInfixWalk } from './list-repo';
import { keptRanks, nameRanks, type RankSource } from './name-ranks';

// Quick search puts surnames that begin with the term first (one range of the name index),
// then every other member whose text holds it; both A–Ö, on both databases.

describe(`quick search order (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const add = (firstname: string, lastname: string) => makeMember(t.deps, tenant, { firstname, lastname, search_text: foldForSearch(`${firstname} ${lastname}`) });
  const find = async (term: string) => {
    const r = await admin.post('/api/1/members/quicksearch', { term });
    expect(r.status).toBe(200);
    return { names: (r.body.results as { lastname: string; firstname: string }[]).map((m) => `${m.lastname} ${m.firstname}`), more: r.body.more as boolean };
  };

  it('answers a common surname start with those surnames, A–Ö, even when others hold the letters', async () => {
    for (let i = 0; i < 12; i++) await add(`Etu${String.fromCharCode(65 + i)}`, 'Virtanen');
    await add('Aino', 'Vírsu');
    await add('Aapo', 'Ahvirta');
    await add('Eero', 'Kivirinta');
    const r = await find('vir');
    expect(r.names).toEqual(['Vírsu Aino', ...Array.from({ length: 9 }, (_, i) => `Virtanen Etu${String.fromCharCode(65 + i)}`)]);
    expect(r.more).toBe(true);
  });

  it('follows the surnames that begin with the term with the other matches', async () => {
    await add('Unto', 'Aahvonen');
    expect((await find('ahv')).names).toEqual(['Ahvirta Aapo', 'Aahvonen Unto']);
    // Letters inside names only: every match A–Ö.
    expect((await find('irt')).names.slice(0, 2)).toEqual(['Ahvirta Aapo', 'Virtanen EtuA']);
  });

  it('gives the same page whether the matches are sorted whole, found by walking the names A–Ö, or the walk gives up', async () => {
    // Letters inside names, spread over the alphabet; a few surnames begin with them too. Å and
    // Ä go in the Finnish order (Z, Å, Ä, Ö), not their code points' (Ä before Å), on every path.
    for (const [first, last] of [['Olli', 'Kolarinen'], ['Pia', 'Bolander'], ['Aki', 'Zolarov'], ['Eeva', 'Mola'], ['Timo', 'Ahola'], ['Sari', 'Olander'], ['Ville', 'Pohjola'], ['Anu', 'Kola'], ['Aarne', 'Äolanen'], ['Åsa', 'Åkola']] as const) await add(first, last);
    const asked = { ...SEARCH_SORT_MAX };
    const pages: string[][] = [];
    try {
      // Straight to the query (the API's cache would answer the same term again). A page of 3 is
      // the surname beginning with the letters and two more: few enough for the walk to fill it.
      // Sorted whole; walked (SQLite: against the set of matches); SQLite's common letters, the
      // first names' texts tried first, filling the page or coming short.
      // SQLite again with the association's A–Ö places: read for the search, then kept.
      const { db } = t.deps;
      const tenantId = tenant.tenant.id;
      const ranks: RankSource = { kept: () => keptRanks(db, tenantId, 'v1'), read: () => nameRanks(db, tenantId, 'v1') };
      for (const [limits, placed] of [[asked], [{ hits: 2, walk: 1000 }], [{ hits: 2, walk: 3 }], [{ hits: 2, common: 3, walk: 1000 }], [{ hits: 2, common: 3, walk: 3 }], [{ ...asked, hits: 2 }, ranks], [asked, ranks],
        // Over `placed`: the first names' walk comes short, then the matches are placed, or there are too many of them.
        [{ ...asked, hits: 2, common: 3, placed: 3, walk: 3 }, ranks], [{ ...asked, hits: 2, common: 3, placed: 3, walk: 3, ranked: 3 }, ranks]] as const) {
        Object.assign(SEARCH_SORT_MAX, limits);
        for (const limit of [3, 11]) {
          const found = await search({ db, dialect: t.deps.dialect, tenantId }, 'ola', { deleted: false, limit, ranks: placed });
          pages.push(found.map((m) => `${m.lastname} ${m.firstname}`));
        }
      }
    } finally {
      Object.assign(SEARCH_SORT_MAX, asked);
    }
    const all = ['Olander Sari', 'Ahola Timo', 'Bolander Pia', 'Kola Anu', 'Kolarinen Olli', 'Mola Eeva', 'Pohjola Ville', 'Zolarov Aki', 'Åkola Åsa', 'Äolanen Aarne'];
    if (t.deps.dialect === 'sqlite') expect(keptRanks(t.deps.db, tenant.tenant.id, 'v1')?.size).toBeGreaterThan(10);
    expect(pages).toEqual(Array.from({ length: 9 }, () => [all.slice(0, 3), all]).flat());
  });
});

describe.runIf(testDialect === 'sqlite')('SQLite quick search of common letters inside names', () => {
  const { t, tenant } = adminContext();

  it("walks the association's name index alone, checking each id against the trigram index's matches", async () => {
    const where = sql<SqlBool>`m.tenant_id = ${tenant.tenant.id} and m.deleted_at is null and m.pending = 0`;
    const q = sqliteInfixWalk('"ola"', where, 11).compile(t.deps.db);
    const plan = await t.deps.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
    const detail = plan.rows.map((r) => r.detail).join('\n');
    // No members row is read and nothing sorted: the index gives the names in order.
    expect(detail).toMatch(/SEARCH m USING COVERING INDEX members_tenant_sort_name/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});
