import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { finnishSortKey } from '../../../shared/finnish/collation';

// Names sort as a Finnish reader expects, on both databases: case ignored, Å, Ä and Ö
// after Z, "de la Cruz" under D, spaces and hyphens before letters, Ü as Y, W after V,
// equal last names by first name. The expected order is ICU's `fi` (PostgreSQL's "fi-x-icu").
const EXPECTED: [string, string][] = [
  ['aalto', 'Paula'], ['Aalto', 'Pekka'], ['Aho', 'Jussi'], ['Ahonen', 'Liisa'], ['de la Cruz', 'Maria'], ['Dean', 'James'],
  ['Ecker', 'Eva'], ['Éclair', 'Émile'], ['Eskola', 'Erkki'], ['Järvi Salo', 'Juha'], ['Järvi-Salo', 'Jaana'], ['Järvinen', 'Jari'],
  ['Mustonen', 'Mikko'], ['Müller', 'Hans'], ['Myllymäki', 'Mari'], ["O'Brien", 'Sean'], ['Oja', 'Outi'], ['van der Berg', 'Jan'],
  ['Vanhanen', 'Ville'], ['Virtanen', 'aapo'], ['Virtanen', 'Aino'], ['Virtanen', 'Ärla'], ['Virtanen', 'Östen'], ['Wahlroos', 'Björn'],
  ['Ylönen', 'Yrjö'], ['Zetterberg', 'Zacharias'], ['Åberg', 'Anna'], ['ärmä', 'Kalle'], ['Ärrä', 'Eero'], ['Öhman', 'Olli'],
];

describe(`Finnish name order and matching (${testDialect})`, () => {
  const { t, admin } = adminContext();
  const ours = [{ field: 'email', verb: 'contains', value: '@jarjestys.fi' }];
  const names = (r: { body: { results: { lastname: string; firstname: string }[] } }) => r.body.results.map((m) => [m.lastname, m.firstname]);
  const list = (sort: Record<string, string>, filter: unknown[] = []) =>
    admin.post('/api/1/members/get_results', { filter: [...ours, ...filter], sort, page_size: 100, columns: ['email'] });

  beforeAll(async () => {
    // Created in a scrambled order, so neither insertion order nor id gives the answer.
    const scrambled = EXPECTED.map((n, i) => [n, (i * 17) % EXPECTED.length] as const).sort((a, b) => a[1] - b[1]);
    for (const [[lastname, firstname], i] of scrambled) {
      const r = await admin.post('/api/1/members/new', { firstname, lastname, email: `n${i}@jarjestys.fi` });
      expect(r.status).toBe(200);
    }
  });

  it('lists 30 tricky names in Finnish order by last name, and backwards', async () => {
    expect(EXPECTED).toHaveLength(30);
    expect(names(await list({ field: 'lastname', dir: 'asc' }))).toEqual(EXPECTED);
    expect(names(await list({ field: 'fullname_', dir: 'asc' }))).toEqual(EXPECTED);
    expect(names(await list({ field: 'lastname', dir: 'desc' }))).toEqual([...EXPECTED].reverse());
  });

  it('exports in the same order', async () => {
    const tok = await admin.post('/api/1/members/export_token', { filter: ours, format: 'csv', columns: ['email'] });
    const csv = String((await admin.get(tok.body.url as string)).body).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/).slice(1).map((line) => line.split(';'));
    // Name columns found by their Finnish headers.
    const header = csv.split(/\r?\n/)[0]!.split(';');
    const [fi, li] = [header.indexOf('Etunimi'), header.indexOf('Sukunimi')];
    expect(lines.map((c) => [c[li]!.replace(/^"|"$/g, ''), c[fi]!.replace(/^"|"$/g, '')])).toEqual(EXPECTED);
  });

  it('sorts by first name the same way (Östen after Ärla, aapo before Aino)', async () => {
    const r = names(await list({ field: 'firstname', dir: 'asc' }, [{ field: 'lastname', verb: 'eq', value: 'virtanen' }]));
    expect(r).toEqual([['Virtanen', 'aapo'], ['Virtanen', 'Aino'], ['Virtanen', 'Ärla'], ['Virtanen', 'Östen']]);
  });

  it('keeps the order after a rename and for a column sort\'s ties', async () => {
    const found = await list({ field: 'lastname', dir: 'asc' }, [{ field: 'lastname', verb: 'eq', value: 'dean' }]);
    const id = found.body.results[0].id as number;
    expect((await admin.post(`/api/1/members/${id}`, { lastname: 'Öberg' })).status).toBe(200);
    const after = names(await list({ field: 'address_city', dir: 'asc' }));
    expect(after.at(-2)).toEqual(['Öberg', 'James']);
    expect(after.at(-1)).toEqual(['Öhman', 'Olli']);
    expect((await admin.post(`/api/1/members/${id}`, { lastname: 'Dean' })).status).toBe(200);
    expect(names(await list({ field: 'lastname', dir: 'asc' }))).toEqual(EXPECTED);
  });

  it('stores keys that the Finnish key function gives (the PostgreSQL fallback function too)', async () => {
    if (testDialect === 'postgres') {
      const r = await sql<{ k: string }>`select seura_sort_key(${'Järvi-Salo Éclair'}) as k`.execute(t.deps.db);
      expect(r.rows[0]!.k).toBe(finnishSortKey('Järvi-Salo Éclair'));
      // A server without ICU orders by these keys under "C": the same 30 names, the same order.
      const rows = sql.join(EXPECTED.map(([l, f]) => sql`(${l}, ${f})`));
      const fallback = await sql<{ l: string; f: string }>`
        select l, f from (values ${rows}) as v(l, f) order by seura_sort_key(l) collate "C", seura_sort_key(f) collate "C"`.execute(t.deps.db);
      expect(fallback.rows.map((x) => [x.l, x.f])).toEqual(EXPECTED);
      return;
    }
    const rows = await t.deps.db.selectFrom('members').select(['lastname', 'sort_lastname', 'firstname', 'sort_firstname']).where('email', 'like', '%@jarjestys.fi').execute();
    for (const m of rows) expect([m.sort_lastname, m.sort_firstname]).toEqual([finnishSortKey(m.lastname), finnishSortKey(m.firstname)]);
  });

  const matching = async (field: string, verb: string, value: string) =>
    names(await list({ field: 'lastname', dir: 'asc' }, [{ field, verb, value }])).map(([l, f]) => `${f} ${l}`);

  it('matches contains and equals without regard to case, also for Å, Ä, Ö', async () => {
    expect(await matching('lastname', 'contains', 'ÄRR')).toEqual(['Eero Ärrä']);
    expect(await matching('lastname', 'eq', 'ÄRMÄ')).toEqual(['Kalle ärmä']);
    expect(await matching('lastname', 'eq', 'öhman')).toEqual(['Olli Öhman']);
    expect(await matching('lastname', 'contains', 'Ö')).toEqual(['Yrjö Ylönen', 'Olli Öhman']);
    expect(await matching('firstname', 'contains', 'åR')).toEqual([]);
    expect(await matching('firstname', 'eq', 'ÄRLA')).toEqual(['Ärla Virtanen']);
    expect(await matching('lastname', 'contains', 'AALTO')).toEqual(['Paula aalto', 'Pekka Aalto']);
    expect(await matching('fullname_', 'contains', 'ANNA ÅB')).toEqual(['Anna Åberg']);
  });

  it('treats accents as significant on both databases: é is not e, ä is not a', async () => {
    expect(await matching('lastname', 'eq', 'ÉCLAIR')).toEqual(['Émile Éclair']);
    expect(await matching('lastname', 'eq', 'eclair')).toEqual([]);
    expect(await matching('lastname', 'contains', 'arr')).toEqual([]);
    expect(await matching('lastname', 'contains', 'mul')).toEqual([]);
    expect(await matching('lastname', 'contains', 'MÜL')).toEqual(['Hans Müller']);
  });
});
