import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachingStatements } from './statementCache';

describe('cachingStatements', () => {
  const open = (size?: number) => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (x integer)');
    sqlite.exec('insert into t values (1), (2), (3)');
    return { sqlite, db: cachingStatements(sqlite, size) };
  };

  it('gives the same statement for the same text, a new one for another', () => {
    const { db } = open();
    const a = db.prepare('select x from t order by x');
    expect(db.prepare('select x from t order by x')).toBe(a);
    expect(db.prepare('select x from t where x > ?')).not.toBe(a);
    expect(db.cached).toBe(2);
  });

  it('prepares anew while the kept statement is in the middle of an iteration', () => {
    const { db } = open();
    const a = db.prepare('select x from t order by x');
    const rows = a.iterate([]);
    expect(rows.next().value).toEqual({ x: 1 });
    const b = db.prepare('select x from t order by x');
    expect(b).not.toBe(a);
    expect(b.all([])).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
    expect([...rows]).toEqual([{ x: 2 }, { x: 3 }]);
  });

  it('keeps the most recently used up to its size', () => {
    const { db } = open(2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3');
    expect(db.cached).toBe(2);
    // "select 2" was the least recently used: it went.
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
  });

  it('keeps nothing of a text that does not prepare, and a kept statement survives a schema change', () => {
    const { sqlite, db } = open();
    expect(() => db.prepare('select nothing from nowhere')).toThrow();
    expect(db.cached).toBe(0);
    const all = db.prepare('select * from t');
    sqlite.exec('alter table t add column y text');
    sqlite.exec("insert into t values (4, 'neljä')");
    expect(db.prepare('select * from t')).toBe(all);
    expect(all.all([]).at(-1)).toEqual({ x: 4, y: 'neljä' });
  });
});
