import type { RawBuilder, SqlBool } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testApp, testDialect } from '../../test/harness';
import { readByIds } from './repo';

// How many statements a bulk read of members by id takes: ids lying close together are read
// as ranges, 2 000 a statement on PostgreSQL (each statement a round trip) and 500 on SQLite
// (whose reads hold the event loop); scattered ids are read 500 a statement as lists.

describe(`members read by id in chunks (${testDialect})`, () => {
  it('reads close ids as ranges, larger on PostgreSQL, and scattered ids as lists of 500', async () => {
    const t = await testApp();
    try {
      const asked: string[] = [];
      const read = async (where: RawBuilder<SqlBool>) => {
        asked.push(where.compile(t.deps.db).sql);
        return [] as { id: number }[];
      };
      const close = Array.from({ length: 5_000 }, (_, i) => 1_000 + i);
      await readByIds(t.deps.db, close, 'id', read);
      expect(asked).toHaveLength(testDialect === 'postgres' ? 3 : 10);
      expect(asked.every((q) => !q.includes(' in ('))).toBe(true);

      asked.length = 0;
      const scattered = Array.from({ length: 1_200 }, (_, i) => 1 + i * 97);
      await readByIds(t.deps.db, scattered, 'id', read);
      expect(asked).toHaveLength(3);
      expect(asked.every((q) => q.includes(' in ('))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
