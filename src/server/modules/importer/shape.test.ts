import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The importer keeps the shape every area has: SQL only in repository files, a user action's
// transaction (and its log line) only through act(), and files small enough to read.

const dir = path.dirname(new URL(import.meta.url).pathname);
const sources = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));

describe('importer module shape', () => {
  it('has SQL only in repository files', () => {
    const offenders = sources.filter((s) => !/^(repo|[\w-]+-repo)\.ts$/.test(s.file) && /\b(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/.test(s.text)).map((s) => s.file);
    expect(offenders).toEqual([]);
  });

  it('opens transactions and writes log lines only through act()', () => {
    const offenders = sources.filter((s) => /\.transaction\(\)|\bappend\(trx/.test(s.text)).map((s) => s.file);
    expect(offenders).toEqual([]);
  });

  it('keeps every file under 300 lines', () => {
    const long = sources.filter((s) => s.text.split('\n').length > 300).map((s) => s.file);
    expect(long).toEqual([]);
  });
});
