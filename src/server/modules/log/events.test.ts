import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOG_EVENT_GROUPS, LOG_EVENTS } from '../../../shared/constants';
import { catalogues } from '../../../shared/i18n';

// LOG_EVENTS is what the log page filters by: it must name every event the server writes,
// and each must have a label in every language.

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** `event: 'name'` literals, and `event: \`members_${kind}\`` expanded by the kinds the code passes. */
function writtenEvents(): string[] {
  const found = new Set<string>();
  for (const file of sources('src/server')) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/event: '([a-z_]+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/\bact\([^()]*?'([a-z_]+)',/g)) found.add(m[1]!);
    for (const m of text.matchAll(/event: `([a-z_]*)\$\{(\w+)\}`/g)) {
      // The variable's values: the quoted strings of its declaration in the same file.
      const assigned = new RegExp(`\\b(?:const|let)\\s+${m[2]!}\\s*=\\s*[^;]*;`, 'g');
      for (const a of text.matchAll(assigned)) for (const k of a[0].matchAll(/'([a-z_]+)'/g)) found.add(m[1]! + k[1]!);
    }
  }
  return [...found].sort();
}

describe('log events', () => {
  it('LOG_EVENTS names every event the server writes', () => {
    const written = writtenEvents();
    expect(written).toEqual(expect.arrayContaining(['members_bulkremove', 'members_bulkrestore', 'login', 'settings_changed']));
    expect(written.filter((e) => !(LOG_EVENTS as readonly string[]).includes(e))).toEqual([]);
  });

  it('lists each event once', () => {
    expect(new Set(LOG_EVENTS).size).toBe(LOG_EVENTS.length);
    expect(LOG_EVENTS.length).toBe(Object.values(LOG_EVENT_GROUPS).reduce((n, g) => n + g.length, 0));
  });

  it('has a label for every event and group in every language', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const keys = new Set(Object.keys(catalogue));
      const missing = [...LOG_EVENTS.map((e) => `log.event.${e}`), ...Object.keys(LOG_EVENT_GROUPS).map((g) => `log.group.${g}`)].filter((k) => !keys.has(k));
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });
});
