import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byNameKeys } from './list-repo';

// Quick search orders its few matches itself from their sort keys: it must agree with SQLite's
// ORDER BY sort_lastname, sort_firstname, id, characters above U+FFFF and missing keys included.

describe('byNameKeys', () => {
  it("orders as SQLite's ORDER BY does", () => {
    const db = new Database(':memory:');
    db.exec('create table k (id integer primary key, a text, b text)');
    const key = fc.option(fc.string({ unit: fc.constantFrom('a', 'ä', 'z', '\u0001', '\u0002', '\uffff', '\ue000', '😀', '𝔸', ' '), maxLength: 4 }), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.record({ a: key, b: key }), { maxLength: 30 }), (rows) => {
        db.exec('delete from k');
        const insert = db.prepare('insert into k (id, a, b) values (?, ?, ?)');
        const withIds = rows.map((r, i) => ({ id: i + 1, ...r }));
        for (const r of withIds) insert.run(r.id, r.a, r.b);
        const sqlite = (db.prepare('select id from k order by a, b, id').all() as { id: number }[]).map((r) => r.id);
        expect(byNameKeys([...withIds].reverse())).toEqual(sqlite);
      }),
      { numRuns: 300 },
    );
  });
});
