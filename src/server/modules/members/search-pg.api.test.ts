import { describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin } from 'kysely';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { memberRow } from '../../test/factories';
import { foldForSearch } from '../../../shared/search';
import { insertMany } from './repo';
import { search, SEARCH_SORT_MAX } from './list-repo';

// PostgreSQL's quick search of letters inside names (search-pg-repo.ts) and the copies it
// reads (migration 040).

describe.runIf(testDialect === 'postgres')('PostgreSQL quick search in one statement', () => {
  const { t, tenant } = adminContext();
  const person = (firstname: string, lastname: string) => memberRow({ firstname, lastname, search_text: foldForSearch(`${firstname} ${lastname}`) });

  it('writes the copies of members added in one statement in name order', async () => {
    const names = ['Virtanen', 'Aho', 'Nieminen', 'Korhonen', 'Mäkelä', 'Heikkinen', 'Laine', 'Ahonen', 'Koskinen', 'Järvinen', 'Lehtonen', 'Hämäläinen'];
    const ids = await insertMany(t.deps.db, tenant.tenant.id, names.map((n) => person('Kopio', n)));
    const byName = [...ids].sort((a, b) => new Intl.Collator('fi').compare(names[ids.indexOf(a)]!, names[ids.indexOf(b)]!));
    // Where each copy went: its page, and its place on the page (in the order rows were written there).
    const at = await sql<{ id: number; page: number; item: number }>`
      select member_id as id, (ctid::text::point)[0]::int as page, (ctid::text::point)[1]::int as item
      from member_search where tenant_id = ${tenant.tenant.id} and member_id in (${sql.join(ids)})`.execute(t.deps.db);
    const pages = new Map<number, { id: number; item: number }[]>();
    for (const r of at.rows) pages.set(r.page, [...(pages.get(r.page) ?? []), r]);
    for (const rows of pages.values()) {
      const written = rows.sort((a, b) => a.item - b.item).map((r) => r.id);
      expect(written).toEqual(byName.filter((id) => written.includes(id)));
    }
  });

  it('answers a surname start in one statement, and letters inside names in one more, walked or sorted', async () => {
    const people = ['Rantanen', 'Santala', 'Tanner', 'Pitkänen', 'Vantaa'].flatMap((n, i) => [person(`Etu${String(i)}`, n), person(`Toka${String(i)}`, n)]);
    await insertMany(t.deps.db, tenant.tenant.id, people);
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const db = t.deps.db.withPlugin(counting);
    const ctx = { db, dialect: t.deps.dialect, tenantId: tenant.tenant.id };
    // Whether the name columns sort under ICU is read once per database handle.
    await search(ctx, 'tan', { deleted: false, limit: 3 });
    const asked = { ...SEARCH_SORT_MAX };
    try {
      for (const walk of [1000, 2]) {
        Object.assign(SEARCH_SORT_MAX, { walk });
        for (const [term, limit, want, asked] of [
          // Only surnames that begin with the letters: the page is full after the first statement.
          ['tan', 2, ['Tanner Etu2', 'Tanner Toka2'], 1],
          // Inside names: Rantanen, Santala, Vantaa (Tanner begins with the letters: first).
          ['tan', 3, ['Tanner Etu2', 'Tanner Toka2', 'Rantanen Etu0'], 2],
          ['anta', 11, ['Rantanen Etu0', 'Rantanen Toka0', 'Santala Etu1', 'Santala Toka1', 'Vantaa Etu4', 'Vantaa Toka4'], 2],
          ['zqx', 11, [], 2],
        ] as const) {
          statements = 0;
          const found = await search(ctx, term, { deleted: false, limit });
          expect(found.map((m) => `${m.lastname} ${m.firstname}`), `${term}, walk ${String(walk)}`).toEqual(want);
          expect(statements, term).toBe(asked);
        }
        // Removed members: no surname part, no walk.
        statements = 0;
        expect(await search(ctx, 'anta', { deleted: true, limit: 11 })).toEqual([]);
        expect(statements).toBe(1);
      }
    } finally {
      Object.assign(SEARCH_SORT_MAX, asked);
    }
  });
});
