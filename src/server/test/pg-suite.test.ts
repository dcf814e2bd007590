import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The PostgreSQL run takes only *.api.test.ts files and src/server/db/ (vitest.config.ts
// PG_SUITE). A test that opens a database under another name would silently run on SQLite
// only; this keeps every such test in the PostgreSQL run.

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the PostgreSQL suite', () => {
  it('holds every server test that opens a database', () => {
    const root = path.resolve('src/server');
    const outside = testFiles(root)
      .filter((f) => !f.endsWith('.api.test.ts') && !f.includes(`${path.sep}db${path.sep}`) && !f.endsWith('pg-suite.test.ts'))
      .filter((f) => /\btestApp\(|\bopenTestDb\(|SEURA_TEST_PG_URL/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(outside).toEqual([]);
  });
});
