import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fi from './fi';

// Every message key the server or the shared schemas can send must have a Finnish text.
const ROOTS = ['src/server', 'src/shared/fields', 'src/shared/schemas'];
const KEY = /'((?:_validation|fields|groups|settings|members|login)_[a-z0-9_]+|value_too_(?:large|small)|insufficient_password_strength|passwords_dont_match)'/g;
// Lines naming things that only look like keys: log events (`event:`, or act()'s event argument), indexes, user-data keys, tables.
const NOT_A_KEY = /event:|\bact\(|createIndex|\.where\(|\.on\(|key: '|sql`|from\('|into\('|table\('|RateTable|(?:recordAt|countSince)\(/i;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

describe('message keys', () => {
  it('have a Finnish text for every key used in server and shared code', () => {
    const used = new Set<string>();
    for (const file of ROOTS.flatMap(sources)) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (NOT_A_KEY.test(line)) continue;
        for (const m of line.matchAll(KEY)) used.add(m[1]!);
      }
    }
    const missing = [...used].filter((k) => !(k in fi)).sort();
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(30);
  });
});
