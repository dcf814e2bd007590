import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What the entry (main.tsx) imports statically is in every first load, the login page's
// included. The whole settings contract and the schemas it pulls in (member card design,
// message prices, members and their filters) are built when their modules are evaluated:
// about 100 ms of a cold load on a slow machine, for schemas the first page does not use.
// Pages that need them load them with their own chunk.

const WEB = path.dirname(new URL(import.meta.url).pathname);
const SRC = path.resolve(WEB, '..');

/** Relative modules imported for their values (not `import type`), not counting `import()`. */
function staticImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
    const base = path.resolve(path.dirname(file), m[1]!);
    const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (hit) found.push(hit);
  }
  return found;
}

/** Every module the entry reaches through static imports. */
function firstLoad(entry: string): Set<string> {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const next of staticImports(queue.shift()!)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('the first load', () => {
  const modules = [...firstLoad(path.join(WEB, 'main.tsx'))].map((f) => path.relative(SRC, f));

  it('reaches the app shell', () => {
    // The walk itself works: the router, the layout and the member settings are in it.
    expect(modules).toEqual(expect.arrayContaining(['web/router.tsx', 'web/layout/AppLayout.tsx', 'shared/schemas/memberSettings.ts']));
  });

  it('builds none of the schemas only some pages use', () => {
    for (const heavy of ['shared/schemas/settings.ts', 'shared/schemas/membercard.ts', 'shared/schemas/messages.ts', 'shared/schemas/members.ts', 'shared/messages/prices.ts']) {
      expect(modules, heavy).not.toContain(heavy);
    }
  });
});
