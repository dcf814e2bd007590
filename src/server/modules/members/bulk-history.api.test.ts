import { beforeAll, describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeField } from '../../test/factories';

// A bulk edit's member history is made by the database when every item reads as stored
// (columns, flags, groups, text values: history/repo.ts appendFromBatch) and here otherwise
// (a date among them). Both ways give each changed member the same entry, in the items'
// order, and a member the edit did not change none.

describe(`member history of a bulk edit (${testDialect})`, () => {
  const { admin } = adminContext();
  const sets = { sql: [] as number[], js: [] as number[] };

  beforeAll(async () => {
    await makeField(admin, { name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', visibility: 2, options: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] });
    await makeField(admin, { name: 'seura', label: 'Seura "koti"', type: 'text', visibility: 2 });
    await makeField(admin, { name: 'tarkastettu', label: 'Tarkastettu', type: 'date', visibility: 2 });
    await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    const people = [
      { seura: 'Ilves', jasenlaji: 'n', kuoro: false, address_city: '', active: true, board: false },
      { seura: '', jasenlaji: '', kuoro: true, address_city: 'Oulu', active: false, board: true },
      // Already as the edit leaves them: no entry.
      { seura: 'Kärpät\n"ä"', jasenlaji: 'a', kuoro: true, address_city: 'Kuopio', active: true, board: true, tarkastettu: '2026-01-31' },
    ];
    for (const [key, lastname] of [
      ['sql', 'Kanta'],
      ['js', 'Skripti'],
    ] as const) {
      for (const [i, p] of people.entries()) {
        const r = await admin.post('/api/1/members/new', { firstname: `Henkilö${i}`, lastname, ...p });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        sets[key].push(r.body.id as number);
      }
    }
  });

  const edit = async (lastname: string, extra: Record<string, unknown> = {}) => {
    const data = { seura: 'Kärpät\n"ä"', jasenlaji: 'a', kuoro: true, address_city: 'Kuopio', active: true, board: true, ...extra };
    const r = await admin.post('/api/1/members/bulkupdate', { filter: [{ field: 'lastname', verb: 'eq', value: lastname }], data });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  const latest = async (id: number) => {
    const entries = (await admin.post('/api/1/members/get_history', { id })).body as { context: string; data: { field: string }[] }[];
    return entries.filter((e) => e.context === 'PersonUpdate');
  };

  it('gives each changed member one entry in the items’ order, the same whether the database or the server makes it', async () => {
    await edit('Kanta');
    await edit('Skripti', { tarkastettu: '2026-01-31' });
    const [first, second] = [await latest(sets.sql[0]!), await latest(sets.sql[1]!)];
    expect(first).toHaveLength(1);
    expect(first[0]!.data).toEqual([
      { field: 'seura', label: 'Seura "koti"', old: 'Ilves', new: 'Kärpät\n"ä"' },
      { field: 'jasenlaji', label: 'Jäsenlaji', old: 'n', new: 'a' },
      { field: 'kuoro', label: 'Kuoro', old: false, new: true },
      { field: 'address_city', label: 'Postitoimipaikka', old: null, new: 'Kuopio' },
      { field: 'board', label: 'Hallitus', old: false, new: true },
    ]);
    expect(second[0]!.data).toEqual([
      { field: 'seura', label: 'Seura "koti"', old: null, new: 'Kärpät\n"ä"' },
      { field: 'jasenlaji', label: 'Jäsenlaji', old: null, new: 'a' },
      { field: 'address_city', label: 'Postitoimipaikka', old: 'Oulu', new: 'Kuopio' },
      { field: 'active', label: 'Aktiivinen', old: false, new: true },
    ]);
    expect(await latest(sets.sql[2]!)).toEqual([]);
    // The same people edited with a date among the items: entries made here, the date last.
    for (const [i, id] of sets.js.entries()) {
      const made = (await latest(id)).map((e) => e.data.filter((d) => d.field !== 'tarkastettu'));
      expect(made).toEqual((await latest(sets.sql[i]!)).map((e) => e.data));
    }
  });
});
